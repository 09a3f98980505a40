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
   */
  'expiresInSeconds'?: (number);
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
   */
  'expiresInSeconds': (number);
}
