// Original file: protos/cfs/account/v1/account.proto

import type { Customer as _cfs_account_v1_Customer, Customer__Output as _cfs_account_v1_Customer__Output } from '../../../cfs/account/v1/Customer.js';

/**
 * The Customer asked for.
 */
export interface GetCustomerResponse {
  /**
   * The Customer; always set.
   */
  'customer'?: (_cfs_account_v1_Customer | null);
}

/**
 * The Customer asked for.
 */
export interface GetCustomerResponse__Output {
  /**
   * The Customer; always set.
   */
  'customer': (_cfs_account_v1_Customer__Output | null);
}
