// Original file: protos/cfs/identity/v1/identity.proto

import type { Credential as _cfs_identity_v1_Credential, Credential__Output as _cfs_identity_v1_Credential__Output } from '../../../cfs/identity/v1/Credential.js';

/**
 * The Credentials of the Site.
 */
export interface ListCredentialsResponse {
  /**
   * Newest first (created_at, then id, descending); empty when there are none.
   */
  'credentials'?: (_cfs_identity_v1_Credential)[];
}

/**
 * The Credentials of the Site.
 */
export interface ListCredentialsResponse__Output {
  /**
   * Newest first (created_at, then id, descending); empty when there are none.
   */
  'credentials': (_cfs_identity_v1_Credential__Output)[];
}
