// Original file: protos/cfs/seo/v1/seo.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { GetProfileRequest as _cfs_seo_v1_GetProfileRequest, GetProfileRequest__Output as _cfs_seo_v1_GetProfileRequest__Output } from '../../../cfs/seo/v1/GetProfileRequest.js';
import type { GetProfileResponse as _cfs_seo_v1_GetProfileResponse, GetProfileResponse__Output as _cfs_seo_v1_GetProfileResponse__Output } from '../../../cfs/seo/v1/GetProfileResponse.js';
import type { ReplaceProfileRequest as _cfs_seo_v1_ReplaceProfileRequest, ReplaceProfileRequest__Output as _cfs_seo_v1_ReplaceProfileRequest__Output } from '../../../cfs/seo/v1/ReplaceProfileRequest.js';
import type { ReplaceProfileResponse as _cfs_seo_v1_ReplaceProfileResponse, ReplaceProfileResponse__Output as _cfs_seo_v1_ReplaceProfileResponse__Output } from '../../../cfs/seo/v1/ReplaceProfileResponse.js';

export interface SeoServiceClient extends grpc.Client {
  GetProfile(argument: _cfs_seo_v1_GetProfileRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_seo_v1_GetProfileResponse__Output>): grpc.ClientUnaryCall;
  GetProfile(argument: _cfs_seo_v1_GetProfileRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_seo_v1_GetProfileResponse__Output>): grpc.ClientUnaryCall;
  GetProfile(argument: _cfs_seo_v1_GetProfileRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_seo_v1_GetProfileResponse__Output>): grpc.ClientUnaryCall;
  GetProfile(argument: _cfs_seo_v1_GetProfileRequest, callback: grpc.requestCallback<_cfs_seo_v1_GetProfileResponse__Output>): grpc.ClientUnaryCall;
  getProfile(argument: _cfs_seo_v1_GetProfileRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_seo_v1_GetProfileResponse__Output>): grpc.ClientUnaryCall;
  getProfile(argument: _cfs_seo_v1_GetProfileRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_seo_v1_GetProfileResponse__Output>): grpc.ClientUnaryCall;
  getProfile(argument: _cfs_seo_v1_GetProfileRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_seo_v1_GetProfileResponse__Output>): grpc.ClientUnaryCall;
  getProfile(argument: _cfs_seo_v1_GetProfileRequest, callback: grpc.requestCallback<_cfs_seo_v1_GetProfileResponse__Output>): grpc.ClientUnaryCall;
  
  ReplaceProfile(argument: _cfs_seo_v1_ReplaceProfileRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_seo_v1_ReplaceProfileResponse__Output>): grpc.ClientUnaryCall;
  ReplaceProfile(argument: _cfs_seo_v1_ReplaceProfileRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_seo_v1_ReplaceProfileResponse__Output>): grpc.ClientUnaryCall;
  ReplaceProfile(argument: _cfs_seo_v1_ReplaceProfileRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_seo_v1_ReplaceProfileResponse__Output>): grpc.ClientUnaryCall;
  ReplaceProfile(argument: _cfs_seo_v1_ReplaceProfileRequest, callback: grpc.requestCallback<_cfs_seo_v1_ReplaceProfileResponse__Output>): grpc.ClientUnaryCall;
  replaceProfile(argument: _cfs_seo_v1_ReplaceProfileRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_seo_v1_ReplaceProfileResponse__Output>): grpc.ClientUnaryCall;
  replaceProfile(argument: _cfs_seo_v1_ReplaceProfileRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_seo_v1_ReplaceProfileResponse__Output>): grpc.ClientUnaryCall;
  replaceProfile(argument: _cfs_seo_v1_ReplaceProfileRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_seo_v1_ReplaceProfileResponse__Output>): grpc.ClientUnaryCall;
  replaceProfile(argument: _cfs_seo_v1_ReplaceProfileRequest, callback: grpc.requestCallback<_cfs_seo_v1_ReplaceProfileResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface SeoServiceHandlers extends grpc.UntypedServiceImplementation {
  GetProfile: grpc.handleUnaryCall<_cfs_seo_v1_GetProfileRequest__Output, _cfs_seo_v1_GetProfileResponse>;
  
  ReplaceProfile: grpc.handleUnaryCall<_cfs_seo_v1_ReplaceProfileRequest__Output, _cfs_seo_v1_ReplaceProfileResponse>;
  
}

export interface SeoServiceDefinition extends grpc.ServiceDefinition {
  GetProfile: MethodDefinition<_cfs_seo_v1_GetProfileRequest, _cfs_seo_v1_GetProfileResponse, _cfs_seo_v1_GetProfileRequest__Output, _cfs_seo_v1_GetProfileResponse__Output>
  ReplaceProfile: MethodDefinition<_cfs_seo_v1_ReplaceProfileRequest, _cfs_seo_v1_ReplaceProfileResponse, _cfs_seo_v1_ReplaceProfileRequest__Output, _cfs_seo_v1_ReplaceProfileResponse__Output>
}
