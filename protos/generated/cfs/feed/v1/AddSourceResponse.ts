// Original file: protos/cfs/feed/v1/feed.proto

import type { Source as _cfs_feed_v1_Source, Source__Output as _cfs_feed_v1_Source__Output } from '../../../cfs/feed/v1/Source.js';
import type { FetchReport as _cfs_feed_v1_FetchReport, FetchReport__Output as _cfs_feed_v1_FetchReport__Output } from '../../../cfs/feed/v1/FetchReport.js';

/**
 * The new Source and what its first fetch did.
 */
export interface AddSourceResponse {
  /**
   * The Source as stored.
   */
  'source'?: (_cfs_feed_v1_Source | null);
  /**
   * The first fetch.
   */
  'fetch'?: (_cfs_feed_v1_FetchReport | null);
}

/**
 * The new Source and what its first fetch did.
 */
export interface AddSourceResponse__Output {
  /**
   * The Source as stored.
   */
  'source': (_cfs_feed_v1_Source__Output | null);
  /**
   * The first fetch.
   */
  'fetch': (_cfs_feed_v1_FetchReport__Output | null);
}
