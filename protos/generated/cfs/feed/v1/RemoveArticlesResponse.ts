// Original file: protos/cfs/feed/v1/feed.proto


/**
 * How many of the ids were articles (and are removed now).
 */
export interface RemoveArticlesResponse {
  /**
   * The number removed.
   */
  'removed'?: (number);
}

/**
 * How many of the ids were articles (and are removed now).
 */
export interface RemoveArticlesResponse__Output {
  /**
   * The number removed.
   */
  'removed': (number);
}
