// Original file: protos/cfs/media/v1/media.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { GetAiImagesStatusRequest as _cfs_media_v1_GetAiImagesStatusRequest, GetAiImagesStatusRequest__Output as _cfs_media_v1_GetAiImagesStatusRequest__Output } from '../../../cfs/media/v1/GetAiImagesStatusRequest.js';
import type { GetAiImagesStatusResponse as _cfs_media_v1_GetAiImagesStatusResponse, GetAiImagesStatusResponse__Output as _cfs_media_v1_GetAiImagesStatusResponse__Output } from '../../../cfs/media/v1/GetAiImagesStatusResponse.js';
import type { GetAiUsageRequest as _cfs_media_v1_GetAiUsageRequest, GetAiUsageRequest__Output as _cfs_media_v1_GetAiUsageRequest__Output } from '../../../cfs/media/v1/GetAiUsageRequest.js';
import type { GetAiUsageResponse as _cfs_media_v1_GetAiUsageResponse, GetAiUsageResponse__Output as _cfs_media_v1_GetAiUsageResponse__Output } from '../../../cfs/media/v1/GetAiUsageResponse.js';
import type { GetVariantsRequest as _cfs_media_v1_GetVariantsRequest, GetVariantsRequest__Output as _cfs_media_v1_GetVariantsRequest__Output } from '../../../cfs/media/v1/GetVariantsRequest.js';
import type { GetVariantsResponse as _cfs_media_v1_GetVariantsResponse, GetVariantsResponse__Output as _cfs_media_v1_GetVariantsResponse__Output } from '../../../cfs/media/v1/GetVariantsResponse.js';
import type { ListGenerationsRequest as _cfs_media_v1_ListGenerationsRequest, ListGenerationsRequest__Output as _cfs_media_v1_ListGenerationsRequest__Output } from '../../../cfs/media/v1/ListGenerationsRequest.js';
import type { ListGenerationsResponse as _cfs_media_v1_ListGenerationsResponse, ListGenerationsResponse__Output as _cfs_media_v1_ListGenerationsResponse__Output } from '../../../cfs/media/v1/ListGenerationsResponse.js';

/**
 * AI usage of Sites and platform-wide AI image status. Generated media objects themselves are
 * served over the media service's HTTP port, streamed through the gateway.
 * 
 * Conventions: Sites are named by their id (`site_…`) and the media service does not check that a
 * Site exists (the caller resolved it); times are RFC 3339 UTC strings with milliseconds; periods
 * are UTC calendar periods: hour, day or month. Errors carry the public code in the
 * `cfs-error-code` trailer. Every RPC checks its caller's service token first (UNAUTHENTICATED
 * without a known one, PERMISSION_DENIED for a caller not listed for the RPC), and may answer
 * UNAVAILABLE when the database is unreachable or the deadline passed: nothing changed then and a
 * retry is safe.
 */
export interface MediaServiceClient extends grpc.Client {
  /**
   * The platform-wide status of AI image generation, computed from the recent image provider calls
   * unless the operator paused it or marked it degraded; paused without an AI provider.
   * Callers: gateway, dashboard. Errors: UNAVAILABLE.
   */
  GetAiImagesStatus(argument: _cfs_media_v1_GetAiImagesStatusRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_media_v1_GetAiImagesStatusResponse__Output>): grpc.ClientUnaryCall;
  GetAiImagesStatus(argument: _cfs_media_v1_GetAiImagesStatusRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_media_v1_GetAiImagesStatusResponse__Output>): grpc.ClientUnaryCall;
  GetAiImagesStatus(argument: _cfs_media_v1_GetAiImagesStatusRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_media_v1_GetAiImagesStatusResponse__Output>): grpc.ClientUnaryCall;
  GetAiImagesStatus(argument: _cfs_media_v1_GetAiImagesStatusRequest, callback: grpc.requestCallback<_cfs_media_v1_GetAiImagesStatusResponse__Output>): grpc.ClientUnaryCall;
  /**
   * The platform-wide status of AI image generation, computed from the recent image provider calls
   * unless the operator paused it or marked it degraded; paused without an AI provider.
   * Callers: gateway, dashboard. Errors: UNAVAILABLE.
   */
  getAiImagesStatus(argument: _cfs_media_v1_GetAiImagesStatusRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_media_v1_GetAiImagesStatusResponse__Output>): grpc.ClientUnaryCall;
  getAiImagesStatus(argument: _cfs_media_v1_GetAiImagesStatusRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_media_v1_GetAiImagesStatusResponse__Output>): grpc.ClientUnaryCall;
  getAiImagesStatus(argument: _cfs_media_v1_GetAiImagesStatusRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_media_v1_GetAiImagesStatusResponse__Output>): grpc.ClientUnaryCall;
  getAiImagesStatus(argument: _cfs_media_v1_GetAiImagesStatusRequest, callback: grpc.requestCallback<_cfs_media_v1_GetAiImagesStatusResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * The Site's AI usage in the current period against the budget the caller passes (the one of the
   * Site's plan): units used, and units reserved by generations under way. Callers: gateway,
   * dashboard. Errors: none of its own (an unknown period counts as month, a Site without usage has
   * used 0); UNAVAILABLE.
   */
  GetAiUsage(argument: _cfs_media_v1_GetAiUsageRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_media_v1_GetAiUsageResponse__Output>): grpc.ClientUnaryCall;
  GetAiUsage(argument: _cfs_media_v1_GetAiUsageRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_media_v1_GetAiUsageResponse__Output>): grpc.ClientUnaryCall;
  GetAiUsage(argument: _cfs_media_v1_GetAiUsageRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_media_v1_GetAiUsageResponse__Output>): grpc.ClientUnaryCall;
  GetAiUsage(argument: _cfs_media_v1_GetAiUsageRequest, callback: grpc.requestCallback<_cfs_media_v1_GetAiUsageResponse__Output>): grpc.ClientUnaryCall;
  /**
   * The Site's AI usage in the current period against the budget the caller passes (the one of the
   * Site's plan): units used, and units reserved by generations under way. Callers: gateway,
   * dashboard. Errors: none of its own (an unknown period counts as month, a Site without usage has
   * used 0); UNAVAILABLE.
   */
  getAiUsage(argument: _cfs_media_v1_GetAiUsageRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_media_v1_GetAiUsageResponse__Output>): grpc.ClientUnaryCall;
  getAiUsage(argument: _cfs_media_v1_GetAiUsageRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_media_v1_GetAiUsageResponse__Output>): grpc.ClientUnaryCall;
  getAiUsage(argument: _cfs_media_v1_GetAiUsageRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_media_v1_GetAiUsageResponse__Output>): grpc.ClientUnaryCall;
  getAiUsage(argument: _cfs_media_v1_GetAiUsageRequest, callback: grpc.requestCallback<_cfs_media_v1_GetAiUsageResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * The generated variants of a Site's articles that are current (made for the article's current
   * version and the Site's current SEO profile, read from feed and seo; the others are left out):
   * the gateway lays them over a feed page as `personalized`. Callers: gateway, admin.
   * Errors: INVALID_ARGUMENT for more than 500 article ids; UNAVAILABLE.
   * The messages are shared with MediaAdminService.GetVariants, where this RPC was first.
   * buf:lint:ignore RPC_REQUEST_RESPONSE_UNIQUE
   */
  GetVariants(argument: _cfs_media_v1_GetVariantsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_media_v1_GetVariantsResponse__Output>): grpc.ClientUnaryCall;
  GetVariants(argument: _cfs_media_v1_GetVariantsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_media_v1_GetVariantsResponse__Output>): grpc.ClientUnaryCall;
  GetVariants(argument: _cfs_media_v1_GetVariantsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_media_v1_GetVariantsResponse__Output>): grpc.ClientUnaryCall;
  GetVariants(argument: _cfs_media_v1_GetVariantsRequest, callback: grpc.requestCallback<_cfs_media_v1_GetVariantsResponse__Output>): grpc.ClientUnaryCall;
  /**
   * The generated variants of a Site's articles that are current (made for the article's current
   * version and the Site's current SEO profile, read from feed and seo; the others are left out):
   * the gateway lays them over a feed page as `personalized`. Callers: gateway, admin.
   * Errors: INVALID_ARGUMENT for more than 500 article ids; UNAVAILABLE.
   * The messages are shared with MediaAdminService.GetVariants, where this RPC was first.
   * buf:lint:ignore RPC_REQUEST_RESPONSE_UNIQUE
   */
  getVariants(argument: _cfs_media_v1_GetVariantsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_media_v1_GetVariantsResponse__Output>): grpc.ClientUnaryCall;
  getVariants(argument: _cfs_media_v1_GetVariantsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_media_v1_GetVariantsResponse__Output>): grpc.ClientUnaryCall;
  getVariants(argument: _cfs_media_v1_GetVariantsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_media_v1_GetVariantsResponse__Output>): grpc.ClientUnaryCall;
  getVariants(argument: _cfs_media_v1_GetVariantsRequest, callback: grpc.requestCallback<_cfs_media_v1_GetVariantsResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * The Site's newest AI generation attempts, newest first (the dashboard's recent generations).
   * Callers: dashboard. Errors: INVALID_ARGUMENT when limit is not 0 to 100; UNAVAILABLE.
   */
  ListGenerations(argument: _cfs_media_v1_ListGenerationsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_media_v1_ListGenerationsResponse__Output>): grpc.ClientUnaryCall;
  ListGenerations(argument: _cfs_media_v1_ListGenerationsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_media_v1_ListGenerationsResponse__Output>): grpc.ClientUnaryCall;
  ListGenerations(argument: _cfs_media_v1_ListGenerationsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_media_v1_ListGenerationsResponse__Output>): grpc.ClientUnaryCall;
  ListGenerations(argument: _cfs_media_v1_ListGenerationsRequest, callback: grpc.requestCallback<_cfs_media_v1_ListGenerationsResponse__Output>): grpc.ClientUnaryCall;
  /**
   * The Site's newest AI generation attempts, newest first (the dashboard's recent generations).
   * Callers: dashboard. Errors: INVALID_ARGUMENT when limit is not 0 to 100; UNAVAILABLE.
   */
  listGenerations(argument: _cfs_media_v1_ListGenerationsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_media_v1_ListGenerationsResponse__Output>): grpc.ClientUnaryCall;
  listGenerations(argument: _cfs_media_v1_ListGenerationsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_media_v1_ListGenerationsResponse__Output>): grpc.ClientUnaryCall;
  listGenerations(argument: _cfs_media_v1_ListGenerationsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_media_v1_ListGenerationsResponse__Output>): grpc.ClientUnaryCall;
  listGenerations(argument: _cfs_media_v1_ListGenerationsRequest, callback: grpc.requestCallback<_cfs_media_v1_ListGenerationsResponse__Output>): grpc.ClientUnaryCall;
  
}

/**
 * AI usage of Sites and platform-wide AI image status. Generated media objects themselves are
 * served over the media service's HTTP port, streamed through the gateway.
 * 
 * Conventions: Sites are named by their id (`site_…`) and the media service does not check that a
 * Site exists (the caller resolved it); times are RFC 3339 UTC strings with milliseconds; periods
 * are UTC calendar periods: hour, day or month. Errors carry the public code in the
 * `cfs-error-code` trailer. Every RPC checks its caller's service token first (UNAUTHENTICATED
 * without a known one, PERMISSION_DENIED for a caller not listed for the RPC), and may answer
 * UNAVAILABLE when the database is unreachable or the deadline passed: nothing changed then and a
 * retry is safe.
 */
export interface MediaServiceHandlers extends grpc.UntypedServiceImplementation {
  /**
   * The platform-wide status of AI image generation, computed from the recent image provider calls
   * unless the operator paused it or marked it degraded; paused without an AI provider.
   * Callers: gateway, dashboard. Errors: UNAVAILABLE.
   */
  GetAiImagesStatus: grpc.handleUnaryCall<_cfs_media_v1_GetAiImagesStatusRequest__Output, _cfs_media_v1_GetAiImagesStatusResponse>;
  
  /**
   * The Site's AI usage in the current period against the budget the caller passes (the one of the
   * Site's plan): units used, and units reserved by generations under way. Callers: gateway,
   * dashboard. Errors: none of its own (an unknown period counts as month, a Site without usage has
   * used 0); UNAVAILABLE.
   */
  GetAiUsage: grpc.handleUnaryCall<_cfs_media_v1_GetAiUsageRequest__Output, _cfs_media_v1_GetAiUsageResponse>;
  
  /**
   * The generated variants of a Site's articles that are current (made for the article's current
   * version and the Site's current SEO profile, read from feed and seo; the others are left out):
   * the gateway lays them over a feed page as `personalized`. Callers: gateway, admin.
   * Errors: INVALID_ARGUMENT for more than 500 article ids; UNAVAILABLE.
   * The messages are shared with MediaAdminService.GetVariants, where this RPC was first.
   * buf:lint:ignore RPC_REQUEST_RESPONSE_UNIQUE
   */
  GetVariants: grpc.handleUnaryCall<_cfs_media_v1_GetVariantsRequest__Output, _cfs_media_v1_GetVariantsResponse>;
  
  /**
   * The Site's newest AI generation attempts, newest first (the dashboard's recent generations).
   * Callers: dashboard. Errors: INVALID_ARGUMENT when limit is not 0 to 100; UNAVAILABLE.
   */
  ListGenerations: grpc.handleUnaryCall<_cfs_media_v1_ListGenerationsRequest__Output, _cfs_media_v1_ListGenerationsResponse>;
  
}

export interface MediaServiceDefinition extends grpc.ServiceDefinition {
  GetAiImagesStatus: MethodDefinition<_cfs_media_v1_GetAiImagesStatusRequest, _cfs_media_v1_GetAiImagesStatusResponse, _cfs_media_v1_GetAiImagesStatusRequest__Output, _cfs_media_v1_GetAiImagesStatusResponse__Output>
  GetAiUsage: MethodDefinition<_cfs_media_v1_GetAiUsageRequest, _cfs_media_v1_GetAiUsageResponse, _cfs_media_v1_GetAiUsageRequest__Output, _cfs_media_v1_GetAiUsageResponse__Output>
  GetVariants: MethodDefinition<_cfs_media_v1_GetVariantsRequest, _cfs_media_v1_GetVariantsResponse, _cfs_media_v1_GetVariantsRequest__Output, _cfs_media_v1_GetVariantsResponse__Output>
  ListGenerations: MethodDefinition<_cfs_media_v1_ListGenerationsRequest, _cfs_media_v1_ListGenerationsResponse, _cfs_media_v1_ListGenerationsRequest__Output, _cfs_media_v1_ListGenerationsResponse__Output>
}
