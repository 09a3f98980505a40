// Original file: protos/cfs/feed/v1/feed.proto


/**
 * Removes articles.
 */
export interface RemoveArticlesRequest {
  /**
   * The article ids: 1 to 1000.
   */
  'ids'?: (string)[];
}

/**
 * Removes articles.
 */
export interface RemoveArticlesRequest__Output {
  /**
   * The article ids: 1 to 1000.
   */
  'ids': (string)[];
}
