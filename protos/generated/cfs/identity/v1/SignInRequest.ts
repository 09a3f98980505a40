// Original file: protos/cfs/identity/v1/identity.proto


/**
 * Checks a password.
 */
export interface SignInRequest {
  /**
   * The e-mail (compared without case).
   */
  'email'?: (string);
  /**
   * The password as typed.
   */
  'password'?: (string);
}

/**
 * Checks a password.
 */
export interface SignInRequest__Output {
  /**
   * The e-mail (compared without case).
   */
  'email': (string);
  /**
   * The password as typed.
   */
  'password': (string);
}
