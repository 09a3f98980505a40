// Original file: protos/cfs/feed/v1/feed.proto

import type { Article as _cfs_feed_v1_Article, Article__Output as _cfs_feed_v1_Article__Output } from '../../../cfs/feed/v1/Article.js';
import type { FeedCursor as _cfs_feed_v1_FeedCursor, FeedCursor__Output as _cfs_feed_v1_FeedCursor__Output } from '../../../cfs/feed/v1/FeedCursor.js';

/**
 * One page of a feed.
 */
export interface GetFeedPageResponse {
  /**
   * The page's articles, newest first (published_at, then id, descending); empty past the end or
   * for a Site without subscriptions.
   */
  'articles'?: (_cfs_feed_v1_Article)[];
  /**
   * Superseded by `next`; never set.
   * @deprecated
   */
  'nextCursor'?: (string);
  /**
   * Where the next page starts; absent on the last page.
   */
  'next'?: (_cfs_feed_v1_FeedCursor | null);
  '_nextCursor'?: "nextCursor";
  '_next'?: "next";
}

/**
 * One page of a feed.
 */
export interface GetFeedPageResponse__Output {
  /**
   * The page's articles, newest first (published_at, then id, descending); empty past the end or
   * for a Site without subscriptions.
   */
  'articles': (_cfs_feed_v1_Article__Output)[];
  /**
   * Superseded by `next`; never set.
   * @deprecated
   */
  'nextCursor'?: (string);
  /**
   * Where the next page starts; absent on the last page.
   */
  'next'?: (_cfs_feed_v1_FeedCursor__Output | null);
  '_nextCursor'?: "nextCursor";
  '_next'?: "next";
}
