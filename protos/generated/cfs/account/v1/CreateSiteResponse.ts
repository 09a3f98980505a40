// Original file: protos/cfs/account/v1/account.proto

import type { Site as _cfs_account_v1_Site, Site__Output as _cfs_account_v1_Site__Output } from '../../../cfs/account/v1/Site.js';

/**
 * The Site created.
 */
export interface CreateSiteResponse {
  /**
   * The new Site (`site_…`), on the catalog's default plan; always set.
   */
  'site'?: (_cfs_account_v1_Site | null);
}

/**
 * The Site created.
 */
export interface CreateSiteResponse__Output {
  /**
   * The new Site (`site_…`), on the catalog's default plan; always set.
   */
  'site': (_cfs_account_v1_Site__Output | null);
}
