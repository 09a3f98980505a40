// Original file: protos/cfs/account/v1/account.proto

import type { Site as _cfs_account_v1_Site, Site__Output as _cfs_account_v1_Site__Output } from '../../../cfs/account/v1/Site.js';
import type { Customer as _cfs_account_v1_Customer, Customer__Output as _cfs_account_v1_Customer__Output } from '../../../cfs/account/v1/Customer.js';

export interface ResolveSiteResponse {
  'site'?: (_cfs_account_v1_Site | null);
  'customer'?: (_cfs_account_v1_Customer | null);
}

export interface ResolveSiteResponse__Output {
  'site': (_cfs_account_v1_Site__Output | null);
  'customer': (_cfs_account_v1_Customer__Output | null);
}
