// Original file: protos/cfs/account/v1/account.proto

import type { Site as _cfs_account_v1_Site, Site__Output as _cfs_account_v1_Site__Output } from '../../../cfs/account/v1/Site.js';
import type { Customer as _cfs_account_v1_Customer, Customer__Output as _cfs_account_v1_Customer__Output } from '../../../cfs/account/v1/Customer.js';
import type { Plan as _cfs_account_v1_Plan, Plan__Output as _cfs_account_v1_Plan__Output } from '../../../cfs/account/v1/Plan.js';

export interface ResolveSiteResponse {
  'site'?: (_cfs_account_v1_Site | null);
  'customer'?: (_cfs_account_v1_Customer | null);
  'plan'?: (_cfs_account_v1_Plan | null);
}

export interface ResolveSiteResponse__Output {
  'site': (_cfs_account_v1_Site__Output | null);
  'customer': (_cfs_account_v1_Customer__Output | null);
  'plan': (_cfs_account_v1_Plan__Output | null);
}
