// Original file: protos/cfs/account/v1/account.proto


export interface GetCustomerRequest {
  'customerId'?: (string);
}

export interface GetCustomerRequest__Output {
  'customerId': (string);
}
