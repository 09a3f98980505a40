// Original file: protos/cfs/media/v1/media.proto

import type { Long } from '@grpc/proto-loader';

export interface GetAiUsageResponse {
  'period'?: (string);
  'used'?: (number | string | Long);
  'budget'?: (number | string | Long);
  'remaining'?: (number | string | Long);
  'status'?: (string);
  'periodStart'?: (string);
  'resetsAt'?: (string);
  '_budget'?: "budget";
  '_remaining'?: "remaining";
}

export interface GetAiUsageResponse__Output {
  'period': (string);
  'used': (string);
  'budget'?: (string);
  'remaining'?: (string);
  'status': (string);
  'periodStart': (string);
  'resetsAt': (string);
  '_budget'?: "budget";
  '_remaining'?: "remaining";
}
