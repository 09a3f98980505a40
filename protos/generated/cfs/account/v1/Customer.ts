// Original file: protos/cfs/account/v1/account.proto


/**
 * A Customer: the account that owns Sites.
 */
export interface Customer {
  /**
   * The Customer's id: `cus_` and 26 base32 characters.
   */
  'id'?: (string);
  /**
   * Display name: 1 to 200 characters, trimmed, no control characters.
   */
  'name'?: (string);
  /**
   * Contact e-mail address, at most 320 characters.
   */
  'email'?: (string);
  /**
   * When the Customer was created (RFC 3339 UTC).
   */
  'createdAt'?: (string);
  /**
   * When the name or e-mail address last changed (RFC 3339 UTC); created_at until then.
   */
  'updatedAt'?: (string);
}

/**
 * A Customer: the account that owns Sites.
 */
export interface Customer__Output {
  /**
   * The Customer's id: `cus_` and 26 base32 characters.
   */
  'id': (string);
  /**
   * Display name: 1 to 200 characters, trimmed, no control characters.
   */
  'name': (string);
  /**
   * Contact e-mail address, at most 320 characters.
   */
  'email': (string);
  /**
   * When the Customer was created (RFC 3339 UTC).
   */
  'createdAt': (string);
  /**
   * When the name or e-mail address last changed (RFC 3339 UTC); created_at until then.
   */
  'updatedAt': (string);
}
