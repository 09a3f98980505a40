// Original file: protos/cfs/feed/v1/feed.proto

import type { ChangesPosition as _cfs_feed_v1_ChangesPosition, ChangesPosition__Output as _cfs_feed_v1_ChangesPosition__Output } from '../../../cfs/feed/v1/ChangesPosition.js';

/**
 * Asks for a Site's changes.
 */
export interface GetChangesRequest {
  /**
   * The Site (`site_…`).
   */
  'siteId'?: (string);
  /**
   * At most this many changes: 1 to 100.
   */
  'limit'?: (number);
  /**
   * Where the client is; absent: from the beginning.
   */
  'since'?: (_cfs_feed_v1_ChangesPosition | null);
  '_since'?: "since";
}

/**
 * Asks for a Site's changes.
 */
export interface GetChangesRequest__Output {
  /**
   * The Site (`site_…`).
   */
  'siteId': (string);
  /**
   * At most this many changes: 1 to 100.
   */
  'limit': (number);
  /**
   * Where the client is; absent: from the beginning.
   */
  'since'?: (_cfs_feed_v1_ChangesPosition__Output | null);
  '_since'?: "since";
}
