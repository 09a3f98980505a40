// Original file: protos/cfs/identity/v1/identity.proto


export interface RedeemConnectionCodeRequest {
  'code'?: (string);
}

export interface RedeemConnectionCodeRequest__Output {
  'code': (string);
}
