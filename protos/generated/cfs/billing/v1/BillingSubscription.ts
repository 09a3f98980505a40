// Original file: protos/cfs/billing/v1/billing.proto


/**
 * A billing subscription of a Site to a paid plan.
 */
export interface BillingSubscription {
  /**
   * The subscription's id: `bsub_` and 26 base32 characters.
   */
  'id'?: (string);
  /**
   * The subscribing Site (`site_…`).
   */
  'siteId'?: (string);
  /**
   * The plan id subscribed to (a paid plan of the catalog, e.g. `starter`).
   */
  'plan'?: (string);
  /**
   * pending, active, past_due, canceled or expired (see BillingService).
   */
  'status'?: (string);
  /**
   * When the checkout was started (RFC 3339 UTC).
   */
  'createdAt'?: (string);
  /**
   * The end of the paid period (RFC 3339 UTC); absent until the provider reports one (pending).
   */
  'currentPeriodEnd'?: (string);
  /**
   * When it became canceled (RFC 3339 UTC); absent unless status is canceled.
   */
  'canceledAt'?: (string);
  /**
   * When it first became active (RFC 3339 UTC); absent if it never was.
   */
  'activatedAt'?: (string);
  /**
   * The payment provider that handles it: local or stripe.
   */
  'provider'?: (string);
  /**
   * The subscription ends at current_period_end instead of renewing.
   */
  'cancelAtPeriodEnd'?: (boolean);
  /**
   * When the payment failed (status past_due); the plan is kept for the grace period
   * (BILLING_GRACE_DAYS, 7 by default) from here. Absent in every other status.
   */
  'pastDueSince'?: (string);
  '_currentPeriodEnd'?: "currentPeriodEnd";
  '_canceledAt'?: "canceledAt";
  '_activatedAt'?: "activatedAt";
  '_pastDueSince'?: "pastDueSince";
}

/**
 * A billing subscription of a Site to a paid plan.
 */
export interface BillingSubscription__Output {
  /**
   * The subscription's id: `bsub_` and 26 base32 characters.
   */
  'id': (string);
  /**
   * The subscribing Site (`site_…`).
   */
  'siteId': (string);
  /**
   * The plan id subscribed to (a paid plan of the catalog, e.g. `starter`).
   */
  'plan': (string);
  /**
   * pending, active, past_due, canceled or expired (see BillingService).
   */
  'status': (string);
  /**
   * When the checkout was started (RFC 3339 UTC).
   */
  'createdAt': (string);
  /**
   * The end of the paid period (RFC 3339 UTC); absent until the provider reports one (pending).
   */
  'currentPeriodEnd'?: (string);
  /**
   * When it became canceled (RFC 3339 UTC); absent unless status is canceled.
   */
  'canceledAt'?: (string);
  /**
   * When it first became active (RFC 3339 UTC); absent if it never was.
   */
  'activatedAt'?: (string);
  /**
   * The payment provider that handles it: local or stripe.
   */
  'provider': (string);
  /**
   * The subscription ends at current_period_end instead of renewing.
   */
  'cancelAtPeriodEnd': (boolean);
  /**
   * When the payment failed (status past_due); the plan is kept for the grace period
   * (BILLING_GRACE_DAYS, 7 by default) from here. Absent in every other status.
   */
  'pastDueSince'?: (string);
  '_currentPeriodEnd'?: "currentPeriodEnd";
  '_canceledAt'?: "canceledAt";
  '_activatedAt'?: "activatedAt";
  '_pastDueSince'?: "pastDueSince";
}
