// Original file: protos/cfs/account/v1/account.proto


/**
 * Replaces a Customer's own fields as a whole.
 */
export interface UpdateCustomerRequest {
  /**
   * The Customer (`cus_…`).
   */
  'customerId'?: (string);
  /**
   * The new display name: 1 to 200 characters, trimmed, no control characters.
   */
  'name'?: (string);
  /**
   * The new e-mail address: a valid address of at most 320 characters.
   */
  'email'?: (string);
}

/**
 * Replaces a Customer's own fields as a whole.
 */
export interface UpdateCustomerRequest__Output {
  /**
   * The Customer (`cus_…`).
   */
  'customerId': (string);
  /**
   * The new display name: 1 to 200 characters, trimmed, no control characters.
   */
  'name': (string);
  /**
   * The new e-mail address: a valid address of at most 320 characters.
   */
  'email': (string);
}
