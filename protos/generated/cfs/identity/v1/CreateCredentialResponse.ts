// Original file: protos/cfs/identity/v1/identity.proto

import type { Credential as _cfs_identity_v1_Credential, Credential__Output as _cfs_identity_v1_Credential__Output } from '../../../cfs/identity/v1/Credential.js';

/**
 * The Credential created and its secret.
 */
export interface CreateCredentialResponse {
  /**
   * The new Credential (expires_at as stored, after any cap); always set.
   */
  'credential'?: (_cfs_identity_v1_Credential | null);
  /**
   * The bearer token (`cfs_…`): in this answer only, stored as a keyed hash and never shown again.
   */
  'secret'?: (string);
}

/**
 * The Credential created and its secret.
 */
export interface CreateCredentialResponse__Output {
  /**
   * The new Credential (expires_at as stored, after any cap); always set.
   */
  'credential': (_cfs_identity_v1_Credential__Output | null);
  /**
   * The bearer token (`cfs_…`): in this answer only, stored as a keyed hash and never shown again.
   */
  'secret': (string);
}
