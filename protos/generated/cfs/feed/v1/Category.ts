// Original file: protos/cfs/feed/v1/feed.proto

import type { Topic as _cfs_feed_v1_Topic, Topic__Output as _cfs_feed_v1_Topic__Output } from '../../../cfs/feed/v1/Topic.js';

/**
 * A category of the taxonomy: what a Site subscribes to.
 */
export interface Category {
  /**
   * The category key: lower-case letters, digits, - and _, at most 64 characters (e.g. `tech`).
   */
  'key'?: (string);
  /**
   * Display name: 1 to 100 characters.
   */
  'name'?: (string);
  /**
   * Its topics, in order; at most 200.
   */
  'topics'?: (_cfs_feed_v1_Topic)[];
}

/**
 * A category of the taxonomy: what a Site subscribes to.
 */
export interface Category__Output {
  /**
   * The category key: lower-case letters, digits, - and _, at most 64 characters (e.g. `tech`).
   */
  'key': (string);
  /**
   * Display name: 1 to 100 characters.
   */
  'name': (string);
  /**
   * Its topics, in order; at most 200.
   */
  'topics': (_cfs_feed_v1_Topic__Output)[];
}
