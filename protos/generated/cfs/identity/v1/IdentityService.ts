// Original file: protos/cfs/identity/v1/identity.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { AcceptInvitationRequest as _cfs_identity_v1_AcceptInvitationRequest, AcceptInvitationRequest__Output as _cfs_identity_v1_AcceptInvitationRequest__Output } from '../../../cfs/identity/v1/AcceptInvitationRequest.js';
import type { AcceptInvitationResponse as _cfs_identity_v1_AcceptInvitationResponse, AcceptInvitationResponse__Output as _cfs_identity_v1_AcceptInvitationResponse__Output } from '../../../cfs/identity/v1/AcceptInvitationResponse.js';
import type { AuthenticateRequest as _cfs_identity_v1_AuthenticateRequest, AuthenticateRequest__Output as _cfs_identity_v1_AuthenticateRequest__Output } from '../../../cfs/identity/v1/AuthenticateRequest.js';
import type { AuthenticateResponse as _cfs_identity_v1_AuthenticateResponse, AuthenticateResponse__Output as _cfs_identity_v1_AuthenticateResponse__Output } from '../../../cfs/identity/v1/AuthenticateResponse.js';
import type { CreateConnectionCodeRequest as _cfs_identity_v1_CreateConnectionCodeRequest, CreateConnectionCodeRequest__Output as _cfs_identity_v1_CreateConnectionCodeRequest__Output } from '../../../cfs/identity/v1/CreateConnectionCodeRequest.js';
import type { CreateConnectionCodeResponse as _cfs_identity_v1_CreateConnectionCodeResponse, CreateConnectionCodeResponse__Output as _cfs_identity_v1_CreateConnectionCodeResponse__Output } from '../../../cfs/identity/v1/CreateConnectionCodeResponse.js';
import type { CreateCredentialRequest as _cfs_identity_v1_CreateCredentialRequest, CreateCredentialRequest__Output as _cfs_identity_v1_CreateCredentialRequest__Output } from '../../../cfs/identity/v1/CreateCredentialRequest.js';
import type { CreateCredentialResponse as _cfs_identity_v1_CreateCredentialResponse, CreateCredentialResponse__Output as _cfs_identity_v1_CreateCredentialResponse__Output } from '../../../cfs/identity/v1/CreateCredentialResponse.js';
import type { GetUserRequest as _cfs_identity_v1_GetUserRequest, GetUserRequest__Output as _cfs_identity_v1_GetUserRequest__Output } from '../../../cfs/identity/v1/GetUserRequest.js';
import type { GetUserResponse as _cfs_identity_v1_GetUserResponse, GetUserResponse__Output as _cfs_identity_v1_GetUserResponse__Output } from '../../../cfs/identity/v1/GetUserResponse.js';
import type { InviteUserRequest as _cfs_identity_v1_InviteUserRequest, InviteUserRequest__Output as _cfs_identity_v1_InviteUserRequest__Output } from '../../../cfs/identity/v1/InviteUserRequest.js';
import type { InviteUserResponse as _cfs_identity_v1_InviteUserResponse, InviteUserResponse__Output as _cfs_identity_v1_InviteUserResponse__Output } from '../../../cfs/identity/v1/InviteUserResponse.js';
import type { ListCredentialsRequest as _cfs_identity_v1_ListCredentialsRequest, ListCredentialsRequest__Output as _cfs_identity_v1_ListCredentialsRequest__Output } from '../../../cfs/identity/v1/ListCredentialsRequest.js';
import type { ListCredentialsResponse as _cfs_identity_v1_ListCredentialsResponse, ListCredentialsResponse__Output as _cfs_identity_v1_ListCredentialsResponse__Output } from '../../../cfs/identity/v1/ListCredentialsResponse.js';
import type { ListUsersRequest as _cfs_identity_v1_ListUsersRequest, ListUsersRequest__Output as _cfs_identity_v1_ListUsersRequest__Output } from '../../../cfs/identity/v1/ListUsersRequest.js';
import type { ListUsersResponse as _cfs_identity_v1_ListUsersResponse, ListUsersResponse__Output as _cfs_identity_v1_ListUsersResponse__Output } from '../../../cfs/identity/v1/ListUsersResponse.js';
import type { RedeemConnectionCodeRequest as _cfs_identity_v1_RedeemConnectionCodeRequest, RedeemConnectionCodeRequest__Output as _cfs_identity_v1_RedeemConnectionCodeRequest__Output } from '../../../cfs/identity/v1/RedeemConnectionCodeRequest.js';
import type { RedeemConnectionCodeResponse as _cfs_identity_v1_RedeemConnectionCodeResponse, RedeemConnectionCodeResponse__Output as _cfs_identity_v1_RedeemConnectionCodeResponse__Output } from '../../../cfs/identity/v1/RedeemConnectionCodeResponse.js';
import type { RevokeCredentialRequest as _cfs_identity_v1_RevokeCredentialRequest, RevokeCredentialRequest__Output as _cfs_identity_v1_RevokeCredentialRequest__Output } from '../../../cfs/identity/v1/RevokeCredentialRequest.js';
import type { RevokeCredentialResponse as _cfs_identity_v1_RevokeCredentialResponse, RevokeCredentialResponse__Output as _cfs_identity_v1_RevokeCredentialResponse__Output } from '../../../cfs/identity/v1/RevokeCredentialResponse.js';
import type { SignInRequest as _cfs_identity_v1_SignInRequest, SignInRequest__Output as _cfs_identity_v1_SignInRequest__Output } from '../../../cfs/identity/v1/SignInRequest.js';
import type { SignInResponse as _cfs_identity_v1_SignInResponse, SignInResponse__Output as _cfs_identity_v1_SignInResponse__Output } from '../../../cfs/identity/v1/SignInResponse.js';

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
export interface IdentityServiceClient extends grpc.Client {
  /**
   * Sets the password of an invited User with the invitation's token, once: the invitation is
   * used up in the same transaction. Callers: dashboard.
   * Errors: INVALID_ARGUMENT for a password shorter than 12 or longer than 256 characters;
   * UNAUTHENTICATED when the token is malformed, unknown, expired or already used; UNAVAILABLE.
   */
  AcceptInvitation(argument: _cfs_identity_v1_AcceptInvitationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_AcceptInvitationResponse__Output>): grpc.ClientUnaryCall;
  AcceptInvitation(argument: _cfs_identity_v1_AcceptInvitationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_identity_v1_AcceptInvitationResponse__Output>): grpc.ClientUnaryCall;
  AcceptInvitation(argument: _cfs_identity_v1_AcceptInvitationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_AcceptInvitationResponse__Output>): grpc.ClientUnaryCall;
  AcceptInvitation(argument: _cfs_identity_v1_AcceptInvitationRequest, callback: grpc.requestCallback<_cfs_identity_v1_AcceptInvitationResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Sets the password of an invited User with the invitation's token, once: the invitation is
   * used up in the same transaction. Callers: dashboard.
   * Errors: INVALID_ARGUMENT for a password shorter than 12 or longer than 256 characters;
   * UNAUTHENTICATED when the token is malformed, unknown, expired or already used; UNAVAILABLE.
   */
  acceptInvitation(argument: _cfs_identity_v1_AcceptInvitationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_AcceptInvitationResponse__Output>): grpc.ClientUnaryCall;
  acceptInvitation(argument: _cfs_identity_v1_AcceptInvitationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_identity_v1_AcceptInvitationResponse__Output>): grpc.ClientUnaryCall;
  acceptInvitation(argument: _cfs_identity_v1_AcceptInvitationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_AcceptInvitationResponse__Output>): grpc.ClientUnaryCall;
  acceptInvitation(argument: _cfs_identity_v1_AcceptInvitationRequest, callback: grpc.requestCallback<_cfs_identity_v1_AcceptInvitationResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Resolves a bearer token. Unknown, malformed, revoked or expired tokens answer UNAUTHENTICATED.
   * Callers: gateway. Errors: UNAUTHENTICATED; UNAVAILABLE.
   */
  Authenticate(argument: _cfs_identity_v1_AuthenticateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_AuthenticateResponse__Output>): grpc.ClientUnaryCall;
  Authenticate(argument: _cfs_identity_v1_AuthenticateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_identity_v1_AuthenticateResponse__Output>): grpc.ClientUnaryCall;
  Authenticate(argument: _cfs_identity_v1_AuthenticateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_AuthenticateResponse__Output>): grpc.ClientUnaryCall;
  Authenticate(argument: _cfs_identity_v1_AuthenticateRequest, callback: grpc.requestCallback<_cfs_identity_v1_AuthenticateResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Resolves a bearer token. Unknown, malformed, revoked or expired tokens answer UNAUTHENTICATED.
   * Callers: gateway. Errors: UNAUTHENTICATED; UNAVAILABLE.
   */
  authenticate(argument: _cfs_identity_v1_AuthenticateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_AuthenticateResponse__Output>): grpc.ClientUnaryCall;
  authenticate(argument: _cfs_identity_v1_AuthenticateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_identity_v1_AuthenticateResponse__Output>): grpc.ClientUnaryCall;
  authenticate(argument: _cfs_identity_v1_AuthenticateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_AuthenticateResponse__Output>): grpc.ClientUnaryCall;
  authenticate(argument: _cfs_identity_v1_AuthenticateRequest, callback: grpc.requestCallback<_cfs_identity_v1_AuthenticateResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Mints a single-use connection code for a Site. Callers: gateway (with issuer_credential_id),
   * admin (`connection-code create`), dashboard.
   * Errors: INVALID_ARGUMENT when expires_in_seconds is not 0 or 60 to 604800; PERMISSION_DENIED
   * (public code SCOPE_DENIED) when the issuer does not hold feed.read and subscription.manage or
   * its audience is not content-feed; UNAUTHENTICATED when issuer_credential_id names no unrevoked,
   * unexpired Credential of the Customer; UNAVAILABLE.
   */
  CreateConnectionCode(argument: _cfs_identity_v1_CreateConnectionCodeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_CreateConnectionCodeResponse__Output>): grpc.ClientUnaryCall;
  CreateConnectionCode(argument: _cfs_identity_v1_CreateConnectionCodeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_identity_v1_CreateConnectionCodeResponse__Output>): grpc.ClientUnaryCall;
  CreateConnectionCode(argument: _cfs_identity_v1_CreateConnectionCodeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_CreateConnectionCodeResponse__Output>): grpc.ClientUnaryCall;
  CreateConnectionCode(argument: _cfs_identity_v1_CreateConnectionCodeRequest, callback: grpc.requestCallback<_cfs_identity_v1_CreateConnectionCodeResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Mints a single-use connection code for a Site. Callers: gateway (with issuer_credential_id),
   * admin (`connection-code create`), dashboard.
   * Errors: INVALID_ARGUMENT when expires_in_seconds is not 0 or 60 to 604800; PERMISSION_DENIED
   * (public code SCOPE_DENIED) when the issuer does not hold feed.read and subscription.manage or
   * its audience is not content-feed; UNAUTHENTICATED when issuer_credential_id names no unrevoked,
   * unexpired Credential of the Customer; UNAVAILABLE.
   */
  createConnectionCode(argument: _cfs_identity_v1_CreateConnectionCodeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_CreateConnectionCodeResponse__Output>): grpc.ClientUnaryCall;
  createConnectionCode(argument: _cfs_identity_v1_CreateConnectionCodeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_identity_v1_CreateConnectionCodeResponse__Output>): grpc.ClientUnaryCall;
  createConnectionCode(argument: _cfs_identity_v1_CreateConnectionCodeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_CreateConnectionCodeResponse__Output>): grpc.ClientUnaryCall;
  createConnectionCode(argument: _cfs_identity_v1_CreateConnectionCodeRequest, callback: grpc.requestCallback<_cfs_identity_v1_CreateConnectionCodeResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Creates a Credential for a Site; the secret is in this answer only. Operator scopes and
   * unknown scopes or audiences answer INVALID_ARGUMENT and nothing is created.
   * Callers: gateway (with issuer_credential_id), admin (`customer create`, `credential create`).
   * Errors: INVALID_ARGUMENT for a name that is empty or longer than 100 characters, an operator
   * or unknown scope, more than 20 scopes, an unknown audience, or an expires_at that is not an
   * RFC 3339 time in the future; PERMISSION_DENIED (public code SCOPE_DENIED) for a scope the
   * issuer does not hold or an audience other than the issuer's; UNAUTHENTICATED when
   * issuer_credential_id names no unrevoked, unexpired Credential of the Customer; UNAVAILABLE.
   */
  CreateCredential(argument: _cfs_identity_v1_CreateCredentialRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_CreateCredentialResponse__Output>): grpc.ClientUnaryCall;
  CreateCredential(argument: _cfs_identity_v1_CreateCredentialRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_identity_v1_CreateCredentialResponse__Output>): grpc.ClientUnaryCall;
  CreateCredential(argument: _cfs_identity_v1_CreateCredentialRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_CreateCredentialResponse__Output>): grpc.ClientUnaryCall;
  CreateCredential(argument: _cfs_identity_v1_CreateCredentialRequest, callback: grpc.requestCallback<_cfs_identity_v1_CreateCredentialResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Creates a Credential for a Site; the secret is in this answer only. Operator scopes and
   * unknown scopes or audiences answer INVALID_ARGUMENT and nothing is created.
   * Callers: gateway (with issuer_credential_id), admin (`customer create`, `credential create`).
   * Errors: INVALID_ARGUMENT for a name that is empty or longer than 100 characters, an operator
   * or unknown scope, more than 20 scopes, an unknown audience, or an expires_at that is not an
   * RFC 3339 time in the future; PERMISSION_DENIED (public code SCOPE_DENIED) for a scope the
   * issuer does not hold or an audience other than the issuer's; UNAUTHENTICATED when
   * issuer_credential_id names no unrevoked, unexpired Credential of the Customer; UNAVAILABLE.
   */
  createCredential(argument: _cfs_identity_v1_CreateCredentialRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_CreateCredentialResponse__Output>): grpc.ClientUnaryCall;
  createCredential(argument: _cfs_identity_v1_CreateCredentialRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_identity_v1_CreateCredentialResponse__Output>): grpc.ClientUnaryCall;
  createCredential(argument: _cfs_identity_v1_CreateCredentialRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_CreateCredentialResponse__Output>): grpc.ClientUnaryCall;
  createCredential(argument: _cfs_identity_v1_CreateCredentialRequest, callback: grpc.requestCallback<_cfs_identity_v1_CreateCredentialResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * One User by id, to confirm a session still belongs to an existing User. Callers: dashboard.
   * Errors: NOT_FOUND; UNAVAILABLE.
   */
  GetUser(argument: _cfs_identity_v1_GetUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_GetUserResponse__Output>): grpc.ClientUnaryCall;
  GetUser(argument: _cfs_identity_v1_GetUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_identity_v1_GetUserResponse__Output>): grpc.ClientUnaryCall;
  GetUser(argument: _cfs_identity_v1_GetUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_GetUserResponse__Output>): grpc.ClientUnaryCall;
  GetUser(argument: _cfs_identity_v1_GetUserRequest, callback: grpc.requestCallback<_cfs_identity_v1_GetUserResponse__Output>): grpc.ClientUnaryCall;
  /**
   * One User by id, to confirm a session still belongs to an existing User. Callers: dashboard.
   * Errors: NOT_FOUND; UNAVAILABLE.
   */
  getUser(argument: _cfs_identity_v1_GetUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_GetUserResponse__Output>): grpc.ClientUnaryCall;
  getUser(argument: _cfs_identity_v1_GetUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_identity_v1_GetUserResponse__Output>): grpc.ClientUnaryCall;
  getUser(argument: _cfs_identity_v1_GetUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_GetUserResponse__Output>): grpc.ClientUnaryCall;
  getUser(argument: _cfs_identity_v1_GetUserRequest, callback: grpc.requestCallback<_cfs_identity_v1_GetUserResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Invites a person to a Customer's dashboard: creates the User (without a password) when the
   * e-mail is new to this Customer, and a one-time invitation valid 72 hours; an earlier unused
   * invitation of the User stops working. A User is unique per Customer and e-mail: whether the
   * e-mail is a User of another Customer changes nothing in the answer. Inviting an e-mail whose
   * User of this Customer has set a password is FAILED_PRECONDITION (public code CONFLICT). A
   * Customer gets at most 20 invitations an hour: RESOURCE_EXHAUSTED (public code RATE_LIMITED).
   * Callers: admin (`customer create`, `user invite`), dashboard (account settings).
   * Errors: INVALID_ARGUMENT for an e-mail that is not one (at most 254 characters);
   * FAILED_PRECONDITION; RESOURCE_EXHAUSTED; UNAVAILABLE.
   */
  InviteUser(argument: _cfs_identity_v1_InviteUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_InviteUserResponse__Output>): grpc.ClientUnaryCall;
  InviteUser(argument: _cfs_identity_v1_InviteUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_identity_v1_InviteUserResponse__Output>): grpc.ClientUnaryCall;
  InviteUser(argument: _cfs_identity_v1_InviteUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_InviteUserResponse__Output>): grpc.ClientUnaryCall;
  InviteUser(argument: _cfs_identity_v1_InviteUserRequest, callback: grpc.requestCallback<_cfs_identity_v1_InviteUserResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Invites a person to a Customer's dashboard: creates the User (without a password) when the
   * e-mail is new to this Customer, and a one-time invitation valid 72 hours; an earlier unused
   * invitation of the User stops working. A User is unique per Customer and e-mail: whether the
   * e-mail is a User of another Customer changes nothing in the answer. Inviting an e-mail whose
   * User of this Customer has set a password is FAILED_PRECONDITION (public code CONFLICT). A
   * Customer gets at most 20 invitations an hour: RESOURCE_EXHAUSTED (public code RATE_LIMITED).
   * Callers: admin (`customer create`, `user invite`), dashboard (account settings).
   * Errors: INVALID_ARGUMENT for an e-mail that is not one (at most 254 characters);
   * FAILED_PRECONDITION; RESOURCE_EXHAUSTED; UNAVAILABLE.
   */
  inviteUser(argument: _cfs_identity_v1_InviteUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_InviteUserResponse__Output>): grpc.ClientUnaryCall;
  inviteUser(argument: _cfs_identity_v1_InviteUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_identity_v1_InviteUserResponse__Output>): grpc.ClientUnaryCall;
  inviteUser(argument: _cfs_identity_v1_InviteUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_InviteUserResponse__Output>): grpc.ClientUnaryCall;
  inviteUser(argument: _cfs_identity_v1_InviteUserRequest, callback: grpc.requestCallback<_cfs_identity_v1_InviteUserResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Credentials of one Site of one Customer, newest first, revoked and expired ones included;
   * never with secrets. Empty when there are none (no NOT_FOUND). Callers: gateway.
   * Errors: UNAVAILABLE.
   */
  ListCredentials(argument: _cfs_identity_v1_ListCredentialsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_ListCredentialsResponse__Output>): grpc.ClientUnaryCall;
  ListCredentials(argument: _cfs_identity_v1_ListCredentialsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_identity_v1_ListCredentialsResponse__Output>): grpc.ClientUnaryCall;
  ListCredentials(argument: _cfs_identity_v1_ListCredentialsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_ListCredentialsResponse__Output>): grpc.ClientUnaryCall;
  ListCredentials(argument: _cfs_identity_v1_ListCredentialsRequest, callback: grpc.requestCallback<_cfs_identity_v1_ListCredentialsResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Credentials of one Site of one Customer, newest first, revoked and expired ones included;
   * never with secrets. Empty when there are none (no NOT_FOUND). Callers: gateway.
   * Errors: UNAVAILABLE.
   */
  listCredentials(argument: _cfs_identity_v1_ListCredentialsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_ListCredentialsResponse__Output>): grpc.ClientUnaryCall;
  listCredentials(argument: _cfs_identity_v1_ListCredentialsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_identity_v1_ListCredentialsResponse__Output>): grpc.ClientUnaryCall;
  listCredentials(argument: _cfs_identity_v1_ListCredentialsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_ListCredentialsResponse__Output>): grpc.ClientUnaryCall;
  listCredentials(argument: _cfs_identity_v1_ListCredentialsRequest, callback: grpc.requestCallback<_cfs_identity_v1_ListCredentialsResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * The Users of a Customer, oldest first, with whether each has set a password. Callers: dashboard.
   * Errors: UNAVAILABLE.
   */
  ListUsers(argument: _cfs_identity_v1_ListUsersRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_ListUsersResponse__Output>): grpc.ClientUnaryCall;
  ListUsers(argument: _cfs_identity_v1_ListUsersRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_identity_v1_ListUsersResponse__Output>): grpc.ClientUnaryCall;
  ListUsers(argument: _cfs_identity_v1_ListUsersRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_ListUsersResponse__Output>): grpc.ClientUnaryCall;
  ListUsers(argument: _cfs_identity_v1_ListUsersRequest, callback: grpc.requestCallback<_cfs_identity_v1_ListUsersResponse__Output>): grpc.ClientUnaryCall;
  /**
   * The Users of a Customer, oldest first, with whether each has set a password. Callers: dashboard.
   * Errors: UNAVAILABLE.
   */
  listUsers(argument: _cfs_identity_v1_ListUsersRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_ListUsersResponse__Output>): grpc.ClientUnaryCall;
  listUsers(argument: _cfs_identity_v1_ListUsersRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_identity_v1_ListUsersResponse__Output>): grpc.ClientUnaryCall;
  listUsers(argument: _cfs_identity_v1_ListUsersRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_ListUsersResponse__Output>): grpc.ClientUnaryCall;
  listUsers(argument: _cfs_identity_v1_ListUsersRequest, callback: grpc.requestCallback<_cfs_identity_v1_ListUsersResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Redeems a connection code for a connector Credential, atomically: exactly one redemption of a
   * code succeeds; a transient failure changes nothing and leaves the code valid. The Credential is
   * named "CMS connector", holds the scopes feed.read and subscription.manage, has the audience
   * content-feed and never expires, unless the code has an issuer Credential: then it expires when
   * the issuer does.
   * Callers: gateway (POST /connect/cms/redeem, which takes no Credential).
   * Errors: UNAUTHENTICATED when the code is malformed, unknown, expired or already used, or its
   * issuer Credential has been revoked or has expired (the code stays unused); UNAVAILABLE.
   */
  RedeemConnectionCode(argument: _cfs_identity_v1_RedeemConnectionCodeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_RedeemConnectionCodeResponse__Output>): grpc.ClientUnaryCall;
  RedeemConnectionCode(argument: _cfs_identity_v1_RedeemConnectionCodeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_identity_v1_RedeemConnectionCodeResponse__Output>): grpc.ClientUnaryCall;
  RedeemConnectionCode(argument: _cfs_identity_v1_RedeemConnectionCodeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_RedeemConnectionCodeResponse__Output>): grpc.ClientUnaryCall;
  RedeemConnectionCode(argument: _cfs_identity_v1_RedeemConnectionCodeRequest, callback: grpc.requestCallback<_cfs_identity_v1_RedeemConnectionCodeResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Redeems a connection code for a connector Credential, atomically: exactly one redemption of a
   * code succeeds; a transient failure changes nothing and leaves the code valid. The Credential is
   * named "CMS connector", holds the scopes feed.read and subscription.manage, has the audience
   * content-feed and never expires, unless the code has an issuer Credential: then it expires when
   * the issuer does.
   * Callers: gateway (POST /connect/cms/redeem, which takes no Credential).
   * Errors: UNAUTHENTICATED when the code is malformed, unknown, expired or already used, or its
   * issuer Credential has been revoked or has expired (the code stays unused); UNAVAILABLE.
   */
  redeemConnectionCode(argument: _cfs_identity_v1_RedeemConnectionCodeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_RedeemConnectionCodeResponse__Output>): grpc.ClientUnaryCall;
  redeemConnectionCode(argument: _cfs_identity_v1_RedeemConnectionCodeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_identity_v1_RedeemConnectionCodeResponse__Output>): grpc.ClientUnaryCall;
  redeemConnectionCode(argument: _cfs_identity_v1_RedeemConnectionCodeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_RedeemConnectionCodeResponse__Output>): grpc.ClientUnaryCall;
  redeemConnectionCode(argument: _cfs_identity_v1_RedeemConnectionCodeRequest, callback: grpc.requestCallback<_cfs_identity_v1_RedeemConnectionCodeResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Revokes a Credential of one Site of one Customer; NOT_FOUND for any other. Every gateway
   * refuses it from its next request on; revoking again answers the Credential unchanged.
   * Callers: gateway, admin (`credential revoke`).
   * Errors: NOT_FOUND; UNAVAILABLE (also when the revocation could not be marked for the
   * gateways: then nothing is revoked).
   */
  RevokeCredential(argument: _cfs_identity_v1_RevokeCredentialRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_RevokeCredentialResponse__Output>): grpc.ClientUnaryCall;
  RevokeCredential(argument: _cfs_identity_v1_RevokeCredentialRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_identity_v1_RevokeCredentialResponse__Output>): grpc.ClientUnaryCall;
  RevokeCredential(argument: _cfs_identity_v1_RevokeCredentialRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_RevokeCredentialResponse__Output>): grpc.ClientUnaryCall;
  RevokeCredential(argument: _cfs_identity_v1_RevokeCredentialRequest, callback: grpc.requestCallback<_cfs_identity_v1_RevokeCredentialResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Revokes a Credential of one Site of one Customer; NOT_FOUND for any other. Every gateway
   * refuses it from its next request on; revoking again answers the Credential unchanged.
   * Callers: gateway, admin (`credential revoke`).
   * Errors: NOT_FOUND; UNAVAILABLE (also when the revocation could not be marked for the
   * gateways: then nothing is revoked).
   */
  revokeCredential(argument: _cfs_identity_v1_RevokeCredentialRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_RevokeCredentialResponse__Output>): grpc.ClientUnaryCall;
  revokeCredential(argument: _cfs_identity_v1_RevokeCredentialRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_identity_v1_RevokeCredentialResponse__Output>): grpc.ClientUnaryCall;
  revokeCredential(argument: _cfs_identity_v1_RevokeCredentialRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_RevokeCredentialResponse__Output>): grpc.ClientUnaryCall;
  revokeCredential(argument: _cfs_identity_v1_RevokeCredentialRequest, callback: grpc.requestCallback<_cfs_identity_v1_RevokeCredentialResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Checks an e-mail and password (scrypt). An e-mail may be a User of several Customers, each with
   * its own password: the password chooses the User (when it is the password of several, the one
   * set last). The answer for an unknown e-mail, a User without a password and a wrong password is
   * the same UNAUTHENTICATED, in the same time. Callers: dashboard (which throttles attempts).
   * Errors: UNAUTHENTICATED; UNAVAILABLE.
   */
  SignIn(argument: _cfs_identity_v1_SignInRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_SignInResponse__Output>): grpc.ClientUnaryCall;
  SignIn(argument: _cfs_identity_v1_SignInRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_identity_v1_SignInResponse__Output>): grpc.ClientUnaryCall;
  SignIn(argument: _cfs_identity_v1_SignInRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_SignInResponse__Output>): grpc.ClientUnaryCall;
  SignIn(argument: _cfs_identity_v1_SignInRequest, callback: grpc.requestCallback<_cfs_identity_v1_SignInResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Checks an e-mail and password (scrypt). An e-mail may be a User of several Customers, each with
   * its own password: the password chooses the User (when it is the password of several, the one
   * set last). The answer for an unknown e-mail, a User without a password and a wrong password is
   * the same UNAUTHENTICATED, in the same time. Callers: dashboard (which throttles attempts).
   * Errors: UNAUTHENTICATED; UNAVAILABLE.
   */
  signIn(argument: _cfs_identity_v1_SignInRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_SignInResponse__Output>): grpc.ClientUnaryCall;
  signIn(argument: _cfs_identity_v1_SignInRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_identity_v1_SignInResponse__Output>): grpc.ClientUnaryCall;
  signIn(argument: _cfs_identity_v1_SignInRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_SignInResponse__Output>): grpc.ClientUnaryCall;
  signIn(argument: _cfs_identity_v1_SignInRequest, callback: grpc.requestCallback<_cfs_identity_v1_SignInResponse__Output>): grpc.ClientUnaryCall;
  
}

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
export interface IdentityServiceHandlers extends grpc.UntypedServiceImplementation {
  /**
   * Sets the password of an invited User with the invitation's token, once: the invitation is
   * used up in the same transaction. Callers: dashboard.
   * Errors: INVALID_ARGUMENT for a password shorter than 12 or longer than 256 characters;
   * UNAUTHENTICATED when the token is malformed, unknown, expired or already used; UNAVAILABLE.
   */
  AcceptInvitation: grpc.handleUnaryCall<_cfs_identity_v1_AcceptInvitationRequest__Output, _cfs_identity_v1_AcceptInvitationResponse>;
  
  /**
   * Resolves a bearer token. Unknown, malformed, revoked or expired tokens answer UNAUTHENTICATED.
   * Callers: gateway. Errors: UNAUTHENTICATED; UNAVAILABLE.
   */
  Authenticate: grpc.handleUnaryCall<_cfs_identity_v1_AuthenticateRequest__Output, _cfs_identity_v1_AuthenticateResponse>;
  
  /**
   * Mints a single-use connection code for a Site. Callers: gateway (with issuer_credential_id),
   * admin (`connection-code create`), dashboard.
   * Errors: INVALID_ARGUMENT when expires_in_seconds is not 0 or 60 to 604800; PERMISSION_DENIED
   * (public code SCOPE_DENIED) when the issuer does not hold feed.read and subscription.manage or
   * its audience is not content-feed; UNAUTHENTICATED when issuer_credential_id names no unrevoked,
   * unexpired Credential of the Customer; UNAVAILABLE.
   */
  CreateConnectionCode: grpc.handleUnaryCall<_cfs_identity_v1_CreateConnectionCodeRequest__Output, _cfs_identity_v1_CreateConnectionCodeResponse>;
  
  /**
   * Creates a Credential for a Site; the secret is in this answer only. Operator scopes and
   * unknown scopes or audiences answer INVALID_ARGUMENT and nothing is created.
   * Callers: gateway (with issuer_credential_id), admin (`customer create`, `credential create`).
   * Errors: INVALID_ARGUMENT for a name that is empty or longer than 100 characters, an operator
   * or unknown scope, more than 20 scopes, an unknown audience, or an expires_at that is not an
   * RFC 3339 time in the future; PERMISSION_DENIED (public code SCOPE_DENIED) for a scope the
   * issuer does not hold or an audience other than the issuer's; UNAUTHENTICATED when
   * issuer_credential_id names no unrevoked, unexpired Credential of the Customer; UNAVAILABLE.
   */
  CreateCredential: grpc.handleUnaryCall<_cfs_identity_v1_CreateCredentialRequest__Output, _cfs_identity_v1_CreateCredentialResponse>;
  
  /**
   * One User by id, to confirm a session still belongs to an existing User. Callers: dashboard.
   * Errors: NOT_FOUND; UNAVAILABLE.
   */
  GetUser: grpc.handleUnaryCall<_cfs_identity_v1_GetUserRequest__Output, _cfs_identity_v1_GetUserResponse>;
  
  /**
   * Invites a person to a Customer's dashboard: creates the User (without a password) when the
   * e-mail is new to this Customer, and a one-time invitation valid 72 hours; an earlier unused
   * invitation of the User stops working. A User is unique per Customer and e-mail: whether the
   * e-mail is a User of another Customer changes nothing in the answer. Inviting an e-mail whose
   * User of this Customer has set a password is FAILED_PRECONDITION (public code CONFLICT). A
   * Customer gets at most 20 invitations an hour: RESOURCE_EXHAUSTED (public code RATE_LIMITED).
   * Callers: admin (`customer create`, `user invite`), dashboard (account settings).
   * Errors: INVALID_ARGUMENT for an e-mail that is not one (at most 254 characters);
   * FAILED_PRECONDITION; RESOURCE_EXHAUSTED; UNAVAILABLE.
   */
  InviteUser: grpc.handleUnaryCall<_cfs_identity_v1_InviteUserRequest__Output, _cfs_identity_v1_InviteUserResponse>;
  
  /**
   * Credentials of one Site of one Customer, newest first, revoked and expired ones included;
   * never with secrets. Empty when there are none (no NOT_FOUND). Callers: gateway.
   * Errors: UNAVAILABLE.
   */
  ListCredentials: grpc.handleUnaryCall<_cfs_identity_v1_ListCredentialsRequest__Output, _cfs_identity_v1_ListCredentialsResponse>;
  
  /**
   * The Users of a Customer, oldest first, with whether each has set a password. Callers: dashboard.
   * Errors: UNAVAILABLE.
   */
  ListUsers: grpc.handleUnaryCall<_cfs_identity_v1_ListUsersRequest__Output, _cfs_identity_v1_ListUsersResponse>;
  
  /**
   * Redeems a connection code for a connector Credential, atomically: exactly one redemption of a
   * code succeeds; a transient failure changes nothing and leaves the code valid. The Credential is
   * named "CMS connector", holds the scopes feed.read and subscription.manage, has the audience
   * content-feed and never expires, unless the code has an issuer Credential: then it expires when
   * the issuer does.
   * Callers: gateway (POST /connect/cms/redeem, which takes no Credential).
   * Errors: UNAUTHENTICATED when the code is malformed, unknown, expired or already used, or its
   * issuer Credential has been revoked or has expired (the code stays unused); UNAVAILABLE.
   */
  RedeemConnectionCode: grpc.handleUnaryCall<_cfs_identity_v1_RedeemConnectionCodeRequest__Output, _cfs_identity_v1_RedeemConnectionCodeResponse>;
  
  /**
   * Revokes a Credential of one Site of one Customer; NOT_FOUND for any other. Every gateway
   * refuses it from its next request on; revoking again answers the Credential unchanged.
   * Callers: gateway, admin (`credential revoke`).
   * Errors: NOT_FOUND; UNAVAILABLE (also when the revocation could not be marked for the
   * gateways: then nothing is revoked).
   */
  RevokeCredential: grpc.handleUnaryCall<_cfs_identity_v1_RevokeCredentialRequest__Output, _cfs_identity_v1_RevokeCredentialResponse>;
  
  /**
   * Checks an e-mail and password (scrypt). An e-mail may be a User of several Customers, each with
   * its own password: the password chooses the User (when it is the password of several, the one
   * set last). The answer for an unknown e-mail, a User without a password and a wrong password is
   * the same UNAUTHENTICATED, in the same time. Callers: dashboard (which throttles attempts).
   * Errors: UNAUTHENTICATED; UNAVAILABLE.
   */
  SignIn: grpc.handleUnaryCall<_cfs_identity_v1_SignInRequest__Output, _cfs_identity_v1_SignInResponse>;
  
}

export interface IdentityServiceDefinition extends grpc.ServiceDefinition {
  AcceptInvitation: MethodDefinition<_cfs_identity_v1_AcceptInvitationRequest, _cfs_identity_v1_AcceptInvitationResponse, _cfs_identity_v1_AcceptInvitationRequest__Output, _cfs_identity_v1_AcceptInvitationResponse__Output>
  Authenticate: MethodDefinition<_cfs_identity_v1_AuthenticateRequest, _cfs_identity_v1_AuthenticateResponse, _cfs_identity_v1_AuthenticateRequest__Output, _cfs_identity_v1_AuthenticateResponse__Output>
  CreateConnectionCode: MethodDefinition<_cfs_identity_v1_CreateConnectionCodeRequest, _cfs_identity_v1_CreateConnectionCodeResponse, _cfs_identity_v1_CreateConnectionCodeRequest__Output, _cfs_identity_v1_CreateConnectionCodeResponse__Output>
  CreateCredential: MethodDefinition<_cfs_identity_v1_CreateCredentialRequest, _cfs_identity_v1_CreateCredentialResponse, _cfs_identity_v1_CreateCredentialRequest__Output, _cfs_identity_v1_CreateCredentialResponse__Output>
  GetUser: MethodDefinition<_cfs_identity_v1_GetUserRequest, _cfs_identity_v1_GetUserResponse, _cfs_identity_v1_GetUserRequest__Output, _cfs_identity_v1_GetUserResponse__Output>
  InviteUser: MethodDefinition<_cfs_identity_v1_InviteUserRequest, _cfs_identity_v1_InviteUserResponse, _cfs_identity_v1_InviteUserRequest__Output, _cfs_identity_v1_InviteUserResponse__Output>
  ListCredentials: MethodDefinition<_cfs_identity_v1_ListCredentialsRequest, _cfs_identity_v1_ListCredentialsResponse, _cfs_identity_v1_ListCredentialsRequest__Output, _cfs_identity_v1_ListCredentialsResponse__Output>
  ListUsers: MethodDefinition<_cfs_identity_v1_ListUsersRequest, _cfs_identity_v1_ListUsersResponse, _cfs_identity_v1_ListUsersRequest__Output, _cfs_identity_v1_ListUsersResponse__Output>
  RedeemConnectionCode: MethodDefinition<_cfs_identity_v1_RedeemConnectionCodeRequest, _cfs_identity_v1_RedeemConnectionCodeResponse, _cfs_identity_v1_RedeemConnectionCodeRequest__Output, _cfs_identity_v1_RedeemConnectionCodeResponse__Output>
  RevokeCredential: MethodDefinition<_cfs_identity_v1_RevokeCredentialRequest, _cfs_identity_v1_RevokeCredentialResponse, _cfs_identity_v1_RevokeCredentialRequest__Output, _cfs_identity_v1_RevokeCredentialResponse__Output>
  SignIn: MethodDefinition<_cfs_identity_v1_SignInRequest, _cfs_identity_v1_SignInResponse, _cfs_identity_v1_SignInRequest__Output, _cfs_identity_v1_SignInResponse__Output>
}
