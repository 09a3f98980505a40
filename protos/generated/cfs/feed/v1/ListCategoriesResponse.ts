// Original file: protos/cfs/feed/v1/feed.proto

import type { Category as _cfs_feed_v1_Category, Category__Output as _cfs_feed_v1_Category__Output } from '../../../cfs/feed/v1/Category.js';

/**
 * The taxonomy.
 */
export interface ListCategoriesResponse {
  /**
   * Every category, in the taxonomy's order (import order, then key).
   */
  'categories'?: (_cfs_feed_v1_Category)[];
}

/**
 * The taxonomy.
 */
export interface ListCategoriesResponse__Output {
  /**
   * Every category, in the taxonomy's order (import order, then key).
   */
  'categories': (_cfs_feed_v1_Category__Output)[];
}
