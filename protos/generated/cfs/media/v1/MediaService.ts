// Original file: protos/cfs/media/v1/media.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { GetAiImagesStatusRequest as _cfs_media_v1_GetAiImagesStatusRequest, GetAiImagesStatusRequest__Output as _cfs_media_v1_GetAiImagesStatusRequest__Output } from '../../../cfs/media/v1/GetAiImagesStatusRequest.js';
import type { GetAiImagesStatusResponse as _cfs_media_v1_GetAiImagesStatusResponse, GetAiImagesStatusResponse__Output as _cfs_media_v1_GetAiImagesStatusResponse__Output } from '../../../cfs/media/v1/GetAiImagesStatusResponse.js';
import type { GetAiUsageRequest as _cfs_media_v1_GetAiUsageRequest, GetAiUsageRequest__Output as _cfs_media_v1_GetAiUsageRequest__Output } from '../../../cfs/media/v1/GetAiUsageRequest.js';
import type { GetAiUsageResponse as _cfs_media_v1_GetAiUsageResponse, GetAiUsageResponse__Output as _cfs_media_v1_GetAiUsageResponse__Output } from '../../../cfs/media/v1/GetAiUsageResponse.js';

export interface MediaServiceClient extends grpc.Client {
  GetAiImagesStatus(argument: _cfs_media_v1_GetAiImagesStatusRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_media_v1_GetAiImagesStatusResponse__Output>): grpc.ClientUnaryCall;
  GetAiImagesStatus(argument: _cfs_media_v1_GetAiImagesStatusRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_media_v1_GetAiImagesStatusResponse__Output>): grpc.ClientUnaryCall;
  GetAiImagesStatus(argument: _cfs_media_v1_GetAiImagesStatusRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_media_v1_GetAiImagesStatusResponse__Output>): grpc.ClientUnaryCall;
  GetAiImagesStatus(argument: _cfs_media_v1_GetAiImagesStatusRequest, callback: grpc.requestCallback<_cfs_media_v1_GetAiImagesStatusResponse__Output>): grpc.ClientUnaryCall;
  getAiImagesStatus(argument: _cfs_media_v1_GetAiImagesStatusRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_media_v1_GetAiImagesStatusResponse__Output>): grpc.ClientUnaryCall;
  getAiImagesStatus(argument: _cfs_media_v1_GetAiImagesStatusRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_media_v1_GetAiImagesStatusResponse__Output>): grpc.ClientUnaryCall;
  getAiImagesStatus(argument: _cfs_media_v1_GetAiImagesStatusRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_media_v1_GetAiImagesStatusResponse__Output>): grpc.ClientUnaryCall;
  getAiImagesStatus(argument: _cfs_media_v1_GetAiImagesStatusRequest, callback: grpc.requestCallback<_cfs_media_v1_GetAiImagesStatusResponse__Output>): grpc.ClientUnaryCall;
  
  GetAiUsage(argument: _cfs_media_v1_GetAiUsageRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_media_v1_GetAiUsageResponse__Output>): grpc.ClientUnaryCall;
  GetAiUsage(argument: _cfs_media_v1_GetAiUsageRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_media_v1_GetAiUsageResponse__Output>): grpc.ClientUnaryCall;
  GetAiUsage(argument: _cfs_media_v1_GetAiUsageRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_media_v1_GetAiUsageResponse__Output>): grpc.ClientUnaryCall;
  GetAiUsage(argument: _cfs_media_v1_GetAiUsageRequest, callback: grpc.requestCallback<_cfs_media_v1_GetAiUsageResponse__Output>): grpc.ClientUnaryCall;
  getAiUsage(argument: _cfs_media_v1_GetAiUsageRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_media_v1_GetAiUsageResponse__Output>): grpc.ClientUnaryCall;
  getAiUsage(argument: _cfs_media_v1_GetAiUsageRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_media_v1_GetAiUsageResponse__Output>): grpc.ClientUnaryCall;
  getAiUsage(argument: _cfs_media_v1_GetAiUsageRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_media_v1_GetAiUsageResponse__Output>): grpc.ClientUnaryCall;
  getAiUsage(argument: _cfs_media_v1_GetAiUsageRequest, callback: grpc.requestCallback<_cfs_media_v1_GetAiUsageResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface MediaServiceHandlers extends grpc.UntypedServiceImplementation {
  GetAiImagesStatus: grpc.handleUnaryCall<_cfs_media_v1_GetAiImagesStatusRequest__Output, _cfs_media_v1_GetAiImagesStatusResponse>;
  
  GetAiUsage: grpc.handleUnaryCall<_cfs_media_v1_GetAiUsageRequest__Output, _cfs_media_v1_GetAiUsageResponse>;
  
}

export interface MediaServiceDefinition extends grpc.ServiceDefinition {
  GetAiImagesStatus: MethodDefinition<_cfs_media_v1_GetAiImagesStatusRequest, _cfs_media_v1_GetAiImagesStatusResponse, _cfs_media_v1_GetAiImagesStatusRequest__Output, _cfs_media_v1_GetAiImagesStatusResponse__Output>
  GetAiUsage: MethodDefinition<_cfs_media_v1_GetAiUsageRequest, _cfs_media_v1_GetAiUsageResponse, _cfs_media_v1_GetAiUsageRequest__Output, _cfs_media_v1_GetAiUsageResponse__Output>
}
