// Original file: protos/cfs/account/v1/account.proto


export interface Customer {
  'id'?: (string);
  'name'?: (string);
  'email'?: (string);
  'createdAt'?: (string);
  'updatedAt'?: (string);
}

export interface Customer__Output {
  'id': (string);
  'name': (string);
  'email': (string);
  'createdAt': (string);
  'updatedAt': (string);
}
