// Original file: protos/cfs/feed/v1/feed.proto


/**
 * The verified request's answer.
 */
export interface VerifyWebSubResponse {
  /**
   * The challenge to echo as the answer's body.
   */
  'challenge'?: (string);
}

/**
 * The verified request's answer.
 */
export interface VerifyWebSubResponse__Output {
  /**
   * The challenge to echo as the answer's body.
   */
  'challenge': (string);
}
