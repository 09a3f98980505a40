// Original file: protos/cfs/feed/v1/feed.proto


/**
 * Asks for the Sources.
 */
export interface ListSourcesRequest {
  /**
   * Only Sources whose last fetch failed (failing or gone).
   */
  'failing'?: (boolean);
}

/**
 * Asks for the Sources.
 */
export interface ListSourcesRequest__Output {
  /**
   * Only Sources whose last fetch failed (failing or gone).
   */
  'failing': (boolean);
}
