// Original file: protos/cfs/feed/v1/feed.proto

import type { ChangesWalk as _cfs_feed_v1_ChangesWalk, ChangesWalk__Output as _cfs_feed_v1_ChangesWalk__Output } from '../../../cfs/feed/v1/ChangesWalk.js';

/**
 * A position in a Site's changes. The gateway signs it into the public, opaque `since` token.
 */
export interface ChangesPosition {
  /**
   * The Site it belongs to.
   */
  'siteId'?: (string);
  /**
   * The last change applied: a number of the feed's change counter, in decimal.
   */
  'seq'?: (string);
  /**
   * The version of the Site's subscriptions the client's copy follows; 0 for none (a first sync).
   */
  'version'?: (number);
  /**
   * Set while the client's copy is being brought to a new subscription set (or filled the first time).
   */
  'walk'?: (_cfs_feed_v1_ChangesWalk | null);
  '_walk'?: "walk";
}

/**
 * A position in a Site's changes. The gateway signs it into the public, opaque `since` token.
 */
export interface ChangesPosition__Output {
  /**
   * The Site it belongs to.
   */
  'siteId': (string);
  /**
   * The last change applied: a number of the feed's change counter, in decimal.
   */
  'seq': (string);
  /**
   * The version of the Site's subscriptions the client's copy follows; 0 for none (a first sync).
   */
  'version': (number);
  /**
   * Set while the client's copy is being brought to a new subscription set (or filled the first time).
   */
  'walk'?: (_cfs_feed_v1_ChangesWalk__Output | null);
  '_walk'?: "walk";
}
