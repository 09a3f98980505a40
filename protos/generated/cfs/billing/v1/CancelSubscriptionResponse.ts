// Original file: protos/cfs/billing/v1/billing.proto

import type { BillingSubscription as _cfs_billing_v1_BillingSubscription, BillingSubscription__Output as _cfs_billing_v1_BillingSubscription__Output } from '../../../cfs/billing/v1/BillingSubscription.js';

export interface CancelSubscriptionResponse {
  'subscription'?: (_cfs_billing_v1_BillingSubscription | null);
}

export interface CancelSubscriptionResponse__Output {
  'subscription': (_cfs_billing_v1_BillingSubscription__Output | null);
}
