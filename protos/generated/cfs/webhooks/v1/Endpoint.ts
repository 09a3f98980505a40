// Original file: protos/cfs/webhooks/v1/webhooks.proto


/**
 * An endpoint as callers see it (never its secrets).
 */
export interface Endpoint {
  /**
   * Its id (`whep_…`).
   */
  'id'?: (string);
  /**
   * Where events are POSTed (https, or http where the service allows it).
   */
  'url'?: (string);
  /**
   * The event types it receives.
   */
  'events'?: (string)[];
  /**
   * Free text, empty when none.
   */
  'description'?: (string);
  /**
   * Whether the customer wants it enabled.
   */
  'enabled'?: (boolean);
  /**
   * `enabled` or `disabled` (by the customer, after a 410, or after failing for too long).
   */
  'status'?: (string);
  /**
   * Why it is disabled: empty while enabled.
   */
  'disabledReason'?: (string);
  /**
   * When it was created (RFC 3339 UTC).
   */
  'createdAt'?: (string);
}

/**
 * An endpoint as callers see it (never its secrets).
 */
export interface Endpoint__Output {
  /**
   * Its id (`whep_…`).
   */
  'id': (string);
  /**
   * Where events are POSTed (https, or http where the service allows it).
   */
  'url': (string);
  /**
   * The event types it receives.
   */
  'events': (string)[];
  /**
   * Free text, empty when none.
   */
  'description': (string);
  /**
   * Whether the customer wants it enabled.
   */
  'enabled': (boolean);
  /**
   * `enabled` or `disabled` (by the customer, after a 410, or after failing for too long).
   */
  'status': (string);
  /**
   * Why it is disabled: empty while enabled.
   */
  'disabledReason': (string);
  /**
   * When it was created (RFC 3339 UTC).
   */
  'createdAt': (string);
}
