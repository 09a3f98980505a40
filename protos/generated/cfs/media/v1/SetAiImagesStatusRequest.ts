// Original file: protos/cfs/media/v1/media.proto


/**
 * Sets the AI image status.
 */
export interface SetAiImagesStatusRequest {
  /**
   * operational, degraded or paused.
   */
  'status'?: (string);
}

/**
 * Sets the AI image status.
 */
export interface SetAiImagesStatusRequest__Output {
  /**
   * operational, degraded or paused.
   */
  'status': (string);
}
