// Original file: protos/cfs/account/v1/account.proto

import type { Site as _cfs_account_v1_Site, Site__Output as _cfs_account_v1_Site__Output } from '../../../cfs/account/v1/Site.js';

/**
 * The Site with its plan: the new one, or the one it keeps when the change was stale.
 */
export interface SetSitePlanResponse {
  /**
   * The updated Site; always set.
   */
  'site'?: (_cfs_account_v1_Site | null);
}

/**
 * The Site with its plan: the new one, or the one it keeps when the change was stale.
 */
export interface SetSitePlanResponse__Output {
  /**
   * The updated Site; always set.
   */
  'site': (_cfs_account_v1_Site__Output | null);
}
