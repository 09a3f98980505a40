// Original file: protos/cfs/identity/v1/identity.proto


/**
 * Asks for the Users of a Customer.
 */
export interface ListUsersRequest {
  /**
   * The Customer (`cus_…`).
   */
  'customerId'?: (string);
}

/**
 * Asks for the Users of a Customer.
 */
export interface ListUsersRequest__Output {
  /**
   * The Customer (`cus_…`).
   */
  'customerId': (string);
}
