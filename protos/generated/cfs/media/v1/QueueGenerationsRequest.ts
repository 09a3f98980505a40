// Original file: protos/cfs/media/v1/media.proto

import type { GenerationJob as _cfs_media_v1_GenerationJob, GenerationJob__Output as _cfs_media_v1_GenerationJob__Output } from '../../../cfs/media/v1/GenerationJob.js';

/**
 * Jobs to queue.
 */
export interface QueueGenerationsRequest {
  /**
   * The jobs, each checked and queued on its own.
   */
  'jobs'?: (_cfs_media_v1_GenerationJob)[];
}

/**
 * Jobs to queue.
 */
export interface QueueGenerationsRequest__Output {
  /**
   * The jobs, each checked and queued on its own.
   */
  'jobs': (_cfs_media_v1_GenerationJob__Output)[];
}
