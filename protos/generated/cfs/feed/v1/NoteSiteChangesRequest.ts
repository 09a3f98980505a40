// Original file: protos/cfs/feed/v1/feed.proto


/**
 * Notes changes made for one Site.
 */
export interface NoteSiteChangesRequest {
  /**
   * The Site (`site_…`).
   */
  'siteId'?: (string);
  /**
   * The articles: 1 to 1000.
   */
  'articleIds'?: (string)[];
}

/**
 * Notes changes made for one Site.
 */
export interface NoteSiteChangesRequest__Output {
  /**
   * The Site (`site_…`).
   */
  'siteId': (string);
  /**
   * The articles: 1 to 1000.
   */
  'articleIds': (string)[];
}
