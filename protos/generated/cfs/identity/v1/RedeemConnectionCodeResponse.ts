// Original file: protos/cfs/identity/v1/identity.proto

import type { Credential as _cfs_identity_v1_Credential, Credential__Output as _cfs_identity_v1_Credential__Output } from '../../../cfs/identity/v1/Credential.js';

/**
 * The connector Credential the code was exchanged for.
 */
export interface RedeemConnectionCodeResponse {
  /**
   * The new connector Credential of the code's Site; always set.
   */
  'credential'?: (_cfs_identity_v1_Credential | null);
  /**
   * Its bearer token (`cfs_…`): in this answer only.
   */
  'secret'?: (string);
}

/**
 * The connector Credential the code was exchanged for.
 */
export interface RedeemConnectionCodeResponse__Output {
  /**
   * The new connector Credential of the code's Site; always set.
   */
  'credential': (_cfs_identity_v1_Credential__Output | null);
  /**
   * Its bearer token (`cfs_…`): in this answer only.
   */
  'secret': (string);
}
