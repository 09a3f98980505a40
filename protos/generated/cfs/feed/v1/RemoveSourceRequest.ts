// Original file: protos/cfs/feed/v1/feed.proto


/**
 * Removes a Source.
 */
export interface RemoveSourceRequest {
  /**
   * The Source's id.
   */
  'id'?: (string);
  /**
   * Remove its articles from every feed too.
   */
  'removeArticles'?: (boolean);
}

/**
 * Removes a Source.
 */
export interface RemoveSourceRequest__Output {
  /**
   * The Source's id.
   */
  'id': (string);
  /**
   * Remove its articles from every feed too.
   */
  'removeArticles': (boolean);
}
