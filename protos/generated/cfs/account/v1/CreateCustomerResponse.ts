// Original file: protos/cfs/account/v1/account.proto

import type { Customer as _cfs_account_v1_Customer, Customer__Output as _cfs_account_v1_Customer__Output } from '../../../cfs/account/v1/Customer.js';
import type { Site as _cfs_account_v1_Site, Site__Output as _cfs_account_v1_Site__Output } from '../../../cfs/account/v1/Site.js';

export interface CreateCustomerResponse {
  'customer'?: (_cfs_account_v1_Customer | null);
  'site'?: (_cfs_account_v1_Site | null);
}

export interface CreateCustomerResponse__Output {
  'customer': (_cfs_account_v1_Customer__Output | null);
  'site': (_cfs_account_v1_Site__Output | null);
}
