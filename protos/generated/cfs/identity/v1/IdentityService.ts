// Original file: protos/cfs/identity/v1/identity.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { AuthenticateRequest as _cfs_identity_v1_AuthenticateRequest, AuthenticateRequest__Output as _cfs_identity_v1_AuthenticateRequest__Output } from '../../../cfs/identity/v1/AuthenticateRequest.js';
import type { AuthenticateResponse as _cfs_identity_v1_AuthenticateResponse, AuthenticateResponse__Output as _cfs_identity_v1_AuthenticateResponse__Output } from '../../../cfs/identity/v1/AuthenticateResponse.js';
import type { CreateConnectionCodeRequest as _cfs_identity_v1_CreateConnectionCodeRequest, CreateConnectionCodeRequest__Output as _cfs_identity_v1_CreateConnectionCodeRequest__Output } from '../../../cfs/identity/v1/CreateConnectionCodeRequest.js';
import type { CreateConnectionCodeResponse as _cfs_identity_v1_CreateConnectionCodeResponse, CreateConnectionCodeResponse__Output as _cfs_identity_v1_CreateConnectionCodeResponse__Output } from '../../../cfs/identity/v1/CreateConnectionCodeResponse.js';
import type { CreateCredentialRequest as _cfs_identity_v1_CreateCredentialRequest, CreateCredentialRequest__Output as _cfs_identity_v1_CreateCredentialRequest__Output } from '../../../cfs/identity/v1/CreateCredentialRequest.js';
import type { CreateCredentialResponse as _cfs_identity_v1_CreateCredentialResponse, CreateCredentialResponse__Output as _cfs_identity_v1_CreateCredentialResponse__Output } from '../../../cfs/identity/v1/CreateCredentialResponse.js';
import type { ListCredentialsRequest as _cfs_identity_v1_ListCredentialsRequest, ListCredentialsRequest__Output as _cfs_identity_v1_ListCredentialsRequest__Output } from '../../../cfs/identity/v1/ListCredentialsRequest.js';
import type { ListCredentialsResponse as _cfs_identity_v1_ListCredentialsResponse, ListCredentialsResponse__Output as _cfs_identity_v1_ListCredentialsResponse__Output } from '../../../cfs/identity/v1/ListCredentialsResponse.js';
import type { RedeemConnectionCodeRequest as _cfs_identity_v1_RedeemConnectionCodeRequest, RedeemConnectionCodeRequest__Output as _cfs_identity_v1_RedeemConnectionCodeRequest__Output } from '../../../cfs/identity/v1/RedeemConnectionCodeRequest.js';
import type { RedeemConnectionCodeResponse as _cfs_identity_v1_RedeemConnectionCodeResponse, RedeemConnectionCodeResponse__Output as _cfs_identity_v1_RedeemConnectionCodeResponse__Output } from '../../../cfs/identity/v1/RedeemConnectionCodeResponse.js';
import type { RevokeCredentialRequest as _cfs_identity_v1_RevokeCredentialRequest, RevokeCredentialRequest__Output as _cfs_identity_v1_RevokeCredentialRequest__Output } from '../../../cfs/identity/v1/RevokeCredentialRequest.js';
import type { RevokeCredentialResponse as _cfs_identity_v1_RevokeCredentialResponse, RevokeCredentialResponse__Output as _cfs_identity_v1_RevokeCredentialResponse__Output } from '../../../cfs/identity/v1/RevokeCredentialResponse.js';

export interface IdentityServiceClient extends grpc.Client {
  Authenticate(argument: _cfs_identity_v1_AuthenticateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_AuthenticateResponse__Output>): grpc.ClientUnaryCall;
  Authenticate(argument: _cfs_identity_v1_AuthenticateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_identity_v1_AuthenticateResponse__Output>): grpc.ClientUnaryCall;
  Authenticate(argument: _cfs_identity_v1_AuthenticateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_AuthenticateResponse__Output>): grpc.ClientUnaryCall;
  Authenticate(argument: _cfs_identity_v1_AuthenticateRequest, callback: grpc.requestCallback<_cfs_identity_v1_AuthenticateResponse__Output>): grpc.ClientUnaryCall;
  authenticate(argument: _cfs_identity_v1_AuthenticateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_AuthenticateResponse__Output>): grpc.ClientUnaryCall;
  authenticate(argument: _cfs_identity_v1_AuthenticateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_identity_v1_AuthenticateResponse__Output>): grpc.ClientUnaryCall;
  authenticate(argument: _cfs_identity_v1_AuthenticateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_AuthenticateResponse__Output>): grpc.ClientUnaryCall;
  authenticate(argument: _cfs_identity_v1_AuthenticateRequest, callback: grpc.requestCallback<_cfs_identity_v1_AuthenticateResponse__Output>): grpc.ClientUnaryCall;
  
  CreateConnectionCode(argument: _cfs_identity_v1_CreateConnectionCodeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_CreateConnectionCodeResponse__Output>): grpc.ClientUnaryCall;
  CreateConnectionCode(argument: _cfs_identity_v1_CreateConnectionCodeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_identity_v1_CreateConnectionCodeResponse__Output>): grpc.ClientUnaryCall;
  CreateConnectionCode(argument: _cfs_identity_v1_CreateConnectionCodeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_CreateConnectionCodeResponse__Output>): grpc.ClientUnaryCall;
  CreateConnectionCode(argument: _cfs_identity_v1_CreateConnectionCodeRequest, callback: grpc.requestCallback<_cfs_identity_v1_CreateConnectionCodeResponse__Output>): grpc.ClientUnaryCall;
  createConnectionCode(argument: _cfs_identity_v1_CreateConnectionCodeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_CreateConnectionCodeResponse__Output>): grpc.ClientUnaryCall;
  createConnectionCode(argument: _cfs_identity_v1_CreateConnectionCodeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_identity_v1_CreateConnectionCodeResponse__Output>): grpc.ClientUnaryCall;
  createConnectionCode(argument: _cfs_identity_v1_CreateConnectionCodeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_CreateConnectionCodeResponse__Output>): grpc.ClientUnaryCall;
  createConnectionCode(argument: _cfs_identity_v1_CreateConnectionCodeRequest, callback: grpc.requestCallback<_cfs_identity_v1_CreateConnectionCodeResponse__Output>): grpc.ClientUnaryCall;
  
  CreateCredential(argument: _cfs_identity_v1_CreateCredentialRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_CreateCredentialResponse__Output>): grpc.ClientUnaryCall;
  CreateCredential(argument: _cfs_identity_v1_CreateCredentialRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_identity_v1_CreateCredentialResponse__Output>): grpc.ClientUnaryCall;
  CreateCredential(argument: _cfs_identity_v1_CreateCredentialRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_CreateCredentialResponse__Output>): grpc.ClientUnaryCall;
  CreateCredential(argument: _cfs_identity_v1_CreateCredentialRequest, callback: grpc.requestCallback<_cfs_identity_v1_CreateCredentialResponse__Output>): grpc.ClientUnaryCall;
  createCredential(argument: _cfs_identity_v1_CreateCredentialRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_CreateCredentialResponse__Output>): grpc.ClientUnaryCall;
  createCredential(argument: _cfs_identity_v1_CreateCredentialRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_identity_v1_CreateCredentialResponse__Output>): grpc.ClientUnaryCall;
  createCredential(argument: _cfs_identity_v1_CreateCredentialRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_CreateCredentialResponse__Output>): grpc.ClientUnaryCall;
  createCredential(argument: _cfs_identity_v1_CreateCredentialRequest, callback: grpc.requestCallback<_cfs_identity_v1_CreateCredentialResponse__Output>): grpc.ClientUnaryCall;
  
  ListCredentials(argument: _cfs_identity_v1_ListCredentialsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_ListCredentialsResponse__Output>): grpc.ClientUnaryCall;
  ListCredentials(argument: _cfs_identity_v1_ListCredentialsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_identity_v1_ListCredentialsResponse__Output>): grpc.ClientUnaryCall;
  ListCredentials(argument: _cfs_identity_v1_ListCredentialsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_ListCredentialsResponse__Output>): grpc.ClientUnaryCall;
  ListCredentials(argument: _cfs_identity_v1_ListCredentialsRequest, callback: grpc.requestCallback<_cfs_identity_v1_ListCredentialsResponse__Output>): grpc.ClientUnaryCall;
  listCredentials(argument: _cfs_identity_v1_ListCredentialsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_ListCredentialsResponse__Output>): grpc.ClientUnaryCall;
  listCredentials(argument: _cfs_identity_v1_ListCredentialsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_identity_v1_ListCredentialsResponse__Output>): grpc.ClientUnaryCall;
  listCredentials(argument: _cfs_identity_v1_ListCredentialsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_ListCredentialsResponse__Output>): grpc.ClientUnaryCall;
  listCredentials(argument: _cfs_identity_v1_ListCredentialsRequest, callback: grpc.requestCallback<_cfs_identity_v1_ListCredentialsResponse__Output>): grpc.ClientUnaryCall;
  
  RedeemConnectionCode(argument: _cfs_identity_v1_RedeemConnectionCodeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_RedeemConnectionCodeResponse__Output>): grpc.ClientUnaryCall;
  RedeemConnectionCode(argument: _cfs_identity_v1_RedeemConnectionCodeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_identity_v1_RedeemConnectionCodeResponse__Output>): grpc.ClientUnaryCall;
  RedeemConnectionCode(argument: _cfs_identity_v1_RedeemConnectionCodeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_RedeemConnectionCodeResponse__Output>): grpc.ClientUnaryCall;
  RedeemConnectionCode(argument: _cfs_identity_v1_RedeemConnectionCodeRequest, callback: grpc.requestCallback<_cfs_identity_v1_RedeemConnectionCodeResponse__Output>): grpc.ClientUnaryCall;
  redeemConnectionCode(argument: _cfs_identity_v1_RedeemConnectionCodeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_RedeemConnectionCodeResponse__Output>): grpc.ClientUnaryCall;
  redeemConnectionCode(argument: _cfs_identity_v1_RedeemConnectionCodeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_identity_v1_RedeemConnectionCodeResponse__Output>): grpc.ClientUnaryCall;
  redeemConnectionCode(argument: _cfs_identity_v1_RedeemConnectionCodeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_RedeemConnectionCodeResponse__Output>): grpc.ClientUnaryCall;
  redeemConnectionCode(argument: _cfs_identity_v1_RedeemConnectionCodeRequest, callback: grpc.requestCallback<_cfs_identity_v1_RedeemConnectionCodeResponse__Output>): grpc.ClientUnaryCall;
  
  RevokeCredential(argument: _cfs_identity_v1_RevokeCredentialRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_RevokeCredentialResponse__Output>): grpc.ClientUnaryCall;
  RevokeCredential(argument: _cfs_identity_v1_RevokeCredentialRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_identity_v1_RevokeCredentialResponse__Output>): grpc.ClientUnaryCall;
  RevokeCredential(argument: _cfs_identity_v1_RevokeCredentialRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_RevokeCredentialResponse__Output>): grpc.ClientUnaryCall;
  RevokeCredential(argument: _cfs_identity_v1_RevokeCredentialRequest, callback: grpc.requestCallback<_cfs_identity_v1_RevokeCredentialResponse__Output>): grpc.ClientUnaryCall;
  revokeCredential(argument: _cfs_identity_v1_RevokeCredentialRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_RevokeCredentialResponse__Output>): grpc.ClientUnaryCall;
  revokeCredential(argument: _cfs_identity_v1_RevokeCredentialRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_identity_v1_RevokeCredentialResponse__Output>): grpc.ClientUnaryCall;
  revokeCredential(argument: _cfs_identity_v1_RevokeCredentialRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_identity_v1_RevokeCredentialResponse__Output>): grpc.ClientUnaryCall;
  revokeCredential(argument: _cfs_identity_v1_RevokeCredentialRequest, callback: grpc.requestCallback<_cfs_identity_v1_RevokeCredentialResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface IdentityServiceHandlers extends grpc.UntypedServiceImplementation {
  Authenticate: grpc.handleUnaryCall<_cfs_identity_v1_AuthenticateRequest__Output, _cfs_identity_v1_AuthenticateResponse>;
  
  CreateConnectionCode: grpc.handleUnaryCall<_cfs_identity_v1_CreateConnectionCodeRequest__Output, _cfs_identity_v1_CreateConnectionCodeResponse>;
  
  CreateCredential: grpc.handleUnaryCall<_cfs_identity_v1_CreateCredentialRequest__Output, _cfs_identity_v1_CreateCredentialResponse>;
  
  ListCredentials: grpc.handleUnaryCall<_cfs_identity_v1_ListCredentialsRequest__Output, _cfs_identity_v1_ListCredentialsResponse>;
  
  RedeemConnectionCode: grpc.handleUnaryCall<_cfs_identity_v1_RedeemConnectionCodeRequest__Output, _cfs_identity_v1_RedeemConnectionCodeResponse>;
  
  RevokeCredential: grpc.handleUnaryCall<_cfs_identity_v1_RevokeCredentialRequest__Output, _cfs_identity_v1_RevokeCredentialResponse>;
  
}

export interface IdentityServiceDefinition extends grpc.ServiceDefinition {
  Authenticate: MethodDefinition<_cfs_identity_v1_AuthenticateRequest, _cfs_identity_v1_AuthenticateResponse, _cfs_identity_v1_AuthenticateRequest__Output, _cfs_identity_v1_AuthenticateResponse__Output>
  CreateConnectionCode: MethodDefinition<_cfs_identity_v1_CreateConnectionCodeRequest, _cfs_identity_v1_CreateConnectionCodeResponse, _cfs_identity_v1_CreateConnectionCodeRequest__Output, _cfs_identity_v1_CreateConnectionCodeResponse__Output>
  CreateCredential: MethodDefinition<_cfs_identity_v1_CreateCredentialRequest, _cfs_identity_v1_CreateCredentialResponse, _cfs_identity_v1_CreateCredentialRequest__Output, _cfs_identity_v1_CreateCredentialResponse__Output>
  ListCredentials: MethodDefinition<_cfs_identity_v1_ListCredentialsRequest, _cfs_identity_v1_ListCredentialsResponse, _cfs_identity_v1_ListCredentialsRequest__Output, _cfs_identity_v1_ListCredentialsResponse__Output>
  RedeemConnectionCode: MethodDefinition<_cfs_identity_v1_RedeemConnectionCodeRequest, _cfs_identity_v1_RedeemConnectionCodeResponse, _cfs_identity_v1_RedeemConnectionCodeRequest__Output, _cfs_identity_v1_RedeemConnectionCodeResponse__Output>
  RevokeCredential: MethodDefinition<_cfs_identity_v1_RevokeCredentialRequest, _cfs_identity_v1_RevokeCredentialResponse, _cfs_identity_v1_RevokeCredentialRequest__Output, _cfs_identity_v1_RevokeCredentialResponse__Output>
}
