// Original file: protos/cfs/account/v1/account.proto

import type { Customer as _cfs_account_v1_Customer, Customer__Output as _cfs_account_v1_Customer__Output } from '../../../cfs/account/v1/Customer.js';

/**
 * The Customer after the update.
 */
export interface UpdateCustomerResponse {
  /**
   * The updated Customer; always set.
   */
  'customer'?: (_cfs_account_v1_Customer | null);
}

/**
 * The Customer after the update.
 */
export interface UpdateCustomerResponse__Output {
  /**
   * The updated Customer; always set.
   */
  'customer': (_cfs_account_v1_Customer__Output | null);
}
