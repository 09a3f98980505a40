// Original file: protos/cfs/identity/v1/identity.proto

import type { Credential as _cfs_identity_v1_Credential, Credential__Output as _cfs_identity_v1_Credential__Output } from '../../../cfs/identity/v1/Credential.js';

/**
 * The Credential behind a valid token.
 */
export interface AuthenticateResponse {
  /**
   * The Credential: neither revoked nor expired; always set.
   */
  'credential'?: (_cfs_identity_v1_Credential | null);
}

/**
 * The Credential behind a valid token.
 */
export interface AuthenticateResponse__Output {
  /**
   * The Credential: neither revoked nor expired; always set.
   */
  'credential': (_cfs_identity_v1_Credential__Output | null);
}
