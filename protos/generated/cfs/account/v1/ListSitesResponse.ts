// Original file: protos/cfs/account/v1/account.proto

import type { Site as _cfs_account_v1_Site, Site__Output as _cfs_account_v1_Site__Output } from '../../../cfs/account/v1/Site.js';

export interface ListSitesResponse {
  'sites'?: (_cfs_account_v1_Site)[];
}

export interface ListSitesResponse__Output {
  'sites': (_cfs_account_v1_Site__Output)[];
}
