// Original file: protos/cfs/identity/v1/identity.proto

import type { User as _cfs_identity_v1_User, User__Output as _cfs_identity_v1_User__Output } from '../../../cfs/identity/v1/User.js';

/**
 * The Users of a Customer.
 */
export interface ListUsersResponse {
  /**
   * Oldest first; empty when there are none.
   */
  'users'?: (_cfs_identity_v1_User)[];
}

/**
 * The Users of a Customer.
 */
export interface ListUsersResponse__Output {
  /**
   * Oldest first; empty when there are none.
   */
  'users': (_cfs_identity_v1_User__Output)[];
}
