// Original file: protos/cfs/feed/v1/feed.proto


/**
 * A set of category keys (a Site's subscriptions as the gateway cached them).
 */
export interface CategoryKeys {
  /**
   * Category keys, each at most 64 characters; at most 100 of them, as for subscriptions.
   */
  'keys'?: (string)[];
}

/**
 * A set of category keys (a Site's subscriptions as the gateway cached them).
 */
export interface CategoryKeys__Output {
  /**
   * Category keys, each at most 64 characters; at most 100 of them, as for subscriptions.
   */
  'keys': (string)[];
}
