// Original file: protos/cfs/webhooks/v1/webhooks.proto


/**
 * What EnqueueEvents did.
 */
export interface EnqueueEventsResponse {
  /**
   * Events new to this service (the others were taken before).
   */
  'accepted'?: (number);
  /**
   * Deliveries created for them.
   */
  'deliveries'?: (number);
}

/**
 * What EnqueueEvents did.
 */
export interface EnqueueEventsResponse__Output {
  /**
   * Events new to this service (the others were taken before).
   */
  'accepted': (number);
  /**
   * Deliveries created for them.
   */
  'deliveries': (number);
}
