// Original file: protos/cfs/feed/v1/feed.proto


/**
 * Asks for one Source.
 */
export interface GetSourceRequest {
  /**
   * The Source's id.
   */
  'id'?: (string);
}

/**
 * Asks for one Source.
 */
export interface GetSourceRequest__Output {
  /**
   * The Source's id.
   */
  'id': (string);
}
