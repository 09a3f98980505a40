// Original file: protos/cfs/webhooks/v1/webhooks.proto


/**
 * One delivery of one event to one endpoint, with the outcome of its last attempt.
 */
export interface Delivery {
  /**
   * Its id (`whmsg_…`), sent as the `webhook-id` header on every attempt.
   */
  'id'?: (string);
  /**
   * The event type.
   */
  'eventType'?: (string);
  /**
   * `pending`, `succeeded` or `failed`.
   */
  'status'?: (string);
  /**
   * Attempts made so far.
   */
  'attempts'?: (number);
  /**
   * When the last attempt started; unset before the first.
   */
  'lastAttemptAt'?: (string);
  /**
   * When the next attempt is due; unset when none is scheduled.
   */
  'nextAttemptAt'?: (string);
  /**
   * The HTTP status of the last answer; unset when there was none (no connection, timeout).
   */
  'responseStatus'?: (number);
  /**
   * How long the last attempt took, in milliseconds; unset before the first.
   */
  'durationMs'?: (number);
  /**
   * When the event was queued (RFC 3339 UTC).
   */
  'createdAt'?: (string);
  '_lastAttemptAt'?: "lastAttemptAt";
  '_nextAttemptAt'?: "nextAttemptAt";
  '_responseStatus'?: "responseStatus";
  '_durationMs'?: "durationMs";
}

/**
 * One delivery of one event to one endpoint, with the outcome of its last attempt.
 */
export interface Delivery__Output {
  /**
   * Its id (`whmsg_…`), sent as the `webhook-id` header on every attempt.
   */
  'id': (string);
  /**
   * The event type.
   */
  'eventType': (string);
  /**
   * `pending`, `succeeded` or `failed`.
   */
  'status': (string);
  /**
   * Attempts made so far.
   */
  'attempts': (number);
  /**
   * When the last attempt started; unset before the first.
   */
  'lastAttemptAt'?: (string);
  /**
   * When the next attempt is due; unset when none is scheduled.
   */
  'nextAttemptAt'?: (string);
  /**
   * The HTTP status of the last answer; unset when there was none (no connection, timeout).
   */
  'responseStatus'?: (number);
  /**
   * How long the last attempt took, in milliseconds; unset before the first.
   */
  'durationMs'?: (number);
  /**
   * When the event was queued (RFC 3339 UTC).
   */
  'createdAt': (string);
  '_lastAttemptAt'?: "lastAttemptAt";
  '_nextAttemptAt'?: "nextAttemptAt";
  '_responseStatus'?: "responseStatus";
  '_durationMs'?: "durationMs";
}
