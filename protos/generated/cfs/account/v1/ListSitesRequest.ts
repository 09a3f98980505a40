// Original file: protos/cfs/account/v1/account.proto


/**
 * Asks for the Sites of one Customer.
 */
export interface ListSitesRequest {
  /**
   * The Customer (`cus_…`).
   */
  'customerId'?: (string);
}

/**
 * Asks for the Sites of one Customer.
 */
export interface ListSitesRequest__Output {
  /**
   * The Customer (`cus_…`).
   */
  'customerId': (string);
}
