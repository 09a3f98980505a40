// Original file: protos/cfs/account/v1/account.proto


export interface SetSitePlanRequest {
  'siteId'?: (string);
  'plan'?: (string);
}

export interface SetSitePlanRequest__Output {
  'siteId': (string);
  'plan': (string);
}
