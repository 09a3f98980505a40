// Original file: protos/cfs/identity/v1/identity.proto


/**
 * A Credential: what a bearer token stands for. Never carries the secret.
 */
export interface Credential {
  /**
   * The Credential's id: `cred_` and 26 base32 characters (not the token).
   */
  'id'?: (string);
  /**
   * The Site it acts for (`site_…`).
   */
  'siteId'?: (string);
  /**
   * The Customer that owns the Site (`cus_…`).
   */
  'customerId'?: (string);
  /**
   * Display name: 1 to 100 characters (e.g. `Owner`, `CMS connector`).
   */
  'name'?: (string);
  /**
   * The customer scopes it holds, e.g. `feed.read`, `subscription.manage`, `account.read`,
   * `account.manage`, `billing.manage`, `ai.usage.read`, `ai.images.read`, `seo.profile.manage`.
   */
  'scopes'?: (string)[];
  /**
   * The product it was issued for (KNOWN_PRODUCTS, by default `content-feed` or `seo-suite`); the
   * gateway serves content-feed only.
   */
  'audience'?: (string);
  /**
   * When it stops working (RFC 3339 UTC); absent: it never expires.
   */
  'expiresAt'?: (string);
  /**
   * When it was revoked (RFC 3339 UTC); absent while it is not revoked.
   */
  'revokedAt'?: (string);
  /**
   * When it was created (RFC 3339 UTC).
   */
  'createdAt'?: (string);
  '_expiresAt'?: "expiresAt";
  '_revokedAt'?: "revokedAt";
}

/**
 * A Credential: what a bearer token stands for. Never carries the secret.
 */
export interface Credential__Output {
  /**
   * The Credential's id: `cred_` and 26 base32 characters (not the token).
   */
  'id': (string);
  /**
   * The Site it acts for (`site_…`).
   */
  'siteId': (string);
  /**
   * The Customer that owns the Site (`cus_…`).
   */
  'customerId': (string);
  /**
   * Display name: 1 to 100 characters (e.g. `Owner`, `CMS connector`).
   */
  'name': (string);
  /**
   * The customer scopes it holds, e.g. `feed.read`, `subscription.manage`, `account.read`,
   * `account.manage`, `billing.manage`, `ai.usage.read`, `ai.images.read`, `seo.profile.manage`.
   */
  'scopes': (string)[];
  /**
   * The product it was issued for (KNOWN_PRODUCTS, by default `content-feed` or `seo-suite`); the
   * gateway serves content-feed only.
   */
  'audience': (string);
  /**
   * When it stops working (RFC 3339 UTC); absent: it never expires.
   */
  'expiresAt'?: (string);
  /**
   * When it was revoked (RFC 3339 UTC); absent while it is not revoked.
   */
  'revokedAt'?: (string);
  /**
   * When it was created (RFC 3339 UTC).
   */
  'createdAt': (string);
  '_expiresAt'?: "expiresAt";
  '_revokedAt'?: "revokedAt";
}
