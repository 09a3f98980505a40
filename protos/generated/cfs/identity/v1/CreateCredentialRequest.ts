// Original file: protos/cfs/identity/v1/identity.proto


/**
 * Creates a Credential.
 */
export interface CreateCredentialRequest {
  /**
   * The Site it acts for (`site_…`).
   */
  'siteId'?: (string);
  /**
   * The Customer that owns the Site (`cus_…`).
   */
  'customerId'?: (string);
  /**
   * Display name: 1 to 100 characters, trimmed, no control characters.
   */
  'name'?: (string);
  /**
   * Customer scopes, at most 20 (duplicates ignored); an empty list makes a Credential that can
   * call nothing. Operator scopes (platform.…) and unknown scopes are refused.
   */
  'scopes'?: (string)[];
  /**
   * The product it is for, one of KNOWN_PRODUCTS (by default `content-feed` or `seo-suite`).
   */
  'audience'?: (string);
  /**
   * When it stops working: an RFC 3339 time in the future; absent or empty: it never expires
   * (but see issuer_credential_id).
   */
  'expiresAt'?: (string);
  /**
   * The Credential asking, when a customer's Credential creates another through the public API:
   * the new one may hold only scopes the issuer holds and only the issuer's audience (else
   * PERMISSION_DENIED with SCOPE_DENIED), and expires no later than the issuer (its expires_at is
   * capped). Absent for operators and dashboard users, who may grant every customer scope and
   * choose any known audience.
   */
  'issuerCredentialId'?: (string);
  '_expiresAt'?: "expiresAt";
  '_issuerCredentialId'?: "issuerCredentialId";
}

/**
 * Creates a Credential.
 */
export interface CreateCredentialRequest__Output {
  /**
   * The Site it acts for (`site_…`).
   */
  'siteId': (string);
  /**
   * The Customer that owns the Site (`cus_…`).
   */
  'customerId': (string);
  /**
   * Display name: 1 to 100 characters, trimmed, no control characters.
   */
  'name': (string);
  /**
   * Customer scopes, at most 20 (duplicates ignored); an empty list makes a Credential that can
   * call nothing. Operator scopes (platform.…) and unknown scopes are refused.
   */
  'scopes': (string)[];
  /**
   * The product it is for, one of KNOWN_PRODUCTS (by default `content-feed` or `seo-suite`).
   */
  'audience': (string);
  /**
   * When it stops working: an RFC 3339 time in the future; absent or empty: it never expires
   * (but see issuer_credential_id).
   */
  'expiresAt'?: (string);
  /**
   * The Credential asking, when a customer's Credential creates another through the public API:
   * the new one may hold only scopes the issuer holds and only the issuer's audience (else
   * PERMISSION_DENIED with SCOPE_DENIED), and expires no later than the issuer (its expires_at is
   * capped). Absent for operators and dashboard users, who may grant every customer scope and
   * choose any known audience.
   */
  'issuerCredentialId'?: (string);
  '_expiresAt'?: "expiresAt";
  '_issuerCredentialId'?: "issuerCredentialId";
}
