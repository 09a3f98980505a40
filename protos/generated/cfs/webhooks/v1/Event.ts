// Original file: protos/cfs/webhooks/v1/webhooks.proto


/**
 * An event a producer committed (in its outbox) for one Site.
 */
export interface Event {
  /**
   * The producer's id of the event, unique in the system: what makes EnqueueEvents idempotent.
   */
  'id'?: (string);
  /**
   * The Site it concerns (`site_…`).
   */
  'siteId'?: (string);
  /**
   * Its type: `feed.changed`, `ai.budget.status_changed` or `billing.subscription.updated`.
   */
  'type'?: (string);
  /**
   * Its data, a JSON object (ids and positions, never a secret): the payload's `data`.
   */
  'dataJson'?: (string);
  /**
   * When it happened (RFC 3339 UTC): the payload's `timestamp`.
   */
  'occurredAt'?: (string);
}

/**
 * An event a producer committed (in its outbox) for one Site.
 */
export interface Event__Output {
  /**
   * The producer's id of the event, unique in the system: what makes EnqueueEvents idempotent.
   */
  'id': (string);
  /**
   * The Site it concerns (`site_…`).
   */
  'siteId': (string);
  /**
   * Its type: `feed.changed`, `ai.budget.status_changed` or `billing.subscription.updated`.
   */
  'type': (string);
  /**
   * Its data, a JSON object (ids and positions, never a secret): the payload's `data`.
   */
  'dataJson': (string);
  /**
   * When it happened (RFC 3339 UTC): the payload's `timestamp`.
   */
  'occurredAt': (string);
}
