// Original file: protos/cfs/billing/v1/billing.proto

import type { BillingSubscription as _cfs_billing_v1_BillingSubscription, BillingSubscription__Output as _cfs_billing_v1_BillingSubscription__Output } from '../../../cfs/billing/v1/BillingSubscription.js';

/**
 * The Site's latest subscription.
 */
export interface GetSubscriptionResponse {
  /**
   * The most recently created subscription of the Site, in any status; always set.
   */
  'subscription'?: (_cfs_billing_v1_BillingSubscription | null);
}

/**
 * The Site's latest subscription.
 */
export interface GetSubscriptionResponse__Output {
  /**
   * The most recently created subscription of the Site, in any status; always set.
   */
  'subscription': (_cfs_billing_v1_BillingSubscription__Output | null);
}
