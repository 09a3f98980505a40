// Original file: protos/cfs/feed/v1/feed.proto


/**
 * A topic of a category (descriptive only: Sites subscribe to categories).
 */
export interface Topic {
  /**
   * The topic's key: lower-case letters, digits, - and _, at most 64 characters.
   */
  'key'?: (string);
  /**
   * Display name: 1 to 100 characters.
   */
  'name'?: (string);
}

/**
 * A topic of a category (descriptive only: Sites subscribe to categories).
 */
export interface Topic__Output {
  /**
   * The topic's key: lower-case letters, digits, - and _, at most 64 characters.
   */
  'key': (string);
  /**
   * Display name: 1 to 100 characters.
   */
  'name': (string);
}
