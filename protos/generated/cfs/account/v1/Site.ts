// Original file: protos/cfs/account/v1/account.proto


/**
 * A Site of a Customer: what Credentials, subscriptions, feeds and plans belong to.
 */
export interface Site {
  /**
   * The Site's id: `site_` and 26 base32 characters.
   */
  'id'?: (string);
  /**
   * The owning Customer (`cus_…`).
   */
  'customerId'?: (string);
  /**
   * Display name: 1 to 200 characters, trimmed, no control characters.
   */
  'name'?: (string);
  /**
   * The Site's public address: an absolute http(s) URL with a domain name, at most 2048
   * characters; empty while a Site made by `customer create` has no address yet.
   */
  'url'?: (string);
  /**
   * The id of the Site's plan in the catalog (e.g. `free`, `starter`, `pro`). A plan id that has
   * left the catalog grants no capability.
   */
  'plan'?: (string);
  /**
   * When the Site was created (RFC 3339 UTC).
   */
  'createdAt'?: (string);
  /**
   * When the name, url or plan last changed (RFC 3339 UTC); created_at until then.
   */
  'updatedAt'?: (string);
}

/**
 * A Site of a Customer: what Credentials, subscriptions, feeds and plans belong to.
 */
export interface Site__Output {
  /**
   * The Site's id: `site_` and 26 base32 characters.
   */
  'id': (string);
  /**
   * The owning Customer (`cus_…`).
   */
  'customerId': (string);
  /**
   * Display name: 1 to 200 characters, trimmed, no control characters.
   */
  'name': (string);
  /**
   * The Site's public address: an absolute http(s) URL with a domain name, at most 2048
   * characters; empty while a Site made by `customer create` has no address yet.
   */
  'url': (string);
  /**
   * The id of the Site's plan in the catalog (e.g. `free`, `starter`, `pro`). A plan id that has
   * left the catalog grants no capability.
   */
  'plan': (string);
  /**
   * When the Site was created (RFC 3339 UTC).
   */
  'createdAt': (string);
  /**
   * When the name, url or plan last changed (RFC 3339 UTC); created_at until then.
   */
  'updatedAt': (string);
}
