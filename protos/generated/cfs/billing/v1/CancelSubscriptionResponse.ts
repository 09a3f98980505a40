// Original file: protos/cfs/billing/v1/billing.proto

import type { BillingSubscription as _cfs_billing_v1_BillingSubscription, BillingSubscription__Output as _cfs_billing_v1_BillingSubscription__Output } from '../../../cfs/billing/v1/BillingSubscription.js';

/**
 * The subscription after the cancellation.
 */
export interface CancelSubscriptionResponse {
  /**
   * The subscription: canceled, or still active/past_due with cancel_at_period_end set; always set.
   */
  'subscription'?: (_cfs_billing_v1_BillingSubscription | null);
}

/**
 * The subscription after the cancellation.
 */
export interface CancelSubscriptionResponse__Output {
  /**
   * The subscription: canceled, or still active/past_due with cancel_at_period_end set; always set.
   */
  'subscription': (_cfs_billing_v1_BillingSubscription__Output | null);
}
