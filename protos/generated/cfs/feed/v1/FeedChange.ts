// Original file: protos/cfs/feed/v1/feed.proto

import type { Article as _cfs_feed_v1_Article, Article__Output as _cfs_feed_v1_Article__Output } from '../../../cfs/feed/v1/Article.js';

/**
 * One change of a Site's feed.
 */
export interface FeedChange {
  /**
   * Set for an upsert: the article as it is now.
   */
  'article'?: (_cfs_feed_v1_Article | null);
  /**
   * Set for a delete: the article that left the feed.
   */
  'deletedId'?: (string);
  /**
   * For a delete: `removed` (the article was removed) or `unsubscribed` (it is no longer in the
   * Site's subscribed categories).
   */
  'reason'?: (string);
  '_article'?: "article";
  '_deletedId'?: "deletedId";
}

/**
 * One change of a Site's feed.
 */
export interface FeedChange__Output {
  /**
   * Set for an upsert: the article as it is now.
   */
  'article'?: (_cfs_feed_v1_Article__Output | null);
  /**
   * Set for a delete: the article that left the feed.
   */
  'deletedId'?: (string);
  /**
   * For a delete: `removed` (the article was removed) or `unsubscribed` (it is no longer in the
   * Site's subscribed categories).
   */
  'reason': (string);
  '_article'?: "article";
  '_deletedId'?: "deletedId";
}
