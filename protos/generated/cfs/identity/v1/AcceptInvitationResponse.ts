// Original file: protos/cfs/identity/v1/identity.proto

import type { User as _cfs_identity_v1_User, User__Output as _cfs_identity_v1_User__Output } from '../../../cfs/identity/v1/User.js';

/**
 * The User whose password was set.
 */
export interface AcceptInvitationResponse {
  /**
   * The User, now active; always set.
   */
  'user'?: (_cfs_identity_v1_User | null);
}

/**
 * The User whose password was set.
 */
export interface AcceptInvitationResponse__Output {
  /**
   * The User, now active; always set.
   */
  'user': (_cfs_identity_v1_User__Output | null);
}
