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
  /**
   * The sender's sequence number of this Site's plan changes (billing's outbox). A change whose
   * number is not above the last one applied is stale, e.g. a call that outlived its sender's
   * deadline and arrived after a newer one: it changes nothing and answers the Site as it is.
   * Unset (the operator CLI): applied, and the sequence is left as it is.
   */
  'planVersion'?: (number);
  '_planVersion'?: "planVersion";
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
  /**
   * The sender's sequence number of this Site's plan changes (billing's outbox). A change whose
   * number is not above the last one applied is stale, e.g. a call that outlived its sender's
   * deadline and arrived after a newer one: it changes nothing and answers the Site as it is.
   * Unset (the operator CLI): applied, and the sequence is left as it is.
   */
  'planVersion'?: (number);
  '_planVersion'?: "planVersion";
}
