// Original file: protos/cfs/feed/v1/feed.proto


/**
 * A line of an import that was not imported, and why.
 */
export interface Rejection {
  /**
   * The line of the import file (ArticleInput.line).
   */
  'line'?: (number);
  /**
   * Why, in one line: `field: message` (e.g. `categories: unknown category key "x"`) or
   * `not valid JSON`; at most 300 characters.
   */
  'reason'?: (string);
}

/**
 * A line of an import that was not imported, and why.
 */
export interface Rejection__Output {
  /**
   * The line of the import file (ArticleInput.line).
   */
  'line': (number);
  /**
   * Why, in one line: `field: message` (e.g. `categories: unknown category key "x"`) or
   * `not valid JSON`; at most 300 characters.
   */
  'reason': (string);
}
