// Original file: protos/cfs/media/v1/media.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { GetVariantsRequest as _cfs_media_v1_GetVariantsRequest, GetVariantsRequest__Output as _cfs_media_v1_GetVariantsRequest__Output } from '../../../cfs/media/v1/GetVariantsRequest.js';
import type { GetVariantsResponse as _cfs_media_v1_GetVariantsResponse, GetVariantsResponse__Output as _cfs_media_v1_GetVariantsResponse__Output } from '../../../cfs/media/v1/GetVariantsResponse.js';
import type { PutObjectRequest as _cfs_media_v1_PutObjectRequest, PutObjectRequest__Output as _cfs_media_v1_PutObjectRequest__Output } from '../../../cfs/media/v1/PutObjectRequest.js';
import type { PutObjectResponse as _cfs_media_v1_PutObjectResponse, PutObjectResponse__Output as _cfs_media_v1_PutObjectResponse__Output } from '../../../cfs/media/v1/PutObjectResponse.js';
import type { QueueGenerationsRequest as _cfs_media_v1_QueueGenerationsRequest, QueueGenerationsRequest__Output as _cfs_media_v1_QueueGenerationsRequest__Output } from '../../../cfs/media/v1/QueueGenerationsRequest.js';
import type { QueueGenerationsResponse as _cfs_media_v1_QueueGenerationsResponse, QueueGenerationsResponse__Output as _cfs_media_v1_QueueGenerationsResponse__Output } from '../../../cfs/media/v1/QueueGenerationsResponse.js';
import type { RecordAiUsageRequest as _cfs_media_v1_RecordAiUsageRequest, RecordAiUsageRequest__Output as _cfs_media_v1_RecordAiUsageRequest__Output } from '../../../cfs/media/v1/RecordAiUsageRequest.js';
import type { RecordAiUsageResponse as _cfs_media_v1_RecordAiUsageResponse, RecordAiUsageResponse__Output as _cfs_media_v1_RecordAiUsageResponse__Output } from '../../../cfs/media/v1/RecordAiUsageResponse.js';
import type { SetAiImagesStatusRequest as _cfs_media_v1_SetAiImagesStatusRequest, SetAiImagesStatusRequest__Output as _cfs_media_v1_SetAiImagesStatusRequest__Output } from '../../../cfs/media/v1/SetAiImagesStatusRequest.js';
import type { SetAiImagesStatusResponse as _cfs_media_v1_SetAiImagesStatusResponse, SetAiImagesStatusResponse__Output as _cfs_media_v1_SetAiImagesStatusResponse__Output } from '../../../cfs/media/v1/SetAiImagesStatusResponse.js';

/**
 * Operator and service-to-service calls; never reachable through the gateway (its service token
 * is not admitted to any of these RPCs). Same conventions as MediaService.
 */
export interface MediaAdminServiceClient extends grpc.Client {
  /**
   * The same as MediaService.GetVariants, where the gateway reads it; kept for callers of the
   * first version. Callers: admin.
   * buf:lint:ignore RPC_REQUEST_RESPONSE_UNIQUE
   * @deprecated
   */
  GetVariants(argument: _cfs_media_v1_GetVariantsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_media_v1_GetVariantsResponse__Output>): grpc.ClientUnaryCall;
  GetVariants(argument: _cfs_media_v1_GetVariantsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_media_v1_GetVariantsResponse__Output>): grpc.ClientUnaryCall;
  GetVariants(argument: _cfs_media_v1_GetVariantsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_media_v1_GetVariantsResponse__Output>): grpc.ClientUnaryCall;
  GetVariants(argument: _cfs_media_v1_GetVariantsRequest, callback: grpc.requestCallback<_cfs_media_v1_GetVariantsResponse__Output>): grpc.ClientUnaryCall;
  /**
   * The same as MediaService.GetVariants, where the gateway reads it; kept for callers of the
   * first version. Callers: admin.
   * buf:lint:ignore RPC_REQUEST_RESPONSE_UNIQUE
   * @deprecated
   */
  getVariants(argument: _cfs_media_v1_GetVariantsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_media_v1_GetVariantsResponse__Output>): grpc.ClientUnaryCall;
  getVariants(argument: _cfs_media_v1_GetVariantsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_media_v1_GetVariantsResponse__Output>): grpc.ClientUnaryCall;
  getVariants(argument: _cfs_media_v1_GetVariantsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_media_v1_GetVariantsResponse__Output>): grpc.ClientUnaryCall;
  getVariants(argument: _cfs_media_v1_GetVariantsRequest, callback: grpc.requestCallback<_cfs_media_v1_GetVariantsResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Stores a generated media object under its key (`media put`); objects are immutable: putting a
   * key again with the same bytes and content type changes nothing and answers the same.
   * Callers: admin.
   * Errors: INVALID_ARGUMENT for a malformed key or content type, or an object that is empty or
   * larger than MEDIA_MAX_OBJECT_BYTES (10 MiB unless set); FAILED_PRECONDITION (public code
   * CONFLICT) when the key holds other bytes or another content type; UNAVAILABLE; INTERNAL when
   * the object store fails.
   */
  PutObject(argument: _cfs_media_v1_PutObjectRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_media_v1_PutObjectResponse__Output>): grpc.ClientUnaryCall;
  PutObject(argument: _cfs_media_v1_PutObjectRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_media_v1_PutObjectResponse__Output>): grpc.ClientUnaryCall;
  PutObject(argument: _cfs_media_v1_PutObjectRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_media_v1_PutObjectResponse__Output>): grpc.ClientUnaryCall;
  PutObject(argument: _cfs_media_v1_PutObjectRequest, callback: grpc.requestCallback<_cfs_media_v1_PutObjectResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Stores a generated media object under its key (`media put`); objects are immutable: putting a
   * key again with the same bytes and content type changes nothing and answers the same.
   * Callers: admin.
   * Errors: INVALID_ARGUMENT for a malformed key or content type, or an object that is empty or
   * larger than MEDIA_MAX_OBJECT_BYTES (10 MiB unless set); FAILED_PRECONDITION (public code
   * CONFLICT) when the key holds other bytes or another content type; UNAVAILABLE; INTERNAL when
   * the object store fails.
   */
  putObject(argument: _cfs_media_v1_PutObjectRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_media_v1_PutObjectResponse__Output>): grpc.ClientUnaryCall;
  putObject(argument: _cfs_media_v1_PutObjectRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_media_v1_PutObjectResponse__Output>): grpc.ClientUnaryCall;
  putObject(argument: _cfs_media_v1_PutObjectRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_media_v1_PutObjectResponse__Output>): grpc.ClientUnaryCall;
  putObject(argument: _cfs_media_v1_PutObjectRequest, callback: grpc.requestCallback<_cfs_media_v1_PutObjectResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Queues durable AI generation jobs, one per (Site, article version, SEO profile version): a job
   * already queued or running for the same triple is not queued again. Answers how many were new.
   * Nothing is queued when AI_PROVIDER is none. Callers: admin.
   * Errors: INVALID_ARGUMENT for a job without a Site, an article id, version or title; UNAVAILABLE.
   */
  QueueGenerations(argument: _cfs_media_v1_QueueGenerationsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_media_v1_QueueGenerationsResponse__Output>): grpc.ClientUnaryCall;
  QueueGenerations(argument: _cfs_media_v1_QueueGenerationsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_media_v1_QueueGenerationsResponse__Output>): grpc.ClientUnaryCall;
  QueueGenerations(argument: _cfs_media_v1_QueueGenerationsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_media_v1_QueueGenerationsResponse__Output>): grpc.ClientUnaryCall;
  QueueGenerations(argument: _cfs_media_v1_QueueGenerationsRequest, callback: grpc.requestCallback<_cfs_media_v1_QueueGenerationsResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Queues durable AI generation jobs, one per (Site, article version, SEO profile version): a job
   * already queued or running for the same triple is not queued again. Answers how many were new.
   * Nothing is queued when AI_PROVIDER is none. Callers: admin.
   * Errors: INVALID_ARGUMENT for a job without a Site, an article id, version or title; UNAVAILABLE.
   */
  queueGenerations(argument: _cfs_media_v1_QueueGenerationsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_media_v1_QueueGenerationsResponse__Output>): grpc.ClientUnaryCall;
  queueGenerations(argument: _cfs_media_v1_QueueGenerationsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_media_v1_QueueGenerationsResponse__Output>): grpc.ClientUnaryCall;
  queueGenerations(argument: _cfs_media_v1_QueueGenerationsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_media_v1_QueueGenerationsResponse__Output>): grpc.ClientUnaryCall;
  queueGenerations(argument: _cfs_media_v1_QueueGenerationsRequest, callback: grpc.requestCallback<_cfs_media_v1_QueueGenerationsResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Records AI generation units used by a Site (`ai-usage record`). Callers: admin.
   * Errors: INVALID_ARGUMENT when units is not 1 to 1000000 or kind is longer than 64 characters;
   * UNAVAILABLE.
   */
  RecordAiUsage(argument: _cfs_media_v1_RecordAiUsageRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_media_v1_RecordAiUsageResponse__Output>): grpc.ClientUnaryCall;
  RecordAiUsage(argument: _cfs_media_v1_RecordAiUsageRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_media_v1_RecordAiUsageResponse__Output>): grpc.ClientUnaryCall;
  RecordAiUsage(argument: _cfs_media_v1_RecordAiUsageRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_media_v1_RecordAiUsageResponse__Output>): grpc.ClientUnaryCall;
  RecordAiUsage(argument: _cfs_media_v1_RecordAiUsageRequest, callback: grpc.requestCallback<_cfs_media_v1_RecordAiUsageResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Records AI generation units used by a Site (`ai-usage record`). Callers: admin.
   * Errors: INVALID_ARGUMENT when units is not 1 to 1000000 or kind is longer than 64 characters;
   * UNAVAILABLE.
   */
  recordAiUsage(argument: _cfs_media_v1_RecordAiUsageRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_media_v1_RecordAiUsageResponse__Output>): grpc.ClientUnaryCall;
  recordAiUsage(argument: _cfs_media_v1_RecordAiUsageRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_media_v1_RecordAiUsageResponse__Output>): grpc.ClientUnaryCall;
  recordAiUsage(argument: _cfs_media_v1_RecordAiUsageRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_media_v1_RecordAiUsageResponse__Output>): grpc.ClientUnaryCall;
  recordAiUsage(argument: _cfs_media_v1_RecordAiUsageRequest, callback: grpc.requestCallback<_cfs_media_v1_RecordAiUsageResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Sets the operator's AI image status (`ai-images set-status`): paused stops every new provider
   * call on every replica within a second, degraded is shown as set, operational hands the status
   * back to the value computed from recent calls. Callers: admin.
   * Errors: INVALID_ARGUMENT for a status other than operational, degraded or paused; UNAVAILABLE.
   */
  SetAiImagesStatus(argument: _cfs_media_v1_SetAiImagesStatusRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_media_v1_SetAiImagesStatusResponse__Output>): grpc.ClientUnaryCall;
  SetAiImagesStatus(argument: _cfs_media_v1_SetAiImagesStatusRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_media_v1_SetAiImagesStatusResponse__Output>): grpc.ClientUnaryCall;
  SetAiImagesStatus(argument: _cfs_media_v1_SetAiImagesStatusRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_media_v1_SetAiImagesStatusResponse__Output>): grpc.ClientUnaryCall;
  SetAiImagesStatus(argument: _cfs_media_v1_SetAiImagesStatusRequest, callback: grpc.requestCallback<_cfs_media_v1_SetAiImagesStatusResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Sets the operator's AI image status (`ai-images set-status`): paused stops every new provider
   * call on every replica within a second, degraded is shown as set, operational hands the status
   * back to the value computed from recent calls. Callers: admin.
   * Errors: INVALID_ARGUMENT for a status other than operational, degraded or paused; UNAVAILABLE.
   */
  setAiImagesStatus(argument: _cfs_media_v1_SetAiImagesStatusRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_media_v1_SetAiImagesStatusResponse__Output>): grpc.ClientUnaryCall;
  setAiImagesStatus(argument: _cfs_media_v1_SetAiImagesStatusRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_media_v1_SetAiImagesStatusResponse__Output>): grpc.ClientUnaryCall;
  setAiImagesStatus(argument: _cfs_media_v1_SetAiImagesStatusRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_media_v1_SetAiImagesStatusResponse__Output>): grpc.ClientUnaryCall;
  setAiImagesStatus(argument: _cfs_media_v1_SetAiImagesStatusRequest, callback: grpc.requestCallback<_cfs_media_v1_SetAiImagesStatusResponse__Output>): grpc.ClientUnaryCall;
  
}

/**
 * Operator and service-to-service calls; never reachable through the gateway (its service token
 * is not admitted to any of these RPCs). Same conventions as MediaService.
 */
export interface MediaAdminServiceHandlers extends grpc.UntypedServiceImplementation {
  /**
   * The same as MediaService.GetVariants, where the gateway reads it; kept for callers of the
   * first version. Callers: admin.
   * buf:lint:ignore RPC_REQUEST_RESPONSE_UNIQUE
   */
  GetVariants: grpc.handleUnaryCall<_cfs_media_v1_GetVariantsRequest__Output, _cfs_media_v1_GetVariantsResponse>;
  
  /**
   * Stores a generated media object under its key (`media put`); objects are immutable: putting a
   * key again with the same bytes and content type changes nothing and answers the same.
   * Callers: admin.
   * Errors: INVALID_ARGUMENT for a malformed key or content type, or an object that is empty or
   * larger than MEDIA_MAX_OBJECT_BYTES (10 MiB unless set); FAILED_PRECONDITION (public code
   * CONFLICT) when the key holds other bytes or another content type; UNAVAILABLE; INTERNAL when
   * the object store fails.
   */
  PutObject: grpc.handleUnaryCall<_cfs_media_v1_PutObjectRequest__Output, _cfs_media_v1_PutObjectResponse>;
  
  /**
   * Queues durable AI generation jobs, one per (Site, article version, SEO profile version): a job
   * already queued or running for the same triple is not queued again. Answers how many were new.
   * Nothing is queued when AI_PROVIDER is none. Callers: admin.
   * Errors: INVALID_ARGUMENT for a job without a Site, an article id, version or title; UNAVAILABLE.
   */
  QueueGenerations: grpc.handleUnaryCall<_cfs_media_v1_QueueGenerationsRequest__Output, _cfs_media_v1_QueueGenerationsResponse>;
  
  /**
   * Records AI generation units used by a Site (`ai-usage record`). Callers: admin.
   * Errors: INVALID_ARGUMENT when units is not 1 to 1000000 or kind is longer than 64 characters;
   * UNAVAILABLE.
   */
  RecordAiUsage: grpc.handleUnaryCall<_cfs_media_v1_RecordAiUsageRequest__Output, _cfs_media_v1_RecordAiUsageResponse>;
  
  /**
   * Sets the operator's AI image status (`ai-images set-status`): paused stops every new provider
   * call on every replica within a second, degraded is shown as set, operational hands the status
   * back to the value computed from recent calls. Callers: admin.
   * Errors: INVALID_ARGUMENT for a status other than operational, degraded or paused; UNAVAILABLE.
   */
  SetAiImagesStatus: grpc.handleUnaryCall<_cfs_media_v1_SetAiImagesStatusRequest__Output, _cfs_media_v1_SetAiImagesStatusResponse>;
  
}

export interface MediaAdminServiceDefinition extends grpc.ServiceDefinition {
  GetVariants: MethodDefinition<_cfs_media_v1_GetVariantsRequest, _cfs_media_v1_GetVariantsResponse, _cfs_media_v1_GetVariantsRequest__Output, _cfs_media_v1_GetVariantsResponse__Output>
  PutObject: MethodDefinition<_cfs_media_v1_PutObjectRequest, _cfs_media_v1_PutObjectResponse, _cfs_media_v1_PutObjectRequest__Output, _cfs_media_v1_PutObjectResponse__Output>
  QueueGenerations: MethodDefinition<_cfs_media_v1_QueueGenerationsRequest, _cfs_media_v1_QueueGenerationsResponse, _cfs_media_v1_QueueGenerationsRequest__Output, _cfs_media_v1_QueueGenerationsResponse__Output>
  RecordAiUsage: MethodDefinition<_cfs_media_v1_RecordAiUsageRequest, _cfs_media_v1_RecordAiUsageResponse, _cfs_media_v1_RecordAiUsageRequest__Output, _cfs_media_v1_RecordAiUsageResponse__Output>
  SetAiImagesStatus: MethodDefinition<_cfs_media_v1_SetAiImagesStatusRequest, _cfs_media_v1_SetAiImagesStatusResponse, _cfs_media_v1_SetAiImagesStatusRequest__Output, _cfs_media_v1_SetAiImagesStatusResponse__Output>
}
