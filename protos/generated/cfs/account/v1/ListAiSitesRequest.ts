// Original file: protos/cfs/account/v1/account.proto


/**
 * Asks for the Sites that get AI generation.
 */
export interface ListAiSitesRequest {
  /**
   * Only Sites with an id greater than this (paging); empty: from the start.
   */
  'afterSiteId'?: (string);
  /**
   * At most this many Sites: 1 to 1000.
   */
  'limit'?: (number);
  /**
   * Only these Sites (each answered only when it qualifies); empty: every Site.
   */
  'siteIds'?: (string)[];
}

/**
 * Asks for the Sites that get AI generation.
 */
export interface ListAiSitesRequest__Output {
  /**
   * Only Sites with an id greater than this (paging); empty: from the start.
   */
  'afterSiteId': (string);
  /**
   * At most this many Sites: 1 to 1000.
   */
  'limit': (number);
  /**
   * Only these Sites (each answered only when it qualifies); empty: every Site.
   */
  'siteIds': (string)[];
}
