// Original file: protos/cfs/account/v1/account.proto

import type { AiSite as _cfs_account_v1_AiSite, AiSite__Output as _cfs_account_v1_AiSite__Output } from '../../../cfs/account/v1/AiSite.js';

/**
 * The Sites that get AI generation, in id order.
 */
export interface ListAiSitesResponse {
  /**
   * The Sites, in id order.
   */
  'sites'?: (_cfs_account_v1_AiSite)[];
}

/**
 * The Sites that get AI generation, in id order.
 */
export interface ListAiSitesResponse__Output {
  /**
   * The Sites, in id order.
   */
  'sites': (_cfs_account_v1_AiSite__Output)[];
}
