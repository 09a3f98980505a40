// Original file: protos/cfs/identity/v1/identity.proto


export interface RevokeCredentialRequest {
  'credentialId'?: (string);
  'siteId'?: (string);
  'customerId'?: (string);
}

export interface RevokeCredentialRequest__Output {
  'credentialId': (string);
  'siteId': (string);
  'customerId': (string);
}
