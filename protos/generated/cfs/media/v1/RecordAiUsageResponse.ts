// Original file: protos/cfs/media/v1/media.proto

import type { Long } from '@grpc/proto-loader';

export interface RecordAiUsageResponse {
  'used'?: (number | string | Long);
}

export interface RecordAiUsageResponse__Output {
  'used': (string);
}
