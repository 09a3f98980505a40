// Original file: protos/cfs/feed/v1/feed.proto


/**
 * One line of an article import file.
 */
export interface ArticleInput {
  /**
   * The line of the import file, echoed back in rejections.
   */
  'line'?: (number);
  /**
   * Ignored (see json): the article's id.
   */
  'id'?: (string);
  /**
   * Ignored (see json): the title.
   */
  'title'?: (string);
  /**
   * Ignored (see json): the article's address.
   */
  'url'?: (string);
  /**
   * Ignored (see json): the summary.
   */
  'summary'?: (string);
  /**
   * Ignored (see json): the publication time.
   */
  'publishedAt'?: (string);
  /**
   * Ignored (see json): the category keys.
   */
  'categories'?: (string)[];
  /**
   * Ignored (see json): the key of the article's generated image.
   */
  'imageKey'?: (string);
  /**
   * The line's JSON object as written in the file:
   * {"id"?, "title", "url", "summary"?, "publishedAt", "categories": [...], "imageKey"?}.
   * The service validates this text only (so a wrongly typed field is reported, not coerced); the
   * typed fields below are ignored, and an empty or unparsable json rejects the line as not valid
   * JSON.
   */
  'json'?: (string);
  '_id'?: "id";
  '_summary'?: "summary";
  '_imageKey'?: "imageKey";
}

/**
 * One line of an article import file.
 */
export interface ArticleInput__Output {
  /**
   * The line of the import file, echoed back in rejections.
   */
  'line': (number);
  /**
   * Ignored (see json): the article's id.
   */
  'id'?: (string);
  /**
   * Ignored (see json): the title.
   */
  'title': (string);
  /**
   * Ignored (see json): the article's address.
   */
  'url': (string);
  /**
   * Ignored (see json): the summary.
   */
  'summary'?: (string);
  /**
   * Ignored (see json): the publication time.
   */
  'publishedAt': (string);
  /**
   * Ignored (see json): the category keys.
   */
  'categories': (string)[];
  /**
   * Ignored (see json): the key of the article's generated image.
   */
  'imageKey'?: (string);
  /**
   * The line's JSON object as written in the file:
   * {"id"?, "title", "url", "summary"?, "publishedAt", "categories": [...], "imageKey"?}.
   * The service validates this text only (so a wrongly typed field is reported, not coerced); the
   * typed fields below are ignored, and an empty or unparsable json rejects the line as not valid
   * JSON.
   */
  'json': (string);
  '_id'?: "id";
  '_summary'?: "summary";
  '_imageKey'?: "imageKey";
}
