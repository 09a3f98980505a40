// Original file: protos/cfs/billing/v1/billing.proto


/**
 * Asks for a Site's latest subscription.
 */
export interface GetSubscriptionRequest {
  /**
   * The Site (`site_…`).
   */
  'siteId'?: (string);
}

/**
 * Asks for a Site's latest subscription.
 */
export interface GetSubscriptionRequest__Output {
  /**
   * The Site (`site_…`).
   */
  'siteId': (string);
}
