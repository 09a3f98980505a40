// Original file: protos/cfs/identity/v1/identity.proto


export interface CreateConnectionCodeRequest {
  'siteId'?: (string);
  'customerId'?: (string);
  'expiresInSeconds'?: (number);
}

export interface CreateConnectionCodeRequest__Output {
  'siteId': (string);
  'customerId': (string);
  'expiresInSeconds': (number);
}
