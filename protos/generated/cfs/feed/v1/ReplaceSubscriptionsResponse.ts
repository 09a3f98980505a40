// Original file: protos/cfs/feed/v1/feed.proto


/**
 * The Site's subscriptions after the change.
 */
export interface ReplaceSubscriptionsResponse {
  /**
   * The subscribed category keys, de-duplicated and sorted.
   */
  'categories'?: (string)[];
}

/**
 * The Site's subscriptions after the change.
 */
export interface ReplaceSubscriptionsResponse__Output {
  /**
   * The subscribed category keys, de-duplicated and sorted.
   */
  'categories': (string)[];
}
