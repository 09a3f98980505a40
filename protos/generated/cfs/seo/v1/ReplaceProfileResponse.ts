// Original file: protos/cfs/seo/v1/seo.proto

import type { SeoProfile as _cfs_seo_v1_SeoProfile, SeoProfile__Output as _cfs_seo_v1_SeoProfile__Output } from '../../../cfs/seo/v1/SeoProfile.js';

/**
 * The profile as stored.
 */
export interface ReplaceProfileResponse {
  /**
   * The stored profile with its new updated_at; always set.
   */
  'profile'?: (_cfs_seo_v1_SeoProfile | null);
}

/**
 * The profile as stored.
 */
export interface ReplaceProfileResponse__Output {
  /**
   * The stored profile with its new updated_at; always set.
   */
  'profile': (_cfs_seo_v1_SeoProfile__Output | null);
}
