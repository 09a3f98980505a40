// Original file: protos/cfs/billing/v1/billing.proto


/**
 * One Stripe webhook delivery, as the gateway received it.
 */
export interface ReceiveStripeEventRequest {
  /**
   * The request body exactly as Stripe sent it (the signature covers these bytes).
   */
  'payload'?: (Buffer | Uint8Array | string);
  /**
   * The Stripe-Signature header.
   */
  'signature'?: (string);
}

/**
 * One Stripe webhook delivery, as the gateway received it.
 */
export interface ReceiveStripeEventRequest__Output {
  /**
   * The request body exactly as Stripe sent it (the signature covers these bytes).
   */
  'payload': (Buffer);
  /**
   * The Stripe-Signature header.
   */
  'signature': (string);
}
