// Original file: protos/cfs/identity/v1/identity.proto

import type { User as _cfs_identity_v1_User, User__Output as _cfs_identity_v1_User__Output } from '../../../cfs/identity/v1/User.js';

/**
 * The invitation.
 */
export interface InviteUserResponse {
  /**
   * The User, new or already invited; always set.
   */
  'user'?: (_cfs_identity_v1_User | null);
  /**
   * The one-time token (`cfi_` and 43 base64url characters) that goes into the invitation link:
   * in this answer only, stored as a keyed hash.
   */
  'invitationToken'?: (string);
  /**
   * When the token stops working (RFC 3339 UTC): 72 hours after the invitation.
   */
  'expiresAt'?: (string);
}

/**
 * The invitation.
 */
export interface InviteUserResponse__Output {
  /**
   * The User, new or already invited; always set.
   */
  'user': (_cfs_identity_v1_User__Output | null);
  /**
   * The one-time token (`cfi_` and 43 base64url characters) that goes into the invitation link:
   * in this answer only, stored as a keyed hash.
   */
  'invitationToken': (string);
  /**
   * When the token stops working (RFC 3339 UTC): 72 hours after the invitation.
   */
  'expiresAt': (string);
}
