// Original file: protos/cfs/account/v1/account.proto


export interface GetSiteRequest {
  'customerId'?: (string);
  'siteId'?: (string);
}

export interface GetSiteRequest__Output {
  'customerId': (string);
  'siteId': (string);
}
