// Original file: protos/cfs/account/v1/account.proto


/**
 * Replaces a Site's own fields as a whole.
 */
export interface UpdateSiteRequest {
  /**
   * The Customer the Site must belong to (`cus_…`).
   */
  'customerId'?: (string);
  /**
   * The Site (`site_…`).
   */
  'siteId'?: (string);
  /**
   * The new display name: 1 to 200 characters, trimmed, no control characters.
   */
  'name'?: (string);
  /**
   * The new public address: an absolute http(s) URL with a domain name, at most 2048 characters
   * (the service also accepts empty: no address; the public API always requires one).
   */
  'url'?: (string);
}

/**
 * Replaces a Site's own fields as a whole.
 */
export interface UpdateSiteRequest__Output {
  /**
   * The Customer the Site must belong to (`cus_…`).
   */
  'customerId': (string);
  /**
   * The Site (`site_…`).
   */
  'siteId': (string);
  /**
   * The new display name: 1 to 200 characters, trimmed, no control characters.
   */
  'name': (string);
  /**
   * The new public address: an absolute http(s) URL with a domain name, at most 2048 characters
   * (the service also accepts empty: no address; the public API always requires one).
   */
  'url': (string);
}
