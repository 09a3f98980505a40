// Original file: protos/cfs/account/v1/account.proto


/**
 * Asks for one Site of one Customer.
 */
export interface GetSiteRequest {
  /**
   * The Customer the Site must belong to (`cus_…`).
   */
  'customerId'?: (string);
  /**
   * The Site (`site_…`).
   */
  'siteId'?: (string);
}

/**
 * Asks for one Site of one Customer.
 */
export interface GetSiteRequest__Output {
  /**
   * The Customer the Site must belong to (`cus_…`).
   */
  'customerId': (string);
  /**
   * The Site (`site_…`).
   */
  'siteId': (string);
}
