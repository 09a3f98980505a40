// Original file: protos/cfs/media/v1/media.proto

import type { Long } from '@grpc/proto-loader';

export interface RecordAiUsageRequest {
  'siteId'?: (string);
  'units'?: (number | string | Long);
  'kind'?: (string);
}

export interface RecordAiUsageRequest__Output {
  'siteId': (string);
  'units': (string);
  'kind': (string);
}
