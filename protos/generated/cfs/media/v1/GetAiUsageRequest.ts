// Original file: protos/cfs/media/v1/media.proto

import type { Long } from '@grpc/proto-loader';

export interface GetAiUsageRequest {
  'siteId'?: (string);
  'budget'?: (number | string | Long);
  'period'?: (string);
  '_budget'?: "budget";
}

export interface GetAiUsageRequest__Output {
  'siteId': (string);
  'budget'?: (string);
  'period': (string);
  '_budget'?: "budget";
}
