// Original file: protos/cfs/feed/v1/feed.proto


/**
 * Replaces a Site's subscriptions.
 */
export interface ReplaceSubscriptionsRequest {
  /**
   * The Site (`site_…`).
   */
  'siteId'?: (string);
  /**
   * The category keys to subscribe to, at most 100 (duplicates are ignored); empty unsubscribes
   * from everything.
   */
  'categories'?: (string)[];
}

/**
 * Replaces a Site's subscriptions.
 */
export interface ReplaceSubscriptionsRequest__Output {
  /**
   * The Site (`site_…`).
   */
  'siteId': (string);
  /**
   * The category keys to subscribe to, at most 100 (duplicates are ignored); empty unsubscribes
   * from everything.
   */
  'categories': (string)[];
}
