// Original file: protos/cfs/billing/v1/billing.proto


/**
 * Cancels the Site's open (pending, active or past_due) subscription.
 */
export interface CancelSubscriptionRequest {
  /**
   * The Site (`site_…`).
   */
  'siteId'?: (string);
  /**
   * Keep the subscription (and the plan) until the end of the paid period instead of ending it now.
   * A pending subscription is canceled at once either way.
   */
  'atPeriodEnd'?: (boolean);
}

/**
 * Cancels the Site's open (pending, active or past_due) subscription.
 */
export interface CancelSubscriptionRequest__Output {
  /**
   * The Site (`site_…`).
   */
  'siteId': (string);
  /**
   * Keep the subscription (and the plan) until the end of the paid period instead of ending it now.
   * A pending subscription is canceled at once either way.
   */
  'atPeriodEnd': (boolean);
}
