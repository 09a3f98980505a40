// Original file: protos/cfs/feed/v1/feed.proto

import type { Source as _cfs_feed_v1_Source, Source__Output as _cfs_feed_v1_Source__Output } from '../../../cfs/feed/v1/Source.js';

/**
 * The Sources, oldest first.
 */
export interface ListSourcesResponse {
  /**
   * The Sources.
   */
  'sources'?: (_cfs_feed_v1_Source)[];
}

/**
 * The Sources, oldest first.
 */
export interface ListSourcesResponse__Output {
  /**
   * The Sources.
   */
  'sources': (_cfs_feed_v1_Source__Output)[];
}
