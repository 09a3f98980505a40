// Original file: protos/cfs/feed/v1/feed.proto

import type { Article as _cfs_feed_v1_Article, Article__Output as _cfs_feed_v1_Article__Output } from '../../../cfs/feed/v1/Article.js';

export interface GetFeedPageResponse {
  'articles'?: (_cfs_feed_v1_Article)[];
  'nextCursor'?: (string);
  '_nextCursor'?: "nextCursor";
}

export interface GetFeedPageResponse__Output {
  'articles': (_cfs_feed_v1_Article__Output)[];
  'nextCursor'?: (string);
  '_nextCursor'?: "nextCursor";
}
