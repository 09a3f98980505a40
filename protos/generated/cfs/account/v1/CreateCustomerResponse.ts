// Original file: protos/cfs/account/v1/account.proto

import type { Customer as _cfs_account_v1_Customer, Customer__Output as _cfs_account_v1_Customer__Output } from '../../../cfs/account/v1/Customer.js';
import type { Site as _cfs_account_v1_Site, Site__Output as _cfs_account_v1_Site__Output } from '../../../cfs/account/v1/Site.js';

/**
 * The Customer and the Site created.
 */
export interface CreateCustomerResponse {
  /**
   * The new Customer (`cus_…`); always set.
   */
  'customer'?: (_cfs_account_v1_Customer | null);
  /**
   * Its first Site (`site_…`); always set.
   */
  'site'?: (_cfs_account_v1_Site | null);
}

/**
 * The Customer and the Site created.
 */
export interface CreateCustomerResponse__Output {
  /**
   * The new Customer (`cus_…`); always set.
   */
  'customer': (_cfs_account_v1_Customer__Output | null);
  /**
   * Its first Site (`site_…`); always set.
   */
  'site': (_cfs_account_v1_Site__Output | null);
}
