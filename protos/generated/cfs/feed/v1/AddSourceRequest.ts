// Original file: protos/cfs/feed/v1/feed.proto


/**
 * Registers a Source.
 */
export interface AddSourceRequest {
  /**
   * The feed's (or a page linking it) absolute http(s) address.
   */
  'url'?: (string);
  /**
   * The category keys its articles go into: 1 to 20 keys of the taxonomy.
   */
  'categories'?: (string)[];
  /**
   * A name; empty: the feed's title.
   */
  'name'?: (string);
  /**
   * Seconds between fetches; 0: the default (900). At least SOURCES_MIN_INTERVAL_SECONDS.
   */
  'intervalSeconds'?: (number);
}

/**
 * Registers a Source.
 */
export interface AddSourceRequest__Output {
  /**
   * The feed's (or a page linking it) absolute http(s) address.
   */
  'url': (string);
  /**
   * The category keys its articles go into: 1 to 20 keys of the taxonomy.
   */
  'categories': (string)[];
  /**
   * A name; empty: the feed's title.
   */
  'name': (string);
  /**
   * Seconds between fetches; 0: the default (900). At least SOURCES_MIN_INTERVAL_SECONDS.
   */
  'intervalSeconds': (number);
}
