// Original file: protos/cfs/identity/v1/identity.proto


export interface AuthenticateRequest {
  'token'?: (string);
}

export interface AuthenticateRequest__Output {
  'token': (string);
}
