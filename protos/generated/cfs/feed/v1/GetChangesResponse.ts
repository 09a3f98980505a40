// Original file: protos/cfs/feed/v1/feed.proto

import type { FeedChange as _cfs_feed_v1_FeedChange, FeedChange__Output as _cfs_feed_v1_FeedChange__Output } from '../../../cfs/feed/v1/FeedChange.js';
import type { ChangesPosition as _cfs_feed_v1_ChangesPosition, ChangesPosition__Output as _cfs_feed_v1_ChangesPosition__Output } from '../../../cfs/feed/v1/ChangesPosition.js';

/**
 * The Site's changes, oldest first.
 */
export interface GetChangesResponse {
  /**
   * The changes, at most limit.
   */
  'changes'?: (_cfs_feed_v1_FeedChange)[];
  /**
   * Where the client is after applying them; the same position when there was nothing new.
   */
  'next'?: (_cfs_feed_v1_ChangesPosition | null);
  /**
   * More changes are waiting: ask again with next.
   */
  'hasMore'?: (boolean);
}

/**
 * The Site's changes, oldest first.
 */
export interface GetChangesResponse__Output {
  /**
   * The changes, at most limit.
   */
  'changes': (_cfs_feed_v1_FeedChange__Output)[];
  /**
   * Where the client is after applying them; the same position when there was nothing new.
   */
  'next': (_cfs_feed_v1_ChangesPosition__Output | null);
  /**
   * More changes are waiting: ask again with next.
   */
  'hasMore': (boolean);
}
