// Original file: protos/cfs/feed/v1/feed.proto


/**
 * An article of a feed.
 */
export interface Article {
  /**
   * The article's id: as imported (1 to 64 letters, digits, _ . : -), or `art_` and 24 hex
   * digits derived from its url when the import gave none.
   */
  'id'?: (string);
  /**
   * The title: 1 to 500 characters.
   */
  'title'?: (string);
  /**
   * The article's address: an absolute http(s) URL (a domain name for imported articles; on any
   * host, as the publisher gave it, for articles read from a Source).
   */
  'url'?: (string);
  /**
   * A summary of at most 5000 characters (may hold line breaks); absent when the article has none.
   */
  'summary'?: (string);
  /**
   * When the article was published (RFC 3339 UTC); the feed's order.
   */
  'publishedAt'?: (string);
  /**
   * The keys of its categories, sorted; at least one.
   */
  'categories'?: (string)[];
  /**
   * The key of its generated image (served at /media/generated/<key>); absent when it has none.
   */
  'imageKey'?: (string);
  /**
   * The publisher's own image of an article read from a Source: an absolute http(s) URL on any
   * host, as the publisher gave it (not a copy); absent when it gave none and for imported articles.
   */
  'imageUrl'?: (string);
  '_summary'?: "summary";
  '_imageKey'?: "imageKey";
  '_imageUrl'?: "imageUrl";
}

/**
 * An article of a feed.
 */
export interface Article__Output {
  /**
   * The article's id: as imported (1 to 64 letters, digits, _ . : -), or `art_` and 24 hex
   * digits derived from its url when the import gave none.
   */
  'id': (string);
  /**
   * The title: 1 to 500 characters.
   */
  'title': (string);
  /**
   * The article's address: an absolute http(s) URL (a domain name for imported articles; on any
   * host, as the publisher gave it, for articles read from a Source).
   */
  'url': (string);
  /**
   * A summary of at most 5000 characters (may hold line breaks); absent when the article has none.
   */
  'summary'?: (string);
  /**
   * When the article was published (RFC 3339 UTC); the feed's order.
   */
  'publishedAt': (string);
  /**
   * The keys of its categories, sorted; at least one.
   */
  'categories': (string)[];
  /**
   * The key of its generated image (served at /media/generated/<key>); absent when it has none.
   */
  'imageKey'?: (string);
  /**
   * The publisher's own image of an article read from a Source: an absolute http(s) URL on any
   * host, as the publisher gave it (not a copy); absent when it gave none and for imported articles.
   */
  'imageUrl'?: (string);
  '_summary'?: "summary";
  '_imageKey'?: "imageKey";
  '_imageUrl'?: "imageUrl";
}
