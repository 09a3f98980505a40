// Original file: protos/cfs/feed/v1/feed.proto


/**
 * An item of a feed that was not imported, and why.
 */
export interface RejectedItem {
  /**
   * The item's identity (guid, id or link), else its title or position; at most 200 characters.
   */
  'item'?: (string);
  /**
   * Why, in one sentence.
   */
  'reason'?: (string);
}

/**
 * An item of a feed that was not imported, and why.
 */
export interface RejectedItem__Output {
  /**
   * The item's identity (guid, id or link), else its title or position; at most 200 characters.
   */
  'item': (string);
  /**
   * Why, in one sentence.
   */
  'reason': (string);
}
