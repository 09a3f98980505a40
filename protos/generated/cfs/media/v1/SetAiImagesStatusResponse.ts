// Original file: protos/cfs/media/v1/media.proto


/**
 * The AI image status as set.
 */
export interface SetAiImagesStatusResponse {
  /**
   * operational, degraded or paused.
   */
  'status'?: (string);
  /**
   * When it was set (RFC 3339 UTC).
   */
  'updatedAt'?: (string);
}

/**
 * The AI image status as set.
 */
export interface SetAiImagesStatusResponse__Output {
  /**
   * operational, degraded or paused.
   */
  'status': (string);
  /**
   * When it was set (RFC 3339 UTC).
   */
  'updatedAt': (string);
}
