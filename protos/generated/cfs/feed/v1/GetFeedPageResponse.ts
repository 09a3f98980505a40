// Original file: protos/cfs/feed/v1/feed.proto

import type { Article as _cfs_feed_v1_Article, Article__Output as _cfs_feed_v1_Article__Output } from '../../../cfs/feed/v1/Article.js';
import type { FeedCursor as _cfs_feed_v1_FeedCursor, FeedCursor__Output as _cfs_feed_v1_FeedCursor__Output } from '../../../cfs/feed/v1/FeedCursor.js';

export interface GetFeedPageResponse {
  'articles'?: (_cfs_feed_v1_Article)[];
  'nextCursor'?: (string);
  'next'?: (_cfs_feed_v1_FeedCursor | null);
  '_nextCursor'?: "nextCursor";
  '_next'?: "next";
}

export interface GetFeedPageResponse__Output {
  'articles': (_cfs_feed_v1_Article__Output)[];
  'nextCursor'?: (string);
  'next'?: (_cfs_feed_v1_FeedCursor__Output | null);
  '_nextCursor'?: "nextCursor";
  '_next'?: "next";
}
