// Original file: protos/cfs/billing/v1/billing.proto

import type { BillingSubscription as _cfs_billing_v1_BillingSubscription, BillingSubscription__Output as _cfs_billing_v1_BillingSubscription__Output } from '../../../cfs/billing/v1/BillingSubscription.js';

export interface GetSubscriptionResponse {
  'subscription'?: (_cfs_billing_v1_BillingSubscription | null);
}

export interface GetSubscriptionResponse__Output {
  'subscription': (_cfs_billing_v1_BillingSubscription__Output | null);
}
