// Original file: protos/cfs/account/v1/account.proto

import type { Site as _cfs_account_v1_Site, Site__Output as _cfs_account_v1_Site__Output } from '../../../cfs/account/v1/Site.js';
import type { Plan as _cfs_account_v1_Plan, Plan__Output as _cfs_account_v1_Plan__Output } from '../../../cfs/account/v1/Plan.js';

export interface GetSiteResponse {
  'site'?: (_cfs_account_v1_Site | null);
  'plan'?: (_cfs_account_v1_Plan | null);
}

export interface GetSiteResponse__Output {
  'site': (_cfs_account_v1_Site__Output | null);
  'plan': (_cfs_account_v1_Plan__Output | null);
}
