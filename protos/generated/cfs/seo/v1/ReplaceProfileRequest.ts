// Original file: protos/cfs/seo/v1/seo.proto

import type { SeoProfile as _cfs_seo_v1_SeoProfile, SeoProfile__Output as _cfs_seo_v1_SeoProfile__Output } from '../../../cfs/seo/v1/SeoProfile.js';

export interface ReplaceProfileRequest {
  'siteId'?: (string);
  'profile'?: (_cfs_seo_v1_SeoProfile | null);
}

export interface ReplaceProfileRequest__Output {
  'siteId': (string);
  'profile': (_cfs_seo_v1_SeoProfile__Output | null);
}
