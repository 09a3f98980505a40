// Original file: protos/cfs/account/v1/account.proto

import type { Long } from '@grpc/proto-loader';

export interface PlanCapability {
  'capability'?: (string);
  'quota'?: (number | string | Long);
  'period'?: (string);
  '_quota'?: "quota";
}

export interface PlanCapability__Output {
  'capability': (string);
  'quota'?: (string);
  'period': (string);
  '_quota'?: "quota";
}
