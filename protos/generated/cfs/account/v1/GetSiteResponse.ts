// Original file: protos/cfs/account/v1/account.proto

import type { Site as _cfs_account_v1_Site, Site__Output as _cfs_account_v1_Site__Output } from '../../../cfs/account/v1/Site.js';
import type { Plan as _cfs_account_v1_Plan, Plan__Output as _cfs_account_v1_Plan__Output } from '../../../cfs/account/v1/Plan.js';

/**
 * The Site asked for and its plan.
 */
export interface GetSiteResponse {
  /**
   * The Site; always set.
   */
  'site'?: (_cfs_account_v1_Site | null);
  /**
   * The catalog entry of the Site's plan; always set (without capabilities when the plan id has
   * left the catalog).
   */
  'plan'?: (_cfs_account_v1_Plan | null);
}

/**
 * The Site asked for and its plan.
 */
export interface GetSiteResponse__Output {
  /**
   * The Site; always set.
   */
  'site': (_cfs_account_v1_Site__Output | null);
  /**
   * The catalog entry of the Site's plan; always set (without capabilities when the plan id has
   * left the catalog).
   */
  'plan': (_cfs_account_v1_Plan__Output | null);
}
