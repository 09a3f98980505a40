// Original file: protos/cfs/account/v1/account.proto

import type { PlanCapability as _cfs_account_v1_PlanCapability, PlanCapability__Output as _cfs_account_v1_PlanCapability__Output } from '../../../cfs/account/v1/PlanCapability.js';
import type { Long } from '@grpc/proto-loader';

export interface Plan {
  'id'?: (string);
  'name'?: (string);
  'capabilities'?: (_cfs_account_v1_PlanCapability)[];
  'aiBudget'?: (number | string | Long);
  'aiBudgetPeriod'?: (string);
  'stripePriceId'?: (string);
  '_aiBudget'?: "aiBudget";
  '_stripePriceId'?: "stripePriceId";
}

export interface Plan__Output {
  'id': (string);
  'name': (string);
  'capabilities': (_cfs_account_v1_PlanCapability__Output)[];
  'aiBudget'?: (string);
  'aiBudgetPeriod': (string);
  'stripePriceId'?: (string);
  '_aiBudget'?: "aiBudget";
  '_stripePriceId'?: "stripePriceId";
}
