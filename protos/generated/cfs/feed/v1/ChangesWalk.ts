// Original file: protos/cfs/feed/v1/feed.proto


/**
 * A walk over the articles (then the removed ones) of the categories a subscription change touched.
 */
export interface ChangesWalk {
  /**
   * The subscription version the walk brings the copy to.
   */
  'to'?: (number);
  /**
   * The change counter when the walk started: changes after it are replayed after the walk.
   */
  'from'?: (string);
  /**
   * `articles` or `removed`.
   */
  'stage'?: (string);
  /**
   * The last article id the walk answered in its stage; empty at its start.
   */
  'after'?: (string);
}

/**
 * A walk over the articles (then the removed ones) of the categories a subscription change touched.
 */
export interface ChangesWalk__Output {
  /**
   * The subscription version the walk brings the copy to.
   */
  'to': (number);
  /**
   * The change counter when the walk started: changes after it are replayed after the walk.
   */
  'from': (string);
  /**
   * `articles` or `removed`.
   */
  'stage': (string);
  /**
   * The last article id the walk answered in its stage; empty at its start.
   */
  'after': (string);
}
