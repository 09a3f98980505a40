// Original file: protos/cfs/identity/v1/identity.proto


export interface CreateConnectionCodeResponse {
  'code'?: (string);
  'expiresAt'?: (string);
}

export interface CreateConnectionCodeResponse__Output {
  'code': (string);
  'expiresAt': (string);
}
