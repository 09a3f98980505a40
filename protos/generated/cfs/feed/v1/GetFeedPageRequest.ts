// Original file: protos/cfs/feed/v1/feed.proto

import type { FeedCursor as _cfs_feed_v1_FeedCursor, FeedCursor__Output as _cfs_feed_v1_FeedCursor__Output } from '../../../cfs/feed/v1/FeedCursor.js';
import type { CategoryKeys as _cfs_feed_v1_CategoryKeys, CategoryKeys__Output as _cfs_feed_v1_CategoryKeys__Output } from '../../../cfs/feed/v1/CategoryKeys.js';

/**
 * Asks for one page of a Site's feed.
 */
export interface GetFeedPageRequest {
  /**
   * The Site (`site_…`) whose subscriptions to read; empty when categories is set.
   */
  'siteId'?: (string);
  /**
   * The most articles on the page: 1 to 100 (the public API's default is 20).
   */
  'limit'?: (number);
  /**
   * Superseded by `after`; a request that sets it is INVALID_ARGUMENT.
   * @deprecated
   */
  'cursor'?: (string);
  /**
   * Where the page starts (exclusive); absent for the first page.
   */
  'after'?: (_cfs_feed_v1_FeedCursor | null);
  /**
   * Read the page of these categories instead of a Site's subscriptions: the gateway caches pages
   * by subscription set, so Sites with the same set share a page. Exactly one of site_id and
   * categories is set.
   */
  'categories'?: (_cfs_feed_v1_CategoryKeys | null);
  '_cursor'?: "cursor";
  '_after'?: "after";
  '_categories'?: "categories";
}

/**
 * Asks for one page of a Site's feed.
 */
export interface GetFeedPageRequest__Output {
  /**
   * The Site (`site_…`) whose subscriptions to read; empty when categories is set.
   */
  'siteId': (string);
  /**
   * The most articles on the page: 1 to 100 (the public API's default is 20).
   */
  'limit': (number);
  /**
   * Superseded by `after`; a request that sets it is INVALID_ARGUMENT.
   * @deprecated
   */
  'cursor'?: (string);
  /**
   * Where the page starts (exclusive); absent for the first page.
   */
  'after'?: (_cfs_feed_v1_FeedCursor__Output | null);
  /**
   * Read the page of these categories instead of a Site's subscriptions: the gateway caches pages
   * by subscription set, so Sites with the same set share a page. Exactly one of site_id and
   * categories is set.
   */
  'categories'?: (_cfs_feed_v1_CategoryKeys__Output | null);
  '_cursor'?: "cursor";
  '_after'?: "after";
  '_categories'?: "categories";
}
