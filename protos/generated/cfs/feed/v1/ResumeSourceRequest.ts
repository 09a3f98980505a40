// Original file: protos/cfs/feed/v1/feed.proto


/**
 * Resumes a Source.
 */
export interface ResumeSourceRequest {
  /**
   * The Source's id.
   */
  'id'?: (string);
}

/**
 * Resumes a Source.
 */
export interface ResumeSourceRequest__Output {
  /**
   * The Source's id.
   */
  'id': (string);
}
