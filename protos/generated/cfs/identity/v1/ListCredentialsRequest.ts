// Original file: protos/cfs/identity/v1/identity.proto


/**
 * Asks for the Credentials of one Site.
 */
export interface ListCredentialsRequest {
  /**
   * The Site (`site_…`).
   */
  'siteId'?: (string);
  /**
   * The Customer the Site belongs to (`cus_…`); Credentials of other Customers are never listed.
   */
  'customerId'?: (string);
}

/**
 * Asks for the Credentials of one Site.
 */
export interface ListCredentialsRequest__Output {
  /**
   * The Site (`site_…`).
   */
  'siteId': (string);
  /**
   * The Customer the Site belongs to (`cus_…`); Credentials of other Customers are never listed.
   */
  'customerId': (string);
}
