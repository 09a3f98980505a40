// Original file: protos/cfs/feed/v1/feed.proto


/**
 * Asks for articles by id.
 */
export interface GetArticlesRequest {
  /**
   * Article ids, at most 1000; unknown ones are skipped.
   */
  'ids'?: (string)[];
}

/**
 * Asks for articles by id.
 */
export interface GetArticlesRequest__Output {
  /**
   * Article ids, at most 1000; unknown ones are skipped.
   */
  'ids': (string)[];
}
