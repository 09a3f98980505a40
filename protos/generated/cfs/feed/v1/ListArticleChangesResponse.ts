// Original file: protos/cfs/feed/v1/feed.proto

import type { Article as _cfs_feed_v1_Article, Article__Output as _cfs_feed_v1_Article__Output } from '../../../cfs/feed/v1/Article.js';
import type { ArticleChangePosition as _cfs_feed_v1_ArticleChangePosition, ArticleChangePosition__Output as _cfs_feed_v1_ArticleChangePosition__Output } from '../../../cfs/feed/v1/ArticleChangePosition.js';

/**
 * Articles in (updated_at, id) order.
 */
export interface ListArticleChangesResponse {
  /**
   * The articles, oldest change first.
   */
  'articles'?: (_cfs_feed_v1_Article)[];
  /**
   * The position of the last article answered; absent when none was.
   */
  'last'?: (_cfs_feed_v1_ArticleChangePosition | null);
  '_last'?: "last";
}

/**
 * Articles in (updated_at, id) order.
 */
export interface ListArticleChangesResponse__Output {
  /**
   * The articles, oldest change first.
   */
  'articles': (_cfs_feed_v1_Article__Output)[];
  /**
   * The position of the last article answered; absent when none was.
   */
  'last'?: (_cfs_feed_v1_ArticleChangePosition__Output | null);
  '_last'?: "last";
}
