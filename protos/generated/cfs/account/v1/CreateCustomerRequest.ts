// Original file: protos/cfs/account/v1/account.proto


export interface CreateCustomerRequest {
  'name'?: (string);
  'email'?: (string);
  'plan'?: (string);
  'siteName'?: (string);
  'siteUrl'?: (string);
}

export interface CreateCustomerRequest__Output {
  'name': (string);
  'email': (string);
  'plan': (string);
  'siteName': (string);
  'siteUrl': (string);
}
