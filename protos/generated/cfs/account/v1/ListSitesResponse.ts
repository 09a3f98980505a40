// Original file: protos/cfs/account/v1/account.proto

import type { Site as _cfs_account_v1_Site, Site__Output as _cfs_account_v1_Site__Output } from '../../../cfs/account/v1/Site.js';

/**
 * The Sites of the Customer.
 */
export interface ListSitesResponse {
  /**
   * The Customer's Sites, oldest first; empty when it has none.
   */
  'sites'?: (_cfs_account_v1_Site)[];
}

/**
 * The Sites of the Customer.
 */
export interface ListSitesResponse__Output {
  /**
   * The Customer's Sites, oldest first; empty when it has none.
   */
  'sites': (_cfs_account_v1_Site__Output)[];
}
