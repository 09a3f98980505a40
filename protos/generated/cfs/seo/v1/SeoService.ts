// Original file: protos/cfs/seo/v1/seo.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { GetProfileRequest as _cfs_seo_v1_GetProfileRequest, GetProfileRequest__Output as _cfs_seo_v1_GetProfileRequest__Output } from '../../../cfs/seo/v1/GetProfileRequest.js';
import type { GetProfileResponse as _cfs_seo_v1_GetProfileResponse, GetProfileResponse__Output as _cfs_seo_v1_GetProfileResponse__Output } from '../../../cfs/seo/v1/GetProfileResponse.js';
import type { ReplaceProfileRequest as _cfs_seo_v1_ReplaceProfileRequest, ReplaceProfileRequest__Output as _cfs_seo_v1_ReplaceProfileRequest__Output } from '../../../cfs/seo/v1/ReplaceProfileRequest.js';
import type { ReplaceProfileResponse as _cfs_seo_v1_ReplaceProfileResponse, ReplaceProfileResponse__Output as _cfs_seo_v1_ReplaceProfileResponse__Output } from '../../../cfs/seo/v1/ReplaceProfileResponse.js';

/**
 * SEO personalization profiles of Sites.
 * 
 * Conventions: one profile per Site, named by the Site's id (`site_…`; the seo service does not
 * check that the Site exists, the caller resolved it); times are RFC 3339 UTC strings with
 * milliseconds. Errors carry the public code in the `cfs-error-code` trailer. Every RPC checks its
 * caller's service token first (UNAUTHENTICATED without a known one, PERMISSION_DENIED for a
 * caller not listed for the RPC), and may answer UNAVAILABLE when the database is unreachable or
 * the deadline passed: nothing changed then and a retry is safe.
 */
export interface SeoServiceClient extends grpc.Client {
  /**
   * Reads the Site's profile. Callers: gateway, dashboard.
   * Errors: NOT_FOUND when the Site has no profile yet; UNAVAILABLE.
   */
  GetProfile(argument: _cfs_seo_v1_GetProfileRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_seo_v1_GetProfileResponse__Output>): grpc.ClientUnaryCall;
  GetProfile(argument: _cfs_seo_v1_GetProfileRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_seo_v1_GetProfileResponse__Output>): grpc.ClientUnaryCall;
  GetProfile(argument: _cfs_seo_v1_GetProfileRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_seo_v1_GetProfileResponse__Output>): grpc.ClientUnaryCall;
  GetProfile(argument: _cfs_seo_v1_GetProfileRequest, callback: grpc.requestCallback<_cfs_seo_v1_GetProfileResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Reads the Site's profile. Callers: gateway, dashboard.
   * Errors: NOT_FOUND when the Site has no profile yet; UNAVAILABLE.
   */
  getProfile(argument: _cfs_seo_v1_GetProfileRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_seo_v1_GetProfileResponse__Output>): grpc.ClientUnaryCall;
  getProfile(argument: _cfs_seo_v1_GetProfileRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_seo_v1_GetProfileResponse__Output>): grpc.ClientUnaryCall;
  getProfile(argument: _cfs_seo_v1_GetProfileRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_seo_v1_GetProfileResponse__Output>): grpc.ClientUnaryCall;
  getProfile(argument: _cfs_seo_v1_GetProfileRequest, callback: grpc.requestCallback<_cfs_seo_v1_GetProfileResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Replaces the whole profile; creates it when the Site has none. Callers: gateway, dashboard.
   * Errors: INVALID_ARGUMENT when the profile is absent or a field breaks its rule (see
   * SeoProfile; nothing changes); UNAVAILABLE.
   */
  ReplaceProfile(argument: _cfs_seo_v1_ReplaceProfileRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_seo_v1_ReplaceProfileResponse__Output>): grpc.ClientUnaryCall;
  ReplaceProfile(argument: _cfs_seo_v1_ReplaceProfileRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_seo_v1_ReplaceProfileResponse__Output>): grpc.ClientUnaryCall;
  ReplaceProfile(argument: _cfs_seo_v1_ReplaceProfileRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_seo_v1_ReplaceProfileResponse__Output>): grpc.ClientUnaryCall;
  ReplaceProfile(argument: _cfs_seo_v1_ReplaceProfileRequest, callback: grpc.requestCallback<_cfs_seo_v1_ReplaceProfileResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Replaces the whole profile; creates it when the Site has none. Callers: gateway, dashboard.
   * Errors: INVALID_ARGUMENT when the profile is absent or a field breaks its rule (see
   * SeoProfile; nothing changes); UNAVAILABLE.
   */
  replaceProfile(argument: _cfs_seo_v1_ReplaceProfileRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_seo_v1_ReplaceProfileResponse__Output>): grpc.ClientUnaryCall;
  replaceProfile(argument: _cfs_seo_v1_ReplaceProfileRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_seo_v1_ReplaceProfileResponse__Output>): grpc.ClientUnaryCall;
  replaceProfile(argument: _cfs_seo_v1_ReplaceProfileRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_seo_v1_ReplaceProfileResponse__Output>): grpc.ClientUnaryCall;
  replaceProfile(argument: _cfs_seo_v1_ReplaceProfileRequest, callback: grpc.requestCallback<_cfs_seo_v1_ReplaceProfileResponse__Output>): grpc.ClientUnaryCall;
  
}

/**
 * SEO personalization profiles of Sites.
 * 
 * Conventions: one profile per Site, named by the Site's id (`site_…`; the seo service does not
 * check that the Site exists, the caller resolved it); times are RFC 3339 UTC strings with
 * milliseconds. Errors carry the public code in the `cfs-error-code` trailer. Every RPC checks its
 * caller's service token first (UNAUTHENTICATED without a known one, PERMISSION_DENIED for a
 * caller not listed for the RPC), and may answer UNAVAILABLE when the database is unreachable or
 * the deadline passed: nothing changed then and a retry is safe.
 */
export interface SeoServiceHandlers extends grpc.UntypedServiceImplementation {
  /**
   * Reads the Site's profile. Callers: gateway, dashboard.
   * Errors: NOT_FOUND when the Site has no profile yet; UNAVAILABLE.
   */
  GetProfile: grpc.handleUnaryCall<_cfs_seo_v1_GetProfileRequest__Output, _cfs_seo_v1_GetProfileResponse>;
  
  /**
   * Replaces the whole profile; creates it when the Site has none. Callers: gateway, dashboard.
   * Errors: INVALID_ARGUMENT when the profile is absent or a field breaks its rule (see
   * SeoProfile; nothing changes); UNAVAILABLE.
   */
  ReplaceProfile: grpc.handleUnaryCall<_cfs_seo_v1_ReplaceProfileRequest__Output, _cfs_seo_v1_ReplaceProfileResponse>;
  
}

export interface SeoServiceDefinition extends grpc.ServiceDefinition {
  GetProfile: MethodDefinition<_cfs_seo_v1_GetProfileRequest, _cfs_seo_v1_GetProfileResponse, _cfs_seo_v1_GetProfileRequest__Output, _cfs_seo_v1_GetProfileResponse__Output>
  ReplaceProfile: MethodDefinition<_cfs_seo_v1_ReplaceProfileRequest, _cfs_seo_v1_ReplaceProfileResponse, _cfs_seo_v1_ReplaceProfileRequest__Output, _cfs_seo_v1_ReplaceProfileResponse__Output>
}
