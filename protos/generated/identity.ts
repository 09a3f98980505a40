import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { AcceptInvitationRequest as _cfs_identity_v1_AcceptInvitationRequest, AcceptInvitationRequest__Output as _cfs_identity_v1_AcceptInvitationRequest__Output } from './cfs/identity/v1/AcceptInvitationRequest.js';
import type { AcceptInvitationResponse as _cfs_identity_v1_AcceptInvitationResponse, AcceptInvitationResponse__Output as _cfs_identity_v1_AcceptInvitationResponse__Output } from './cfs/identity/v1/AcceptInvitationResponse.js';
import type { AuthenticateRequest as _cfs_identity_v1_AuthenticateRequest, AuthenticateRequest__Output as _cfs_identity_v1_AuthenticateRequest__Output } from './cfs/identity/v1/AuthenticateRequest.js';
import type { AuthenticateResponse as _cfs_identity_v1_AuthenticateResponse, AuthenticateResponse__Output as _cfs_identity_v1_AuthenticateResponse__Output } from './cfs/identity/v1/AuthenticateResponse.js';
import type { CreateConnectionCodeRequest as _cfs_identity_v1_CreateConnectionCodeRequest, CreateConnectionCodeRequest__Output as _cfs_identity_v1_CreateConnectionCodeRequest__Output } from './cfs/identity/v1/CreateConnectionCodeRequest.js';
import type { CreateConnectionCodeResponse as _cfs_identity_v1_CreateConnectionCodeResponse, CreateConnectionCodeResponse__Output as _cfs_identity_v1_CreateConnectionCodeResponse__Output } from './cfs/identity/v1/CreateConnectionCodeResponse.js';
import type { CreateCredentialRequest as _cfs_identity_v1_CreateCredentialRequest, CreateCredentialRequest__Output as _cfs_identity_v1_CreateCredentialRequest__Output } from './cfs/identity/v1/CreateCredentialRequest.js';
import type { CreateCredentialResponse as _cfs_identity_v1_CreateCredentialResponse, CreateCredentialResponse__Output as _cfs_identity_v1_CreateCredentialResponse__Output } from './cfs/identity/v1/CreateCredentialResponse.js';
import type { Credential as _cfs_identity_v1_Credential, Credential__Output as _cfs_identity_v1_Credential__Output } from './cfs/identity/v1/Credential.js';
import type { GetUserRequest as _cfs_identity_v1_GetUserRequest, GetUserRequest__Output as _cfs_identity_v1_GetUserRequest__Output } from './cfs/identity/v1/GetUserRequest.js';
import type { GetUserResponse as _cfs_identity_v1_GetUserResponse, GetUserResponse__Output as _cfs_identity_v1_GetUserResponse__Output } from './cfs/identity/v1/GetUserResponse.js';
import type { IdentityServiceClient as _cfs_identity_v1_IdentityServiceClient, IdentityServiceDefinition as _cfs_identity_v1_IdentityServiceDefinition } from './cfs/identity/v1/IdentityService.js';
import type { InviteUserRequest as _cfs_identity_v1_InviteUserRequest, InviteUserRequest__Output as _cfs_identity_v1_InviteUserRequest__Output } from './cfs/identity/v1/InviteUserRequest.js';
import type { InviteUserResponse as _cfs_identity_v1_InviteUserResponse, InviteUserResponse__Output as _cfs_identity_v1_InviteUserResponse__Output } from './cfs/identity/v1/InviteUserResponse.js';
import type { ListCredentialsRequest as _cfs_identity_v1_ListCredentialsRequest, ListCredentialsRequest__Output as _cfs_identity_v1_ListCredentialsRequest__Output } from './cfs/identity/v1/ListCredentialsRequest.js';
import type { ListCredentialsResponse as _cfs_identity_v1_ListCredentialsResponse, ListCredentialsResponse__Output as _cfs_identity_v1_ListCredentialsResponse__Output } from './cfs/identity/v1/ListCredentialsResponse.js';
import type { ListUsersRequest as _cfs_identity_v1_ListUsersRequest, ListUsersRequest__Output as _cfs_identity_v1_ListUsersRequest__Output } from './cfs/identity/v1/ListUsersRequest.js';
import type { ListUsersResponse as _cfs_identity_v1_ListUsersResponse, ListUsersResponse__Output as _cfs_identity_v1_ListUsersResponse__Output } from './cfs/identity/v1/ListUsersResponse.js';
import type { RedeemConnectionCodeRequest as _cfs_identity_v1_RedeemConnectionCodeRequest, RedeemConnectionCodeRequest__Output as _cfs_identity_v1_RedeemConnectionCodeRequest__Output } from './cfs/identity/v1/RedeemConnectionCodeRequest.js';
import type { RedeemConnectionCodeResponse as _cfs_identity_v1_RedeemConnectionCodeResponse, RedeemConnectionCodeResponse__Output as _cfs_identity_v1_RedeemConnectionCodeResponse__Output } from './cfs/identity/v1/RedeemConnectionCodeResponse.js';
import type { RevokeCredentialRequest as _cfs_identity_v1_RevokeCredentialRequest, RevokeCredentialRequest__Output as _cfs_identity_v1_RevokeCredentialRequest__Output } from './cfs/identity/v1/RevokeCredentialRequest.js';
import type { RevokeCredentialResponse as _cfs_identity_v1_RevokeCredentialResponse, RevokeCredentialResponse__Output as _cfs_identity_v1_RevokeCredentialResponse__Output } from './cfs/identity/v1/RevokeCredentialResponse.js';
import type { SignInRequest as _cfs_identity_v1_SignInRequest, SignInRequest__Output as _cfs_identity_v1_SignInRequest__Output } from './cfs/identity/v1/SignInRequest.js';
import type { SignInResponse as _cfs_identity_v1_SignInResponse, SignInResponse__Output as _cfs_identity_v1_SignInResponse__Output } from './cfs/identity/v1/SignInResponse.js';
import type { User as _cfs_identity_v1_User, User__Output as _cfs_identity_v1_User__Output } from './cfs/identity/v1/User.js';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  cfs: {
    identity: {
      v1: {
        AcceptInvitationRequest: MessageTypeDefinition<_cfs_identity_v1_AcceptInvitationRequest, _cfs_identity_v1_AcceptInvitationRequest__Output>
        AcceptInvitationResponse: MessageTypeDefinition<_cfs_identity_v1_AcceptInvitationResponse, _cfs_identity_v1_AcceptInvitationResponse__Output>
        AuthenticateRequest: MessageTypeDefinition<_cfs_identity_v1_AuthenticateRequest, _cfs_identity_v1_AuthenticateRequest__Output>
        AuthenticateResponse: MessageTypeDefinition<_cfs_identity_v1_AuthenticateResponse, _cfs_identity_v1_AuthenticateResponse__Output>
        CreateConnectionCodeRequest: MessageTypeDefinition<_cfs_identity_v1_CreateConnectionCodeRequest, _cfs_identity_v1_CreateConnectionCodeRequest__Output>
        CreateConnectionCodeResponse: MessageTypeDefinition<_cfs_identity_v1_CreateConnectionCodeResponse, _cfs_identity_v1_CreateConnectionCodeResponse__Output>
        CreateCredentialRequest: MessageTypeDefinition<_cfs_identity_v1_CreateCredentialRequest, _cfs_identity_v1_CreateCredentialRequest__Output>
        CreateCredentialResponse: MessageTypeDefinition<_cfs_identity_v1_CreateCredentialResponse, _cfs_identity_v1_CreateCredentialResponse__Output>
        Credential: MessageTypeDefinition<_cfs_identity_v1_Credential, _cfs_identity_v1_Credential__Output>
        GetUserRequest: MessageTypeDefinition<_cfs_identity_v1_GetUserRequest, _cfs_identity_v1_GetUserRequest__Output>
        GetUserResponse: MessageTypeDefinition<_cfs_identity_v1_GetUserResponse, _cfs_identity_v1_GetUserResponse__Output>
        /**
         * Credentials (opaque `cfs_` bearer tokens, stored as keyed hashes) and connection codes.
         * Times are RFC 3339 UTC strings. Errors carry the public code in the `cfs-error-code` trailer.
         * 
         * Ids are prefixed: `cred_…` for a Credential, `site_…` and `cus_…` for the Site and Customer it
         * belongs to (identity does not check that they exist: its callers resolved them). Every RPC
         * checks its caller's service token first (UNAUTHENTICATED without a known one, PERMISSION_DENIED
         * for a caller not listed for the RPC, neither with a public code), and may answer UNAVAILABLE
         * when the database is unreachable or the deadline passed: nothing changed then, a retry is safe.
         */
        IdentityService: SubtypeConstructor<typeof grpc.Client, _cfs_identity_v1_IdentityServiceClient> & { service: _cfs_identity_v1_IdentityServiceDefinition }
        InviteUserRequest: MessageTypeDefinition<_cfs_identity_v1_InviteUserRequest, _cfs_identity_v1_InviteUserRequest__Output>
        InviteUserResponse: MessageTypeDefinition<_cfs_identity_v1_InviteUserResponse, _cfs_identity_v1_InviteUserResponse__Output>
        ListCredentialsRequest: MessageTypeDefinition<_cfs_identity_v1_ListCredentialsRequest, _cfs_identity_v1_ListCredentialsRequest__Output>
        ListCredentialsResponse: MessageTypeDefinition<_cfs_identity_v1_ListCredentialsResponse, _cfs_identity_v1_ListCredentialsResponse__Output>
        ListUsersRequest: MessageTypeDefinition<_cfs_identity_v1_ListUsersRequest, _cfs_identity_v1_ListUsersRequest__Output>
        ListUsersResponse: MessageTypeDefinition<_cfs_identity_v1_ListUsersResponse, _cfs_identity_v1_ListUsersResponse__Output>
        RedeemConnectionCodeRequest: MessageTypeDefinition<_cfs_identity_v1_RedeemConnectionCodeRequest, _cfs_identity_v1_RedeemConnectionCodeRequest__Output>
        RedeemConnectionCodeResponse: MessageTypeDefinition<_cfs_identity_v1_RedeemConnectionCodeResponse, _cfs_identity_v1_RedeemConnectionCodeResponse__Output>
        RevokeCredentialRequest: MessageTypeDefinition<_cfs_identity_v1_RevokeCredentialRequest, _cfs_identity_v1_RevokeCredentialRequest__Output>
        RevokeCredentialResponse: MessageTypeDefinition<_cfs_identity_v1_RevokeCredentialResponse, _cfs_identity_v1_RevokeCredentialResponse__Output>
        SignInRequest: MessageTypeDefinition<_cfs_identity_v1_SignInRequest, _cfs_identity_v1_SignInRequest__Output>
        SignInResponse: MessageTypeDefinition<_cfs_identity_v1_SignInResponse, _cfs_identity_v1_SignInResponse__Output>
        User: MessageTypeDefinition<_cfs_identity_v1_User, _cfs_identity_v1_User__Output>
      }
    }
  }
}

