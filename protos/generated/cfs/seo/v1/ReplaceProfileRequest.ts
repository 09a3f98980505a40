// Original file: protos/cfs/seo/v1/seo.proto

import type { SeoProfile as _cfs_seo_v1_SeoProfile, SeoProfile__Output as _cfs_seo_v1_SeoProfile__Output } from '../../../cfs/seo/v1/SeoProfile.js';

/**
 * Replaces a Site's profile.
 */
export interface ReplaceProfileRequest {
  /**
   * The Site (`site_…`).
   */
  'siteId'?: (string);
  /**
   * The whole new profile (text fields trimmed, no control characters); updated_at is ignored.
   */
  'profile'?: (_cfs_seo_v1_SeoProfile | null);
}

/**
 * Replaces a Site's profile.
 */
export interface ReplaceProfileRequest__Output {
  /**
   * The Site (`site_…`).
   */
  'siteId': (string);
  /**
   * The whole new profile (text fields trimmed, no control characters); updated_at is ignored.
   */
  'profile': (_cfs_seo_v1_SeoProfile__Output | null);
}
