// Original file: protos/cfs/feed/v1/feed.proto

import type { Source as _cfs_feed_v1_Source, Source__Output as _cfs_feed_v1_Source__Output } from '../../../cfs/feed/v1/Source.js';

/**
 * One Source.
 */
export interface GetSourceResponse {
  /**
   * The Source.
   */
  'source'?: (_cfs_feed_v1_Source | null);
}

/**
 * One Source.
 */
export interface GetSourceResponse__Output {
  /**
   * The Source.
   */
  'source': (_cfs_feed_v1_Source__Output | null);
}
