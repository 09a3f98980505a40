// Original file: protos/cfs/feed/v1/feed.proto

import type { Article as _cfs_feed_v1_Article, Article__Output as _cfs_feed_v1_Article__Output } from '../../../cfs/feed/v1/Article.js';

/**
 * The articles found.
 */
export interface GetArticlesResponse {
  /**
   * The articles that exist, in id order.
   */
  'articles'?: (_cfs_feed_v1_Article)[];
  /**
   * The ids asked for that were removed (`articles remove`; kept as long as the changes feed keeps
   * its tombstones), in id order.
   */
  'removedIds'?: (string)[];
}

/**
 * The articles found.
 */
export interface GetArticlesResponse__Output {
  /**
   * The articles that exist, in id order.
   */
  'articles': (_cfs_feed_v1_Article__Output)[];
  /**
   * The ids asked for that were removed (`articles remove`; kept as long as the changes feed keeps
   * its tombstones), in id order.
   */
  'removedIds': (string)[];
}
