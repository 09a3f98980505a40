// Original file: protos/cfs/account/v1/account.proto


export interface UpdateCustomerRequest {
  'customerId'?: (string);
  'name'?: (string);
  'email'?: (string);
}

export interface UpdateCustomerRequest__Output {
  'customerId': (string);
  'name': (string);
  'email': (string);
}
