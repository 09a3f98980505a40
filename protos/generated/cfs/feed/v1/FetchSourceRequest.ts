// Original file: protos/cfs/feed/v1/feed.proto


/**
 * Fetches a Source now.
 */
export interface FetchSourceRequest {
  /**
   * The Source's id.
   */
  'id'?: (string);
}

/**
 * Fetches a Source now.
 */
export interface FetchSourceRequest__Output {
  /**
   * The Source's id.
   */
  'id': (string);
}
