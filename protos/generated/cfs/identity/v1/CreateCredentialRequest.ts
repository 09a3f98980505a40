// Original file: protos/cfs/identity/v1/identity.proto


export interface CreateCredentialRequest {
  'siteId'?: (string);
  'customerId'?: (string);
  'name'?: (string);
  'scopes'?: (string)[];
  'audience'?: (string);
  'expiresAt'?: (string);
  'issuerCredentialId'?: (string);
  '_expiresAt'?: "expiresAt";
  '_issuerCredentialId'?: "issuerCredentialId";
}

export interface CreateCredentialRequest__Output {
  'siteId': (string);
  'customerId': (string);
  'name': (string);
  'scopes': (string)[];
  'audience': (string);
  'expiresAt'?: (string);
  'issuerCredentialId'?: (string);
  '_expiresAt'?: "expiresAt";
  '_issuerCredentialId'?: "issuerCredentialId";
}
