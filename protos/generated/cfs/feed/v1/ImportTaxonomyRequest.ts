// Original file: protos/cfs/feed/v1/feed.proto

import type { Category as _cfs_feed_v1_Category, Category__Output as _cfs_feed_v1_Category__Output } from '../../../cfs/feed/v1/Category.js';

/**
 * A taxonomy to merge into the current one.
 */
export interface ImportTaxonomyRequest {
  /**
   * The categories to add or update (each with all its topics), at most 1000.
   */
  'categories'?: (_cfs_feed_v1_Category)[];
}

/**
 * A taxonomy to merge into the current one.
 */
export interface ImportTaxonomyRequest__Output {
  /**
   * The categories to add or update (each with all its topics), at most 1000.
   */
  'categories': (_cfs_feed_v1_Category__Output)[];
}
