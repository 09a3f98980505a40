// Original file: protos/cfs/identity/v1/identity.proto

import type { Credential as _cfs_identity_v1_Credential, Credential__Output as _cfs_identity_v1_Credential__Output } from '../../../cfs/identity/v1/Credential.js';

/**
 * The revoked Credential.
 */
export interface RevokeCredentialResponse {
  /**
   * The Credential with revoked_at set (the first revocation's time); always set.
   */
  'credential'?: (_cfs_identity_v1_Credential | null);
}

/**
 * The revoked Credential.
 */
export interface RevokeCredentialResponse__Output {
  /**
   * The Credential with revoked_at set (the first revocation's time); always set.
   */
  'credential': (_cfs_identity_v1_Credential__Output | null);
}
