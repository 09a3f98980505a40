// Original file: protos/cfs/feed/v1/feed.proto

import type { ArticleChangePosition as _cfs_feed_v1_ArticleChangePosition, ArticleChangePosition__Output as _cfs_feed_v1_ArticleChangePosition__Output } from '../../../cfs/feed/v1/ArticleChangePosition.js';

/**
 * Asks for the articles changed after a position.
 */
export interface ListArticleChangesRequest {
  /**
   * Only articles after this position; absent: from the first.
   */
  'after'?: (_cfs_feed_v1_ArticleChangePosition | null);
  /**
   * At most this many: 1 to 1000.
   */
  'limit'?: (number);
  '_after'?: "after";
}

/**
 * Asks for the articles changed after a position.
 */
export interface ListArticleChangesRequest__Output {
  /**
   * Only articles after this position; absent: from the first.
   */
  'after'?: (_cfs_feed_v1_ArticleChangePosition__Output | null);
  /**
   * At most this many: 1 to 1000.
   */
  'limit': (number);
  '_after'?: "after";
}
