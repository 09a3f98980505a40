// Original file: protos/cfs/identity/v1/identity.proto


/**
 * Asks for a connection code.
 */
export interface CreateConnectionCodeRequest {
  /**
   * The Site the code connects (`site_…`).
   */
  'siteId'?: (string);
  /**
   * The Customer that owns the Site (`cus_…`).
   */
  'customerId'?: (string);
  /**
   * Lifetime in seconds; 0 means the default.
   * Otherwise 60 to 604800 (7 days); the default is CONNECTION_CODE_TTL_SECONDS (900 unless set).
   * With an issuer, the code expires no later than the issuer does.
   */
  'expiresInSeconds'?: (number);
  /**
   * The Credential asking, when a customer's Credential mints the code through the public API: it
   * must hold every scope the code grants (feed.read, subscription.manage) and the audience
   * content-feed (else PERMISSION_DENIED with SCOPE_DENIED). The code records it; when it is
   * revoked or expired by the redemption, the redemption answers UNAUTHENTICATED, and the
   * Credential redeemed expires no later than it. Absent for operators and dashboard users.
   */
  'issuerCredentialId'?: (string);
  '_issuerCredentialId'?: "issuerCredentialId";
}

/**
 * Asks for a connection code.
 */
export interface CreateConnectionCodeRequest__Output {
  /**
   * The Site the code connects (`site_…`).
   */
  'siteId': (string);
  /**
   * The Customer that owns the Site (`cus_…`).
   */
  'customerId': (string);
  /**
   * Lifetime in seconds; 0 means the default.
   * Otherwise 60 to 604800 (7 days); the default is CONNECTION_CODE_TTL_SECONDS (900 unless set).
   * With an issuer, the code expires no later than the issuer does.
   */
  'expiresInSeconds': (number);
  /**
   * The Credential asking, when a customer's Credential mints the code through the public API: it
   * must hold every scope the code grants (feed.read, subscription.manage) and the audience
   * content-feed (else PERMISSION_DENIED with SCOPE_DENIED). The code records it; when it is
   * revoked or expired by the redemption, the redemption answers UNAUTHENTICATED, and the
   * Credential redeemed expires no later than it. Absent for operators and dashboard users.
   */
  'issuerCredentialId'?: (string);
  '_issuerCredentialId'?: "issuerCredentialId";
}
