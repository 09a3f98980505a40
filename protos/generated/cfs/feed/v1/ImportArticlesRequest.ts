// Original file: protos/cfs/feed/v1/feed.proto

import type { ArticleInput as _cfs_feed_v1_ArticleInput, ArticleInput__Output as _cfs_feed_v1_ArticleInput__Output } from '../../../cfs/feed/v1/ArticleInput.js';

/**
 * A batch of article lines to import.
 */
export interface ImportArticlesRequest {
  /**
   * The lines, at most 5000 a call (the operator CLI sends 1000 at a time).
   */
  'articles'?: (_cfs_feed_v1_ArticleInput)[];
}

/**
 * A batch of article lines to import.
 */
export interface ImportArticlesRequest__Output {
  /**
   * The lines, at most 5000 a call (the operator CLI sends 1000 at a time).
   */
  'articles': (_cfs_feed_v1_ArticleInput__Output)[];
}
