// Original file: protos/cfs/identity/v1/identity.proto


/**
 * Asks for one User.
 */
export interface GetUserRequest {
  /**
   * The User's id (`usr_…`).
   */
  'userId'?: (string);
}

/**
 * Asks for one User.
 */
export interface GetUserRequest__Output {
  /**
   * The User's id (`usr_…`).
   */
  'userId': (string);
}
