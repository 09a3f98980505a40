// Original file: protos/cfs/account/v1/account.proto


export interface CreateSiteRequest {
  'customerId'?: (string);
  'name'?: (string);
  'url'?: (string);
}

export interface CreateSiteRequest__Output {
  'customerId': (string);
  'name': (string);
  'url': (string);
}
