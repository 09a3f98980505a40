// Original file: protos/cfs/identity/v1/identity.proto


export interface ListCredentialsRequest {
  'siteId'?: (string);
  'customerId'?: (string);
}

export interface ListCredentialsRequest__Output {
  'siteId': (string);
  'customerId': (string);
}
