// Original file: protos/cfs/media/v1/media.proto


/**
 * What was queued.
 */
export interface QueueGenerationsResponse {
  /**
   * Jobs newly queued (a triple already queued or running counts 0).
   */
  'queued'?: (number);
}

/**
 * What was queued.
 */
export interface QueueGenerationsResponse__Output {
  /**
   * Jobs newly queued (a triple already queued or running counts 0).
   */
  'queued': (number);
}
