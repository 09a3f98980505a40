// Original file: protos/cfs/account/v1/account.proto


export interface ResolveSiteRequest {
  'siteId'?: (string);
}

export interface ResolveSiteRequest__Output {
  'siteId': (string);
}
