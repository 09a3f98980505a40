// Original file: protos/cfs/media/v1/media.proto


/**
 * Asks for a Site's recent generation attempts.
 */
export interface ListGenerationsRequest {
  /**
   * The Site (`site_…`).
   */
  'siteId'?: (string);
  /**
   * How many, newest first: 1 to 100; 0 means 20.
   */
  'limit'?: (number);
}

/**
 * Asks for a Site's recent generation attempts.
 */
export interface ListGenerationsRequest__Output {
  /**
   * The Site (`site_…`).
   */
  'siteId': (string);
  /**
   * How many, newest first: 1 to 100; 0 means 20.
   */
  'limit': (number);
}
