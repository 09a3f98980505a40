// Original file: protos/cfs/feed/v1/feed.proto


/**
 * What the import did.
 */
export interface ImportTaxonomyResponse {
  /**
   * How many categories were new.
   */
  'created'?: (number);
  /**
   * How many categories existed and were updated.
   */
  'updated'?: (number);
}

/**
 * What the import did.
 */
export interface ImportTaxonomyResponse__Output {
  /**
   * How many categories were new.
   */
  'created': (number);
  /**
   * How many categories existed and were updated.
   */
  'updated': (number);
}
