// Original file: protos/cfs/feed/v1/feed.proto


/**
 * What the distribution imported.
 */
export interface ReceiveWebSubResponse {
  /**
   * Articles created.
   */
  'created'?: (number);
  /**
   * Articles whose fields changed.
   */
  'updated'?: (number);
  /**
   * Items that showed no change (nothing written).
   */
  'unchanged'?: (number);
  /**
   * Items not imported.
   */
  'rejected'?: (number);
}

/**
 * What the distribution imported.
 */
export interface ReceiveWebSubResponse__Output {
  /**
   * Articles created.
   */
  'created': (number);
  /**
   * Articles whose fields changed.
   */
  'updated': (number);
  /**
   * Items that showed no change (nothing written).
   */
  'unchanged': (number);
  /**
   * Items not imported.
   */
  'rejected': (number);
}
