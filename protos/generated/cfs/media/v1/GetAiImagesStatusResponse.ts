// Original file: protos/cfs/media/v1/media.proto


/**
 * The platform-wide AI image status.
 */
export interface GetAiImagesStatusResponse {
  /**
   * operational, degraded or paused.
   */
  'status'?: (string);
  /**
   * When an operator last set it (RFC 3339 UTC); 1970-01-01T00:00:00.000Z if never.
   */
  'updatedAt'?: (string);
  /**
   * Why, in a short fixed sentence safe to show anyone (never a provider's text).
   */
  'reason'?: (string);
  /**
   * When the status was computed (RFC 3339 UTC).
   */
  'checkedAt'?: (string);
}

/**
 * The platform-wide AI image status.
 */
export interface GetAiImagesStatusResponse__Output {
  /**
   * operational, degraded or paused.
   */
  'status': (string);
  /**
   * When an operator last set it (RFC 3339 UTC); 1970-01-01T00:00:00.000Z if never.
   */
  'updatedAt': (string);
  /**
   * Why, in a short fixed sentence safe to show anyone (never a provider's text).
   */
  'reason': (string);
  /**
   * When the status was computed (RFC 3339 UTC).
   */
  'checkedAt': (string);
}
