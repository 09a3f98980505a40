// Original file: protos/cfs/feed/v1/feed.proto


/**
 * What was removed.
 */
export interface RemoveSourceResponse {
  /**
   * How many of its articles were removed (0 without remove_articles).
   */
  'articlesRemoved'?: (number);
}

/**
 * What was removed.
 */
export interface RemoveSourceResponse__Output {
  /**
   * How many of its articles were removed (0 without remove_articles).
   */
  'articlesRemoved': (number);
}
