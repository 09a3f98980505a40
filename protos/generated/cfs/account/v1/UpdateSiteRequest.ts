// Original file: protos/cfs/account/v1/account.proto


export interface UpdateSiteRequest {
  'customerId'?: (string);
  'siteId'?: (string);
  'name'?: (string);
  'url'?: (string);
}

export interface UpdateSiteRequest__Output {
  'customerId': (string);
  'siteId': (string);
  'name': (string);
  'url': (string);
}
