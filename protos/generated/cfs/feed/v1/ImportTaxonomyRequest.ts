// Original file: protos/cfs/feed/v1/feed.proto

import type { Category as _cfs_feed_v1_Category, Category__Output as _cfs_feed_v1_Category__Output } from '../../../cfs/feed/v1/Category.js';

export interface ImportTaxonomyRequest {
  'categories'?: (_cfs_feed_v1_Category)[];
}

export interface ImportTaxonomyRequest__Output {
  'categories': (_cfs_feed_v1_Category__Output)[];
}
