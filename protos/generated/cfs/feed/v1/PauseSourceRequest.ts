// Original file: protos/cfs/feed/v1/feed.proto


/**
 * Pauses a Source.
 */
export interface PauseSourceRequest {
  /**
   * The Source's id.
   */
  'id'?: (string);
}

/**
 * Pauses a Source.
 */
export interface PauseSourceRequest__Output {
  /**
   * The Source's id.
   */
  'id': (string);
}
