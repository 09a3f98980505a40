// Original file: protos/cfs/seo/v1/seo.proto

import type { SeoProfile as _cfs_seo_v1_SeoProfile, SeoProfile__Output as _cfs_seo_v1_SeoProfile__Output } from '../../../cfs/seo/v1/SeoProfile.js';

/**
 * The Site's profile.
 */
export interface GetProfileResponse {
  /**
   * The profile; always set.
   */
  'profile'?: (_cfs_seo_v1_SeoProfile | null);
}

/**
 * The Site's profile.
 */
export interface GetProfileResponse__Output {
  /**
   * The profile; always set.
   */
  'profile': (_cfs_seo_v1_SeoProfile__Output | null);
}
