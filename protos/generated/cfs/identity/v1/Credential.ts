// Original file: protos/cfs/identity/v1/identity.proto


export interface Credential {
  'id'?: (string);
  'siteId'?: (string);
  'customerId'?: (string);
  'name'?: (string);
  'scopes'?: (string)[];
  'audience'?: (string);
  'expiresAt'?: (string);
  'revokedAt'?: (string);
  'createdAt'?: (string);
  '_expiresAt'?: "expiresAt";
  '_revokedAt'?: "revokedAt";
}

export interface Credential__Output {
  'id': (string);
  'siteId': (string);
  'customerId': (string);
  'name': (string);
  'scopes': (string)[];
  'audience': (string);
  'expiresAt'?: (string);
  'revokedAt'?: (string);
  'createdAt': (string);
  '_expiresAt'?: "expiresAt";
  '_revokedAt'?: "revokedAt";
}
