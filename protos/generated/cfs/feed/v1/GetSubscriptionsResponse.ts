// Original file: protos/cfs/feed/v1/feed.proto


/**
 * A Site's subscriptions.
 */
export interface GetSubscriptionsResponse {
  /**
   * The subscribed category keys, sorted; empty when none.
   */
  'categories'?: (string)[];
}

/**
 * A Site's subscriptions.
 */
export interface GetSubscriptionsResponse__Output {
  /**
   * The subscribed category keys, sorted; empty when none.
   */
  'categories': (string)[];
}
