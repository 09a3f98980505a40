// Original file: protos/cfs/account/v1/account.proto

import type { Site as _cfs_account_v1_Site, Site__Output as _cfs_account_v1_Site__Output } from '../../../cfs/account/v1/Site.js';

export interface UpdateSiteResponse {
  'site'?: (_cfs_account_v1_Site | null);
}

export interface UpdateSiteResponse__Output {
  'site': (_cfs_account_v1_Site__Output | null);
}
