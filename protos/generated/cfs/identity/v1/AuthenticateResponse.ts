// Original file: protos/cfs/identity/v1/identity.proto

import type { Credential as _cfs_identity_v1_Credential, Credential__Output as _cfs_identity_v1_Credential__Output } from '../../../cfs/identity/v1/Credential.js';

export interface AuthenticateResponse {
  'credential'?: (_cfs_identity_v1_Credential | null);
}

export interface AuthenticateResponse__Output {
  'credential': (_cfs_identity_v1_Credential__Output | null);
}
