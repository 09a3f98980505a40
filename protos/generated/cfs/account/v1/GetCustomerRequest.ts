// Original file: protos/cfs/account/v1/account.proto


/**
 * Asks for one Customer.
 */
export interface GetCustomerRequest {
  /**
   * The Customer (`cus_…`).
   */
  'customerId'?: (string);
}

/**
 * Asks for one Customer.
 */
export interface GetCustomerRequest__Output {
  /**
   * The Customer (`cus_…`).
   */
  'customerId': (string);
}
