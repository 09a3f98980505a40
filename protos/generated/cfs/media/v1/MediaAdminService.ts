// Original file: protos/cfs/media/v1/media.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { PutObjectRequest as _cfs_media_v1_PutObjectRequest, PutObjectRequest__Output as _cfs_media_v1_PutObjectRequest__Output } from '../../../cfs/media/v1/PutObjectRequest.js';
import type { PutObjectResponse as _cfs_media_v1_PutObjectResponse, PutObjectResponse__Output as _cfs_media_v1_PutObjectResponse__Output } from '../../../cfs/media/v1/PutObjectResponse.js';
import type { RecordAiUsageRequest as _cfs_media_v1_RecordAiUsageRequest, RecordAiUsageRequest__Output as _cfs_media_v1_RecordAiUsageRequest__Output } from '../../../cfs/media/v1/RecordAiUsageRequest.js';
import type { RecordAiUsageResponse as _cfs_media_v1_RecordAiUsageResponse, RecordAiUsageResponse__Output as _cfs_media_v1_RecordAiUsageResponse__Output } from '../../../cfs/media/v1/RecordAiUsageResponse.js';
import type { SetAiImagesStatusRequest as _cfs_media_v1_SetAiImagesStatusRequest, SetAiImagesStatusRequest__Output as _cfs_media_v1_SetAiImagesStatusRequest__Output } from '../../../cfs/media/v1/SetAiImagesStatusRequest.js';
import type { SetAiImagesStatusResponse as _cfs_media_v1_SetAiImagesStatusResponse, SetAiImagesStatusResponse__Output as _cfs_media_v1_SetAiImagesStatusResponse__Output } from '../../../cfs/media/v1/SetAiImagesStatusResponse.js';

export interface MediaAdminServiceClient extends grpc.Client {
  PutObject(argument: _cfs_media_v1_PutObjectRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_media_v1_PutObjectResponse__Output>): grpc.ClientUnaryCall;
  PutObject(argument: _cfs_media_v1_PutObjectRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_media_v1_PutObjectResponse__Output>): grpc.ClientUnaryCall;
  PutObject(argument: _cfs_media_v1_PutObjectRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_media_v1_PutObjectResponse__Output>): grpc.ClientUnaryCall;
  PutObject(argument: _cfs_media_v1_PutObjectRequest, callback: grpc.requestCallback<_cfs_media_v1_PutObjectResponse__Output>): grpc.ClientUnaryCall;
  putObject(argument: _cfs_media_v1_PutObjectRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_media_v1_PutObjectResponse__Output>): grpc.ClientUnaryCall;
  putObject(argument: _cfs_media_v1_PutObjectRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_media_v1_PutObjectResponse__Output>): grpc.ClientUnaryCall;
  putObject(argument: _cfs_media_v1_PutObjectRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_media_v1_PutObjectResponse__Output>): grpc.ClientUnaryCall;
  putObject(argument: _cfs_media_v1_PutObjectRequest, callback: grpc.requestCallback<_cfs_media_v1_PutObjectResponse__Output>): grpc.ClientUnaryCall;
  
  RecordAiUsage(argument: _cfs_media_v1_RecordAiUsageRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_media_v1_RecordAiUsageResponse__Output>): grpc.ClientUnaryCall;
  RecordAiUsage(argument: _cfs_media_v1_RecordAiUsageRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_media_v1_RecordAiUsageResponse__Output>): grpc.ClientUnaryCall;
  RecordAiUsage(argument: _cfs_media_v1_RecordAiUsageRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_media_v1_RecordAiUsageResponse__Output>): grpc.ClientUnaryCall;
  RecordAiUsage(argument: _cfs_media_v1_RecordAiUsageRequest, callback: grpc.requestCallback<_cfs_media_v1_RecordAiUsageResponse__Output>): grpc.ClientUnaryCall;
  recordAiUsage(argument: _cfs_media_v1_RecordAiUsageRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_media_v1_RecordAiUsageResponse__Output>): grpc.ClientUnaryCall;
  recordAiUsage(argument: _cfs_media_v1_RecordAiUsageRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_media_v1_RecordAiUsageResponse__Output>): grpc.ClientUnaryCall;
  recordAiUsage(argument: _cfs_media_v1_RecordAiUsageRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_media_v1_RecordAiUsageResponse__Output>): grpc.ClientUnaryCall;
  recordAiUsage(argument: _cfs_media_v1_RecordAiUsageRequest, callback: grpc.requestCallback<_cfs_media_v1_RecordAiUsageResponse__Output>): grpc.ClientUnaryCall;
  
  SetAiImagesStatus(argument: _cfs_media_v1_SetAiImagesStatusRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_media_v1_SetAiImagesStatusResponse__Output>): grpc.ClientUnaryCall;
  SetAiImagesStatus(argument: _cfs_media_v1_SetAiImagesStatusRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_media_v1_SetAiImagesStatusResponse__Output>): grpc.ClientUnaryCall;
  SetAiImagesStatus(argument: _cfs_media_v1_SetAiImagesStatusRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_media_v1_SetAiImagesStatusResponse__Output>): grpc.ClientUnaryCall;
  SetAiImagesStatus(argument: _cfs_media_v1_SetAiImagesStatusRequest, callback: grpc.requestCallback<_cfs_media_v1_SetAiImagesStatusResponse__Output>): grpc.ClientUnaryCall;
  setAiImagesStatus(argument: _cfs_media_v1_SetAiImagesStatusRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_media_v1_SetAiImagesStatusResponse__Output>): grpc.ClientUnaryCall;
  setAiImagesStatus(argument: _cfs_media_v1_SetAiImagesStatusRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_media_v1_SetAiImagesStatusResponse__Output>): grpc.ClientUnaryCall;
  setAiImagesStatus(argument: _cfs_media_v1_SetAiImagesStatusRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_media_v1_SetAiImagesStatusResponse__Output>): grpc.ClientUnaryCall;
  setAiImagesStatus(argument: _cfs_media_v1_SetAiImagesStatusRequest, callback: grpc.requestCallback<_cfs_media_v1_SetAiImagesStatusResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface MediaAdminServiceHandlers extends grpc.UntypedServiceImplementation {
  PutObject: grpc.handleUnaryCall<_cfs_media_v1_PutObjectRequest__Output, _cfs_media_v1_PutObjectResponse>;
  
  RecordAiUsage: grpc.handleUnaryCall<_cfs_media_v1_RecordAiUsageRequest__Output, _cfs_media_v1_RecordAiUsageResponse>;
  
  SetAiImagesStatus: grpc.handleUnaryCall<_cfs_media_v1_SetAiImagesStatusRequest__Output, _cfs_media_v1_SetAiImagesStatusResponse>;
  
}

export interface MediaAdminServiceDefinition extends grpc.ServiceDefinition {
  PutObject: MethodDefinition<_cfs_media_v1_PutObjectRequest, _cfs_media_v1_PutObjectResponse, _cfs_media_v1_PutObjectRequest__Output, _cfs_media_v1_PutObjectResponse__Output>
  RecordAiUsage: MethodDefinition<_cfs_media_v1_RecordAiUsageRequest, _cfs_media_v1_RecordAiUsageResponse, _cfs_media_v1_RecordAiUsageRequest__Output, _cfs_media_v1_RecordAiUsageResponse__Output>
  SetAiImagesStatus: MethodDefinition<_cfs_media_v1_SetAiImagesStatusRequest, _cfs_media_v1_SetAiImagesStatusResponse, _cfs_media_v1_SetAiImagesStatusRequest__Output, _cfs_media_v1_SetAiImagesStatusResponse__Output>
}
