// Original file: protos/cfs/account/v1/account.proto


export interface Site {
  'id'?: (string);
  'customerId'?: (string);
  'name'?: (string);
  'url'?: (string);
  'plan'?: (string);
  'createdAt'?: (string);
  'updatedAt'?: (string);
}

export interface Site__Output {
  'id': (string);
  'customerId': (string);
  'name': (string);
  'url': (string);
  'plan': (string);
  'createdAt': (string);
  'updatedAt': (string);
}
