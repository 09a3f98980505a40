// Original file: protos/cfs/feed/v1/feed.proto

import type { Source as _cfs_feed_v1_Source, Source__Output as _cfs_feed_v1_Source__Output } from '../../../cfs/feed/v1/Source.js';

/**
 * The paused Source.
 */
export interface PauseSourceResponse {
  /**
   * The Source.
   */
  'source'?: (_cfs_feed_v1_Source | null);
}

/**
 * The paused Source.
 */
export interface PauseSourceResponse__Output {
  /**
   * The Source.
   */
  'source': (_cfs_feed_v1_Source__Output | null);
}
