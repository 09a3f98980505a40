// Original file: protos/cfs/media/v1/media.proto

import type { Long } from '@grpc/proto-loader';

/**
 * The Site's usage after recording.
 */
export interface RecordAiUsageResponse {
  /**
   * Units the Site used in the current calendar month (UTC), these included.
   */
  'used'?: (number | string | Long);
}

/**
 * The Site's usage after recording.
 */
export interface RecordAiUsageResponse__Output {
  /**
   * Units the Site used in the current calendar month (UTC), these included.
   */
  'used': (string);
}
