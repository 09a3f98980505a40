// Original file: protos/cfs/media/v1/media.proto

import type { GenerationAttempt as _cfs_media_v1_GenerationAttempt, GenerationAttempt__Output as _cfs_media_v1_GenerationAttempt__Output } from '../../../cfs/media/v1/GenerationAttempt.js';

/**
 * The Site's recent generation attempts.
 */
export interface ListGenerationsResponse {
  /**
   * Newest first.
   */
  'generations'?: (_cfs_media_v1_GenerationAttempt)[];
}

/**
 * The Site's recent generation attempts.
 */
export interface ListGenerationsResponse__Output {
  /**
   * Newest first.
   */
  'generations': (_cfs_media_v1_GenerationAttempt__Output)[];
}
