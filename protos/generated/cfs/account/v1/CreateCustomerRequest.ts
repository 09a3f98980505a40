// Original file: protos/cfs/account/v1/account.proto


/**
 * Creates a Customer and its first Site.
 */
export interface CreateCustomerRequest {
  /**
   * The Customer's display name: 1 to 200 characters, trimmed, no control characters.
   */
  'name'?: (string);
  /**
   * The Customer's e-mail address: a valid address of at most 320 characters.
   */
  'email'?: (string);
  /**
   * Plan of the first Site; empty means the catalog's default plan.
   */
  'plan'?: (string);
  /**
   * Name of the first Site (1 to 200 characters); empty means the Customer's name.
   */
  'siteName'?: (string);
  /**
   * Public address of the first Site: an absolute http(s) URL with a domain name, at most 2048
   * characters; empty leaves the Site without an address for now.
   */
  'siteUrl'?: (string);
}

/**
 * Creates a Customer and its first Site.
 */
export interface CreateCustomerRequest__Output {
  /**
   * The Customer's display name: 1 to 200 characters, trimmed, no control characters.
   */
  'name': (string);
  /**
   * The Customer's e-mail address: a valid address of at most 320 characters.
   */
  'email': (string);
  /**
   * Plan of the first Site; empty means the catalog's default plan.
   */
  'plan': (string);
  /**
   * Name of the first Site (1 to 200 characters); empty means the Customer's name.
   */
  'siteName': (string);
  /**
   * Public address of the first Site: an absolute http(s) URL with a domain name, at most 2048
   * characters; empty leaves the Site without an address for now.
   */
  'siteUrl': (string);
}
