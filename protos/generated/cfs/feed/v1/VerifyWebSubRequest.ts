// Original file: protos/cfs/feed/v1/feed.proto


/**
 * A hub's verification of intent (the query of its GET to the callback).
 */
export interface VerifyWebSubRequest {
  /**
   * The Source of the callback (`src_…`).
   */
  'sourceId'?: (string);
  /**
   * hub.mode: `subscribe`, `unsubscribe` or `denied`.
   */
  'mode'?: (string);
  /**
   * hub.topic.
   */
  'topic'?: (string);
  /**
   * hub.challenge, echoed when the request is verified.
   */
  'challenge'?: (string);
  /**
   * hub.lease_seconds as given (decimal digits; required for `subscribe`).
   */
  'leaseSeconds'?: (string);
}

/**
 * A hub's verification of intent (the query of its GET to the callback).
 */
export interface VerifyWebSubRequest__Output {
  /**
   * The Source of the callback (`src_…`).
   */
  'sourceId': (string);
  /**
   * hub.mode: `subscribe`, `unsubscribe` or `denied`.
   */
  'mode': (string);
  /**
   * hub.topic.
   */
  'topic': (string);
  /**
   * hub.challenge, echoed when the request is verified.
   */
  'challenge': (string);
  /**
   * hub.lease_seconds as given (decimal digits; required for `subscribe`).
   */
  'leaseSeconds': (string);
}
