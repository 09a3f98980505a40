// Original file: protos/cfs/seo/v1/seo.proto

import type { SeoProfile as _cfs_seo_v1_SeoProfile, SeoProfile__Output as _cfs_seo_v1_SeoProfile__Output } from '../../../cfs/seo/v1/SeoProfile.js';

export interface ReplaceProfileResponse {
  'profile'?: (_cfs_seo_v1_SeoProfile | null);
}

export interface ReplaceProfileResponse__Output {
  'profile': (_cfs_seo_v1_SeoProfile__Output | null);
}
