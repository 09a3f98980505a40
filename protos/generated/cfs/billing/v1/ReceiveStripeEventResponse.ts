// Original file: protos/cfs/billing/v1/billing.proto


/**
 * What became of the event.
 */
export interface ReceiveStripeEventResponse {
  /**
   * The Stripe event id (`evt_…`).
   */
  'eventId'?: (string);
  /**
   * The Stripe event type, e.g. `invoice.paid` or `checkout.session.completed`.
   */
  'eventType'?: (string);
  /**
   * False when the event id was processed before (a replay changes nothing).
   */
  'processed'?: (boolean);
}

/**
 * What became of the event.
 */
export interface ReceiveStripeEventResponse__Output {
  /**
   * The Stripe event id (`evt_…`).
   */
  'eventId': (string);
  /**
   * The Stripe event type, e.g. `invoice.paid` or `checkout.session.completed`.
   */
  'eventType': (string);
  /**
   * False when the event id was processed before (a replay changes nothing).
   */
  'processed': (boolean);
}
