// Original file: protos/cfs/feed/v1/feed.proto

import type { FetchReport as _cfs_feed_v1_FetchReport, FetchReport__Output as _cfs_feed_v1_FetchReport__Output } from '../../../cfs/feed/v1/FetchReport.js';

/**
 * What the fetch did.
 */
export interface FetchSourceResponse {
  /**
   * The fetch.
   */
  'fetch'?: (_cfs_feed_v1_FetchReport | null);
}

/**
 * What the fetch did.
 */
export interface FetchSourceResponse__Output {
  /**
   * The fetch.
   */
  'fetch': (_cfs_feed_v1_FetchReport__Output | null);
}
