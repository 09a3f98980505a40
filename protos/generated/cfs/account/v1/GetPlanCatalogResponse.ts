// Original file: protos/cfs/account/v1/account.proto

import type { Plan as _cfs_account_v1_Plan, Plan__Output as _cfs_account_v1_Plan__Output } from '../../../cfs/account/v1/Plan.js';

export interface GetPlanCatalogResponse {
  'defaultPlan'?: (string);
  'plans'?: (_cfs_account_v1_Plan)[];
}

export interface GetPlanCatalogResponse__Output {
  'defaultPlan': (string);
  'plans': (_cfs_account_v1_Plan__Output)[];
}
