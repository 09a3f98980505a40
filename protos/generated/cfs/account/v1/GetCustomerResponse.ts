// Original file: protos/cfs/account/v1/account.proto

import type { Customer as _cfs_account_v1_Customer, Customer__Output as _cfs_account_v1_Customer__Output } from '../../../cfs/account/v1/Customer.js';

export interface GetCustomerResponse {
  'customer'?: (_cfs_account_v1_Customer | null);
}

export interface GetCustomerResponse__Output {
  'customer': (_cfs_account_v1_Customer__Output | null);
}
