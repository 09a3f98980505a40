// Original file: protos/cfs/identity/v1/identity.proto


/**
 * A person who signs in to the dashboard for one Customer. Never carries the password or its hash.
 */
export interface User {
  /**
   * The User's id: `usr_` and 26 base32 characters.
   */
  'id'?: (string);
  /**
   * The Customer the User acts for (`cus_…`).
   */
  'customerId'?: (string);
  /**
   * The e-mail the User signs in with, lower-cased; unique within the Customer.
   */
  'email'?: (string);
  /**
   * Whether the User has set a password (accepted an invitation); false while only invited.
   */
  'active'?: (boolean);
  /**
   * When the User was first invited (RFC 3339 UTC).
   */
  'createdAt'?: (string);
}

/**
 * A person who signs in to the dashboard for one Customer. Never carries the password or its hash.
 */
export interface User__Output {
  /**
   * The User's id: `usr_` and 26 base32 characters.
   */
  'id': (string);
  /**
   * The Customer the User acts for (`cus_…`).
   */
  'customerId': (string);
  /**
   * The e-mail the User signs in with, lower-cased; unique within the Customer.
   */
  'email': (string);
  /**
   * Whether the User has set a password (accepted an invitation); false while only invited.
   */
  'active': (boolean);
  /**
   * When the User was first invited (RFC 3339 UTC).
   */
  'createdAt': (string);
}
