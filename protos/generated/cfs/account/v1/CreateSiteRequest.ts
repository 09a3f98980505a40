// Original file: protos/cfs/account/v1/account.proto


/**
 * Creates a Site for a Customer.
 */
export interface CreateSiteRequest {
  /**
   * The owning Customer (`cus_…`).
   */
  'customerId'?: (string);
  /**
   * Display name: 1 to 200 characters, trimmed, no control characters.
   */
  'name'?: (string);
  /**
   * The Site's public address: an absolute http(s) URL with a domain name (no IP address, no
   * localhost), at most 2048 characters. The service also accepts an empty url (no address yet);
   * the public API always requires one.
   */
  'url'?: (string);
}

/**
 * Creates a Site for a Customer.
 */
export interface CreateSiteRequest__Output {
  /**
   * The owning Customer (`cus_…`).
   */
  'customerId': (string);
  /**
   * Display name: 1 to 200 characters, trimmed, no control characters.
   */
  'name': (string);
  /**
   * The Site's public address: an absolute http(s) URL with a domain name (no IP address, no
   * localhost), at most 2048 characters. The service also accepts an empty url (no address yet);
   * the public API always requires one.
   */
  'url': (string);
}
