// Original file: protos/cfs/identity/v1/identity.proto


/**
 * A new connection code.
 */
export interface CreateConnectionCodeResponse {
  /**
   * The code: `cfc_` and 32 base62 characters; single use, stored as a keyed hash only.
   */
  'code'?: (string);
  /**
   * When the code stops working (RFC 3339 UTC).
   */
  'expiresAt'?: (string);
}

/**
 * A new connection code.
 */
export interface CreateConnectionCodeResponse__Output {
  /**
   * The code: `cfc_` and 32 base62 characters; single use, stored as a keyed hash only.
   */
  'code': (string);
  /**
   * When the code stops working (RFC 3339 UTC).
   */
  'expiresAt': (string);
}
