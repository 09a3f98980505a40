// Original file: protos/cfs/feed/v1/feed.proto

import type { RejectedItem as _cfs_feed_v1_RejectedItem, RejectedItem__Output as _cfs_feed_v1_RejectedItem__Output } from '../../../cfs/feed/v1/RejectedItem.js';

/**
 * What one fetch of a Source did.
 */
export interface FetchReport {
  /**
   * `ok`, `not_modified` or `failed` (the Source's last_error says why).
   */
  'outcome'?: (string);
  /**
   * The Source's status after the fetch.
   */
  'status'?: (string);
  /**
   * Articles created.
   */
  'created'?: (number);
  /**
   * Articles whose fields changed.
   */
  'updated'?: (number);
  /**
   * Items that showed no change (nothing written).
   */
  'unchanged'?: (number);
  /**
   * Items not imported, at most 50.
   */
  'rejected'?: (_cfs_feed_v1_RejectedItem)[];
}

/**
 * What one fetch of a Source did.
 */
export interface FetchReport__Output {
  /**
   * `ok`, `not_modified` or `failed` (the Source's last_error says why).
   */
  'outcome': (string);
  /**
   * The Source's status after the fetch.
   */
  'status': (string);
  /**
   * Articles created.
   */
  'created': (number);
  /**
   * Articles whose fields changed.
   */
  'updated': (number);
  /**
   * Items that showed no change (nothing written).
   */
  'unchanged': (number);
  /**
   * Items not imported, at most 50.
   */
  'rejected': (_cfs_feed_v1_RejectedItem__Output)[];
}
