// Original file: protos/cfs/feed/v1/feed.proto


/**
 * A keyset position in a feed: the last article of the previous page. The gateway turns it into
 * the public opaque, tamper-evident `cursor` and back; services never see the public form.
 */
export interface FeedCursor {
  /**
   * RFC 3339 UTC timestamp with milliseconds of the article's publishedAt.
   */
  'publishedAt'?: (string);
  /**
   * The article's id (ties on published_at are broken by id, descending).
   */
  'articleId'?: (string);
}

/**
 * A keyset position in a feed: the last article of the previous page. The gateway turns it into
 * the public opaque, tamper-evident `cursor` and back; services never see the public form.
 */
export interface FeedCursor__Output {
  /**
   * RFC 3339 UTC timestamp with milliseconds of the article's publishedAt.
   */
  'publishedAt': (string);
  /**
   * The article's id (ties on published_at are broken by id, descending).
   */
  'articleId': (string);
}
