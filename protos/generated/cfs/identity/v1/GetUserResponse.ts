// Original file: protos/cfs/identity/v1/identity.proto

import type { User as _cfs_identity_v1_User, User__Output as _cfs_identity_v1_User__Output } from '../../../cfs/identity/v1/User.js';

/**
 * One User.
 */
export interface GetUserResponse {
  /**
   * The User; always set.
   */
  'user'?: (_cfs_identity_v1_User | null);
}

/**
 * One User.
 */
export interface GetUserResponse__Output {
  /**
   * The User; always set.
   */
  'user': (_cfs_identity_v1_User__Output | null);
}
