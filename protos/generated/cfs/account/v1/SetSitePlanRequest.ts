// Original file: protos/cfs/account/v1/account.proto


/**
 * Sets the plan of a Site.
 */
export interface SetSitePlanRequest {
  /**
   * The Site (`site_…`), of any Customer.
   */
  'siteId'?: (string);
  /**
   * A plan id of the catalog (e.g. `starter`).
   */
  'plan'?: (string);
}

/**
 * Sets the plan of a Site.
 */
export interface SetSitePlanRequest__Output {
  /**
   * The Site (`site_…`), of any Customer.
   */
  'siteId': (string);
  /**
   * A plan id of the catalog (e.g. `starter`).
   */
  'plan': (string);
}
