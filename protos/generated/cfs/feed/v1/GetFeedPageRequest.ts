// Original file: protos/cfs/feed/v1/feed.proto

import type { FeedCursor as _cfs_feed_v1_FeedCursor, FeedCursor__Output as _cfs_feed_v1_FeedCursor__Output } from '../../../cfs/feed/v1/FeedCursor.js';

export interface GetFeedPageRequest {
  'siteId'?: (string);
  'limit'?: (number);
  'cursor'?: (string);
  'after'?: (_cfs_feed_v1_FeedCursor | null);
  '_cursor'?: "cursor";
  '_after'?: "after";
}

export interface GetFeedPageRequest__Output {
  'siteId': (string);
  'limit': (number);
  'cursor'?: (string);
  'after'?: (_cfs_feed_v1_FeedCursor__Output | null);
  '_cursor'?: "cursor";
  '_after'?: "after";
}
