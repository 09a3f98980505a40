// Original file: protos/cfs/billing/v1/billing.proto

import type { BillingSubscription as _cfs_billing_v1_BillingSubscription, BillingSubscription__Output as _cfs_billing_v1_BillingSubscription__Output } from '../../../cfs/billing/v1/BillingSubscription.js';

/**
 * The checkout to send the customer to, and its subscription.
 */
export interface StartCheckoutResponse {
  /**
   * The provider's hosted checkout page where the customer pays (Stripe: a Checkout Session URL;
   * the local provider: a placeholder https://checkout.local.invalid/… address, already paid).
   */
  'checkoutUrl'?: (string);
  /**
   * The new subscription: pending until paid (active at once with the local provider); always set.
   */
  'subscription'?: (_cfs_billing_v1_BillingSubscription | null);
}

/**
 * The checkout to send the customer to, and its subscription.
 */
export interface StartCheckoutResponse__Output {
  /**
   * The provider's hosted checkout page where the customer pays (Stripe: a Checkout Session URL;
   * the local provider: a placeholder https://checkout.local.invalid/… address, already paid).
   */
  'checkoutUrl': (string);
  /**
   * The new subscription: pending until paid (active at once with the local provider); always set.
   */
  'subscription': (_cfs_billing_v1_BillingSubscription__Output | null);
}
