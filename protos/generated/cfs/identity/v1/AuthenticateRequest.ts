// Original file: protos/cfs/identity/v1/identity.proto


/**
 * A bearer token to resolve.
 */
export interface AuthenticateRequest {
  /**
   * The token as the client sent it: `cfs_` and 54 base62 characters (lookup id, secret, checksum).
   */
  'token'?: (string);
}

/**
 * A bearer token to resolve.
 */
export interface AuthenticateRequest__Output {
  /**
   * The token as the client sent it: `cfs_` and 54 base62 characters (lookup id, secret, checksum).
   */
  'token': (string);
}
