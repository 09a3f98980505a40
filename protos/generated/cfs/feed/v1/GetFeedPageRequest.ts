// Original file: protos/cfs/feed/v1/feed.proto

import type { FeedCursor as _cfs_feed_v1_FeedCursor, FeedCursor__Output as _cfs_feed_v1_FeedCursor__Output } from '../../../cfs/feed/v1/FeedCursor.js';

/**
 * Asks for one page of a Site's feed.
 */
export interface GetFeedPageRequest {
  /**
   * The Site (`site_…`).
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
  '_cursor'?: "cursor";
  '_after'?: "after";
}

/**
 * Asks for one page of a Site's feed.
 */
export interface GetFeedPageRequest__Output {
  /**
   * The Site (`site_…`).
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
  '_cursor'?: "cursor";
  '_after'?: "after";
}
