// Original file: protos/cfs/feed/v1/feed.proto


/**
 * A position in the order articles changed in.
 */
export interface ArticleChangePosition {
  /**
   * RFC 3339 UTC timestamp with milliseconds: the article's updated_at.
   */
  'updatedAt'?: (string);
  /**
   * The article's id (ties on updated_at are broken by id, ascending).
   */
  'articleId'?: (string);
}

/**
 * A position in the order articles changed in.
 */
export interface ArticleChangePosition__Output {
  /**
   * RFC 3339 UTC timestamp with milliseconds: the article's updated_at.
   */
  'updatedAt': (string);
  /**
   * The article's id (ties on updated_at are broken by id, ascending).
   */
  'articleId': (string);
}
