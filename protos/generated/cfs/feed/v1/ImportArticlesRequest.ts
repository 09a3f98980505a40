// Original file: protos/cfs/feed/v1/feed.proto

import type { ArticleInput as _cfs_feed_v1_ArticleInput, ArticleInput__Output as _cfs_feed_v1_ArticleInput__Output } from '../../../cfs/feed/v1/ArticleInput.js';

export interface ImportArticlesRequest {
  'articles'?: (_cfs_feed_v1_ArticleInput)[];
}

export interface ImportArticlesRequest__Output {
  'articles': (_cfs_feed_v1_ArticleInput__Output)[];
}
