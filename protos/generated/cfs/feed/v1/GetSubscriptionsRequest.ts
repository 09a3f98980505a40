// Original file: protos/cfs/feed/v1/feed.proto


/**
 * Asks for a Site's subscriptions.
 */
export interface GetSubscriptionsRequest {
  /**
   * The Site (`site_…`).
   */
  'siteId'?: (string);
}

/**
 * Asks for a Site's subscriptions.
 */
export interface GetSubscriptionsRequest__Output {
  /**
   * The Site (`site_…`).
   */
  'siteId': (string);
}
