// Original file: protos/cfs/account/v1/account.proto

import type { PlanCapability as _cfs_account_v1_PlanCapability, PlanCapability__Output as _cfs_account_v1_PlanCapability__Output } from '../../../cfs/account/v1/PlanCapability.js';

export interface Plan {
  'id'?: (string);
  'name'?: (string);
  'capabilities'?: (_cfs_account_v1_PlanCapability)[];
}

export interface Plan__Output {
  'id': (string);
  'name': (string);
  'capabilities': (_cfs_account_v1_PlanCapability__Output)[];
}
