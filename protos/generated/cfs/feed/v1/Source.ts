// Original file: protos/cfs/feed/v1/feed.proto

import type { SourceError as _cfs_feed_v1_SourceError, SourceError__Output as _cfs_feed_v1_SourceError__Output } from '../../../cfs/feed/v1/SourceError.js';

/**
 * A publisher's feed the service polls.
 */
export interface Source {
  /**
   * The Source's id (`src_` and 20 hex digits).
   */
  'id'?: (string);
  /**
   * The feed's address (updated by a permanent redirect).
   */
  'url'?: (string);
  /**
   * A name for the operator: as given, else the feed's title.
   */
  'name'?: (string);
  /**
   * The category keys its articles go into.
   */
  'categories'?: (string)[];
  /**
   * Seconds between fetches.
   */
  'intervalSeconds'?: (number);
  /**
   * `active`, `failing`, `paused` or `gone`.
   */
  'status'?: (string);
  /**
   * When it was last fetched (RFC 3339 UTC); absent before the first fetch.
   */
  'lastFetchAt'?: (string);
  /**
   * When a fetch last succeeded; absent when none did.
   */
  'lastSuccessAt'?: (string);
  /**
   * When it is fetched next; absent when paused or gone.
   */
  'nextFetchAt'?: (string);
  /**
   * Why the last fetch failed; absent after a success.
   */
  'lastError'?: (_cfs_feed_v1_SourceError | null);
  /**
   * How many articles it has in the feed.
   */
  'articles'?: (number);
  '_lastFetchAt'?: "lastFetchAt";
  '_lastSuccessAt'?: "lastSuccessAt";
  '_nextFetchAt'?: "nextFetchAt";
  '_lastError'?: "lastError";
}

/**
 * A publisher's feed the service polls.
 */
export interface Source__Output {
  /**
   * The Source's id (`src_` and 20 hex digits).
   */
  'id': (string);
  /**
   * The feed's address (updated by a permanent redirect).
   */
  'url': (string);
  /**
   * A name for the operator: as given, else the feed's title.
   */
  'name': (string);
  /**
   * The category keys its articles go into.
   */
  'categories': (string)[];
  /**
   * Seconds between fetches.
   */
  'intervalSeconds': (number);
  /**
   * `active`, `failing`, `paused` or `gone`.
   */
  'status': (string);
  /**
   * When it was last fetched (RFC 3339 UTC); absent before the first fetch.
   */
  'lastFetchAt'?: (string);
  /**
   * When a fetch last succeeded; absent when none did.
   */
  'lastSuccessAt'?: (string);
  /**
   * When it is fetched next; absent when paused or gone.
   */
  'nextFetchAt'?: (string);
  /**
   * Why the last fetch failed; absent after a success.
   */
  'lastError'?: (_cfs_feed_v1_SourceError__Output | null);
  /**
   * How many articles it has in the feed.
   */
  'articles': (number);
  '_lastFetchAt'?: "lastFetchAt";
  '_lastSuccessAt'?: "lastSuccessAt";
  '_nextFetchAt'?: "nextFetchAt";
  '_lastError'?: "lastError";
}
