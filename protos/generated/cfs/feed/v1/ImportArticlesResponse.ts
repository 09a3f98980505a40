// Original file: protos/cfs/feed/v1/feed.proto

import type { Rejection as _cfs_feed_v1_Rejection, Rejection__Output as _cfs_feed_v1_Rejection__Output } from '../../../cfs/feed/v1/Rejection.js';

/**
 * What the import did.
 */
export interface ImportArticlesResponse {
  /**
   * How many articles were created or updated (an id on several lines of a batch counts once; its
   * last line wins).
   */
  'imported'?: (number);
  /**
   * The lines that were not imported, by line number.
   */
  'rejected'?: (_cfs_feed_v1_Rejection)[];
}

/**
 * What the import did.
 */
export interface ImportArticlesResponse__Output {
  /**
   * How many articles were created or updated (an id on several lines of a batch counts once; its
   * last line wins).
   */
  'imported': (number);
  /**
   * The lines that were not imported, by line number.
   */
  'rejected': (_cfs_feed_v1_Rejection__Output)[];
}
