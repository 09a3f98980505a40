// Original file: protos/cfs/account/v1/account.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { CreateSiteRequest as _cfs_account_v1_CreateSiteRequest, CreateSiteRequest__Output as _cfs_account_v1_CreateSiteRequest__Output } from '../../../cfs/account/v1/CreateSiteRequest.js';
import type { CreateSiteResponse as _cfs_account_v1_CreateSiteResponse, CreateSiteResponse__Output as _cfs_account_v1_CreateSiteResponse__Output } from '../../../cfs/account/v1/CreateSiteResponse.js';
import type { GetCustomerRequest as _cfs_account_v1_GetCustomerRequest, GetCustomerRequest__Output as _cfs_account_v1_GetCustomerRequest__Output } from '../../../cfs/account/v1/GetCustomerRequest.js';
import type { GetCustomerResponse as _cfs_account_v1_GetCustomerResponse, GetCustomerResponse__Output as _cfs_account_v1_GetCustomerResponse__Output } from '../../../cfs/account/v1/GetCustomerResponse.js';
import type { GetSiteRequest as _cfs_account_v1_GetSiteRequest, GetSiteRequest__Output as _cfs_account_v1_GetSiteRequest__Output } from '../../../cfs/account/v1/GetSiteRequest.js';
import type { GetSiteResponse as _cfs_account_v1_GetSiteResponse, GetSiteResponse__Output as _cfs_account_v1_GetSiteResponse__Output } from '../../../cfs/account/v1/GetSiteResponse.js';
import type { ListSitesRequest as _cfs_account_v1_ListSitesRequest, ListSitesRequest__Output as _cfs_account_v1_ListSitesRequest__Output } from '../../../cfs/account/v1/ListSitesRequest.js';
import type { ListSitesResponse as _cfs_account_v1_ListSitesResponse, ListSitesResponse__Output as _cfs_account_v1_ListSitesResponse__Output } from '../../../cfs/account/v1/ListSitesResponse.js';
import type { ResolveSiteRequest as _cfs_account_v1_ResolveSiteRequest, ResolveSiteRequest__Output as _cfs_account_v1_ResolveSiteRequest__Output } from '../../../cfs/account/v1/ResolveSiteRequest.js';
import type { ResolveSiteResponse as _cfs_account_v1_ResolveSiteResponse, ResolveSiteResponse__Output as _cfs_account_v1_ResolveSiteResponse__Output } from '../../../cfs/account/v1/ResolveSiteResponse.js';
import type { UpdateCustomerRequest as _cfs_account_v1_UpdateCustomerRequest, UpdateCustomerRequest__Output as _cfs_account_v1_UpdateCustomerRequest__Output } from '../../../cfs/account/v1/UpdateCustomerRequest.js';
import type { UpdateCustomerResponse as _cfs_account_v1_UpdateCustomerResponse, UpdateCustomerResponse__Output as _cfs_account_v1_UpdateCustomerResponse__Output } from '../../../cfs/account/v1/UpdateCustomerResponse.js';
import type { UpdateSiteRequest as _cfs_account_v1_UpdateSiteRequest, UpdateSiteRequest__Output as _cfs_account_v1_UpdateSiteRequest__Output } from '../../../cfs/account/v1/UpdateSiteRequest.js';
import type { UpdateSiteResponse as _cfs_account_v1_UpdateSiteResponse, UpdateSiteResponse__Output as _cfs_account_v1_UpdateSiteResponse__Output } from '../../../cfs/account/v1/UpdateSiteResponse.js';

/**
 * Customers and their Sites, and the plan of each Site. Every customer-facing call names the
 * Customer; a Site of another Customer answers NOT_FOUND exactly like a Site that does not exist.
 * 
 * Conventions of this package: ids are prefixed (`cus_…` for a Customer, `site_…` for a Site,
 * then 26 lower-case base32 characters); times are RFC 3339 UTC strings with milliseconds
 * (`2026-11-22T10:15:30.123Z`). Errors carry the public code in the `cfs-error-code` trailer and
 * a message safe to show in `cfs-error-message`. Every RPC checks its caller's service token
 * (`cfs-service-token` metadata) first: none or an unknown one is UNAUTHENTICATED, a caller that
 * is not listed for the RPC PERMISSION_DENIED. Every RPC may answer UNAVAILABLE when the database
 * is unreachable or the call's deadline passed; nothing changed then and a retry is safe.
 */
export interface AccountServiceClient extends grpc.Client {
  /**
   * Creates a Site of the Customer on the catalog's default plan. Callers: gateway, dashboard.
   * Errors: INVALID_ARGUMENT when the name or the url breaks its rule; NOT_FOUND when no Customer
   * has the id; UNAVAILABLE (also when the deadline passes before COMMIT: nothing is created).
   */
  CreateSite(argument: _cfs_account_v1_CreateSiteRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_CreateSiteResponse__Output>): grpc.ClientUnaryCall;
  CreateSite(argument: _cfs_account_v1_CreateSiteRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_account_v1_CreateSiteResponse__Output>): grpc.ClientUnaryCall;
  CreateSite(argument: _cfs_account_v1_CreateSiteRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_CreateSiteResponse__Output>): grpc.ClientUnaryCall;
  CreateSite(argument: _cfs_account_v1_CreateSiteRequest, callback: grpc.requestCallback<_cfs_account_v1_CreateSiteResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Creates a Site of the Customer on the catalog's default plan. Callers: gateway, dashboard.
   * Errors: INVALID_ARGUMENT when the name or the url breaks its rule; NOT_FOUND when no Customer
   * has the id; UNAVAILABLE (also when the deadline passes before COMMIT: nothing is created).
   */
  createSite(argument: _cfs_account_v1_CreateSiteRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_CreateSiteResponse__Output>): grpc.ClientUnaryCall;
  createSite(argument: _cfs_account_v1_CreateSiteRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_account_v1_CreateSiteResponse__Output>): grpc.ClientUnaryCall;
  createSite(argument: _cfs_account_v1_CreateSiteRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_CreateSiteResponse__Output>): grpc.ClientUnaryCall;
  createSite(argument: _cfs_account_v1_CreateSiteRequest, callback: grpc.requestCallback<_cfs_account_v1_CreateSiteResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * The Customer with this id. Callers: gateway, dashboard, admin.
   * Errors: NOT_FOUND when no Customer has the id; UNAVAILABLE.
   */
  GetCustomer(argument: _cfs_account_v1_GetCustomerRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_GetCustomerResponse__Output>): grpc.ClientUnaryCall;
  GetCustomer(argument: _cfs_account_v1_GetCustomerRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_account_v1_GetCustomerResponse__Output>): grpc.ClientUnaryCall;
  GetCustomer(argument: _cfs_account_v1_GetCustomerRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_GetCustomerResponse__Output>): grpc.ClientUnaryCall;
  GetCustomer(argument: _cfs_account_v1_GetCustomerRequest, callback: grpc.requestCallback<_cfs_account_v1_GetCustomerResponse__Output>): grpc.ClientUnaryCall;
  /**
   * The Customer with this id. Callers: gateway, dashboard, admin.
   * Errors: NOT_FOUND when no Customer has the id; UNAVAILABLE.
   */
  getCustomer(argument: _cfs_account_v1_GetCustomerRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_GetCustomerResponse__Output>): grpc.ClientUnaryCall;
  getCustomer(argument: _cfs_account_v1_GetCustomerRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_account_v1_GetCustomerResponse__Output>): grpc.ClientUnaryCall;
  getCustomer(argument: _cfs_account_v1_GetCustomerRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_GetCustomerResponse__Output>): grpc.ClientUnaryCall;
  getCustomer(argument: _cfs_account_v1_GetCustomerRequest, callback: grpc.requestCallback<_cfs_account_v1_GetCustomerResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * One Site of the Customer with its plan. Callers: gateway, dashboard.
   * Errors: NOT_FOUND when the Site does not exist or belongs to another Customer; UNAVAILABLE.
   */
  GetSite(argument: _cfs_account_v1_GetSiteRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_GetSiteResponse__Output>): grpc.ClientUnaryCall;
  GetSite(argument: _cfs_account_v1_GetSiteRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_account_v1_GetSiteResponse__Output>): grpc.ClientUnaryCall;
  GetSite(argument: _cfs_account_v1_GetSiteRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_GetSiteResponse__Output>): grpc.ClientUnaryCall;
  GetSite(argument: _cfs_account_v1_GetSiteRequest, callback: grpc.requestCallback<_cfs_account_v1_GetSiteResponse__Output>): grpc.ClientUnaryCall;
  /**
   * One Site of the Customer with its plan. Callers: gateway, dashboard.
   * Errors: NOT_FOUND when the Site does not exist or belongs to another Customer; UNAVAILABLE.
   */
  getSite(argument: _cfs_account_v1_GetSiteRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_GetSiteResponse__Output>): grpc.ClientUnaryCall;
  getSite(argument: _cfs_account_v1_GetSiteRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_account_v1_GetSiteResponse__Output>): grpc.ClientUnaryCall;
  getSite(argument: _cfs_account_v1_GetSiteRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_GetSiteResponse__Output>): grpc.ClientUnaryCall;
  getSite(argument: _cfs_account_v1_GetSiteRequest, callback: grpc.requestCallback<_cfs_account_v1_GetSiteResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * The Customer's Sites, oldest first (created_at, then id); empty for a Customer without Sites
   * or an unknown Customer id (no NOT_FOUND). Callers: gateway, dashboard. Errors: UNAVAILABLE.
   */
  ListSites(argument: _cfs_account_v1_ListSitesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_ListSitesResponse__Output>): grpc.ClientUnaryCall;
  ListSites(argument: _cfs_account_v1_ListSitesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_account_v1_ListSitesResponse__Output>): grpc.ClientUnaryCall;
  ListSites(argument: _cfs_account_v1_ListSitesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_ListSitesResponse__Output>): grpc.ClientUnaryCall;
  ListSites(argument: _cfs_account_v1_ListSitesRequest, callback: grpc.requestCallback<_cfs_account_v1_ListSitesResponse__Output>): grpc.ClientUnaryCall;
  /**
   * The Customer's Sites, oldest first (created_at, then id); empty for a Customer without Sites
   * or an unknown Customer id (no NOT_FOUND). Callers: gateway, dashboard. Errors: UNAVAILABLE.
   */
  listSites(argument: _cfs_account_v1_ListSitesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_ListSitesResponse__Output>): grpc.ClientUnaryCall;
  listSites(argument: _cfs_account_v1_ListSitesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_account_v1_ListSitesResponse__Output>): grpc.ClientUnaryCall;
  listSites(argument: _cfs_account_v1_ListSitesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_ListSitesResponse__Output>): grpc.ClientUnaryCall;
  listSites(argument: _cfs_account_v1_ListSitesRequest, callback: grpc.requestCallback<_cfs_account_v1_ListSitesResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * The Site of an authenticated Credential together with its Customer (for /me and the pipeline),
   * by the Site id alone. Callers: gateway, admin (the operator CLI resolves a --site with it).
   * Errors: NOT_FOUND when no Site has the id; UNAVAILABLE.
   */
  ResolveSite(argument: _cfs_account_v1_ResolveSiteRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_ResolveSiteResponse__Output>): grpc.ClientUnaryCall;
  ResolveSite(argument: _cfs_account_v1_ResolveSiteRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_account_v1_ResolveSiteResponse__Output>): grpc.ClientUnaryCall;
  ResolveSite(argument: _cfs_account_v1_ResolveSiteRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_ResolveSiteResponse__Output>): grpc.ClientUnaryCall;
  ResolveSite(argument: _cfs_account_v1_ResolveSiteRequest, callback: grpc.requestCallback<_cfs_account_v1_ResolveSiteResponse__Output>): grpc.ClientUnaryCall;
  /**
   * The Site of an authenticated Credential together with its Customer (for /me and the pipeline),
   * by the Site id alone. Callers: gateway, admin (the operator CLI resolves a --site with it).
   * Errors: NOT_FOUND when no Site has the id; UNAVAILABLE.
   */
  resolveSite(argument: _cfs_account_v1_ResolveSiteRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_ResolveSiteResponse__Output>): grpc.ClientUnaryCall;
  resolveSite(argument: _cfs_account_v1_ResolveSiteRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_account_v1_ResolveSiteResponse__Output>): grpc.ClientUnaryCall;
  resolveSite(argument: _cfs_account_v1_ResolveSiteRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_ResolveSiteResponse__Output>): grpc.ClientUnaryCall;
  resolveSite(argument: _cfs_account_v1_ResolveSiteRequest, callback: grpc.requestCallback<_cfs_account_v1_ResolveSiteResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Replaces the Customer's name and e-mail address (both required) and tells the gateways' caches
   * that every Site of the Customer changed. Callers: gateway, dashboard.
   * Errors: INVALID_ARGUMENT when the name or the e-mail address breaks its rule (nothing changes);
   * NOT_FOUND when no Customer has the id; UNAVAILABLE.
   */
  UpdateCustomer(argument: _cfs_account_v1_UpdateCustomerRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_UpdateCustomerResponse__Output>): grpc.ClientUnaryCall;
  UpdateCustomer(argument: _cfs_account_v1_UpdateCustomerRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_account_v1_UpdateCustomerResponse__Output>): grpc.ClientUnaryCall;
  UpdateCustomer(argument: _cfs_account_v1_UpdateCustomerRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_UpdateCustomerResponse__Output>): grpc.ClientUnaryCall;
  UpdateCustomer(argument: _cfs_account_v1_UpdateCustomerRequest, callback: grpc.requestCallback<_cfs_account_v1_UpdateCustomerResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Replaces the Customer's name and e-mail address (both required) and tells the gateways' caches
   * that every Site of the Customer changed. Callers: gateway, dashboard.
   * Errors: INVALID_ARGUMENT when the name or the e-mail address breaks its rule (nothing changes);
   * NOT_FOUND when no Customer has the id; UNAVAILABLE.
   */
  updateCustomer(argument: _cfs_account_v1_UpdateCustomerRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_UpdateCustomerResponse__Output>): grpc.ClientUnaryCall;
  updateCustomer(argument: _cfs_account_v1_UpdateCustomerRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_account_v1_UpdateCustomerResponse__Output>): grpc.ClientUnaryCall;
  updateCustomer(argument: _cfs_account_v1_UpdateCustomerRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_UpdateCustomerResponse__Output>): grpc.ClientUnaryCall;
  updateCustomer(argument: _cfs_account_v1_UpdateCustomerRequest, callback: grpc.requestCallback<_cfs_account_v1_UpdateCustomerResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Replaces a Site's name and url and tells the gateways' caches. Callers: gateway, dashboard.
   * Errors: INVALID_ARGUMENT when the name or the url breaks its rule (nothing changes); NOT_FOUND
   * when the Site does not exist or belongs to another Customer; UNAVAILABLE.
   */
  UpdateSite(argument: _cfs_account_v1_UpdateSiteRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_UpdateSiteResponse__Output>): grpc.ClientUnaryCall;
  UpdateSite(argument: _cfs_account_v1_UpdateSiteRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_account_v1_UpdateSiteResponse__Output>): grpc.ClientUnaryCall;
  UpdateSite(argument: _cfs_account_v1_UpdateSiteRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_UpdateSiteResponse__Output>): grpc.ClientUnaryCall;
  UpdateSite(argument: _cfs_account_v1_UpdateSiteRequest, callback: grpc.requestCallback<_cfs_account_v1_UpdateSiteResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Replaces a Site's name and url and tells the gateways' caches. Callers: gateway, dashboard.
   * Errors: INVALID_ARGUMENT when the name or the url breaks its rule (nothing changes); NOT_FOUND
   * when the Site does not exist or belongs to another Customer; UNAVAILABLE.
   */
  updateSite(argument: _cfs_account_v1_UpdateSiteRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_UpdateSiteResponse__Output>): grpc.ClientUnaryCall;
  updateSite(argument: _cfs_account_v1_UpdateSiteRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_account_v1_UpdateSiteResponse__Output>): grpc.ClientUnaryCall;
  updateSite(argument: _cfs_account_v1_UpdateSiteRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_UpdateSiteResponse__Output>): grpc.ClientUnaryCall;
  updateSite(argument: _cfs_account_v1_UpdateSiteRequest, callback: grpc.requestCallback<_cfs_account_v1_UpdateSiteResponse__Output>): grpc.ClientUnaryCall;
  
}

/**
 * Customers and their Sites, and the plan of each Site. Every customer-facing call names the
 * Customer; a Site of another Customer answers NOT_FOUND exactly like a Site that does not exist.
 * 
 * Conventions of this package: ids are prefixed (`cus_…` for a Customer, `site_…` for a Site,
 * then 26 lower-case base32 characters); times are RFC 3339 UTC strings with milliseconds
 * (`2026-11-22T10:15:30.123Z`). Errors carry the public code in the `cfs-error-code` trailer and
 * a message safe to show in `cfs-error-message`. Every RPC checks its caller's service token
 * (`cfs-service-token` metadata) first: none or an unknown one is UNAUTHENTICATED, a caller that
 * is not listed for the RPC PERMISSION_DENIED. Every RPC may answer UNAVAILABLE when the database
 * is unreachable or the call's deadline passed; nothing changed then and a retry is safe.
 */
export interface AccountServiceHandlers extends grpc.UntypedServiceImplementation {
  /**
   * Creates a Site of the Customer on the catalog's default plan. Callers: gateway, dashboard.
   * Errors: INVALID_ARGUMENT when the name or the url breaks its rule; NOT_FOUND when no Customer
   * has the id; UNAVAILABLE (also when the deadline passes before COMMIT: nothing is created).
   */
  CreateSite: grpc.handleUnaryCall<_cfs_account_v1_CreateSiteRequest__Output, _cfs_account_v1_CreateSiteResponse>;
  
  /**
   * The Customer with this id. Callers: gateway, dashboard, admin.
   * Errors: NOT_FOUND when no Customer has the id; UNAVAILABLE.
   */
  GetCustomer: grpc.handleUnaryCall<_cfs_account_v1_GetCustomerRequest__Output, _cfs_account_v1_GetCustomerResponse>;
  
  /**
   * One Site of the Customer with its plan. Callers: gateway, dashboard.
   * Errors: NOT_FOUND when the Site does not exist or belongs to another Customer; UNAVAILABLE.
   */
  GetSite: grpc.handleUnaryCall<_cfs_account_v1_GetSiteRequest__Output, _cfs_account_v1_GetSiteResponse>;
  
  /**
   * The Customer's Sites, oldest first (created_at, then id); empty for a Customer without Sites
   * or an unknown Customer id (no NOT_FOUND). Callers: gateway, dashboard. Errors: UNAVAILABLE.
   */
  ListSites: grpc.handleUnaryCall<_cfs_account_v1_ListSitesRequest__Output, _cfs_account_v1_ListSitesResponse>;
  
  /**
   * The Site of an authenticated Credential together with its Customer (for /me and the pipeline),
   * by the Site id alone. Callers: gateway, admin (the operator CLI resolves a --site with it).
   * Errors: NOT_FOUND when no Site has the id; UNAVAILABLE.
   */
  ResolveSite: grpc.handleUnaryCall<_cfs_account_v1_ResolveSiteRequest__Output, _cfs_account_v1_ResolveSiteResponse>;
  
  /**
   * Replaces the Customer's name and e-mail address (both required) and tells the gateways' caches
   * that every Site of the Customer changed. Callers: gateway, dashboard.
   * Errors: INVALID_ARGUMENT when the name or the e-mail address breaks its rule (nothing changes);
   * NOT_FOUND when no Customer has the id; UNAVAILABLE.
   */
  UpdateCustomer: grpc.handleUnaryCall<_cfs_account_v1_UpdateCustomerRequest__Output, _cfs_account_v1_UpdateCustomerResponse>;
  
  /**
   * Replaces a Site's name and url and tells the gateways' caches. Callers: gateway, dashboard.
   * Errors: INVALID_ARGUMENT when the name or the url breaks its rule (nothing changes); NOT_FOUND
   * when the Site does not exist or belongs to another Customer; UNAVAILABLE.
   */
  UpdateSite: grpc.handleUnaryCall<_cfs_account_v1_UpdateSiteRequest__Output, _cfs_account_v1_UpdateSiteResponse>;
  
}

export interface AccountServiceDefinition extends grpc.ServiceDefinition {
  CreateSite: MethodDefinition<_cfs_account_v1_CreateSiteRequest, _cfs_account_v1_CreateSiteResponse, _cfs_account_v1_CreateSiteRequest__Output, _cfs_account_v1_CreateSiteResponse__Output>
  GetCustomer: MethodDefinition<_cfs_account_v1_GetCustomerRequest, _cfs_account_v1_GetCustomerResponse, _cfs_account_v1_GetCustomerRequest__Output, _cfs_account_v1_GetCustomerResponse__Output>
  GetSite: MethodDefinition<_cfs_account_v1_GetSiteRequest, _cfs_account_v1_GetSiteResponse, _cfs_account_v1_GetSiteRequest__Output, _cfs_account_v1_GetSiteResponse__Output>
  ListSites: MethodDefinition<_cfs_account_v1_ListSitesRequest, _cfs_account_v1_ListSitesResponse, _cfs_account_v1_ListSitesRequest__Output, _cfs_account_v1_ListSitesResponse__Output>
  ResolveSite: MethodDefinition<_cfs_account_v1_ResolveSiteRequest, _cfs_account_v1_ResolveSiteResponse, _cfs_account_v1_ResolveSiteRequest__Output, _cfs_account_v1_ResolveSiteResponse__Output>
  UpdateCustomer: MethodDefinition<_cfs_account_v1_UpdateCustomerRequest, _cfs_account_v1_UpdateCustomerResponse, _cfs_account_v1_UpdateCustomerRequest__Output, _cfs_account_v1_UpdateCustomerResponse__Output>
  UpdateSite: MethodDefinition<_cfs_account_v1_UpdateSiteRequest, _cfs_account_v1_UpdateSiteResponse, _cfs_account_v1_UpdateSiteRequest__Output, _cfs_account_v1_UpdateSiteResponse__Output>
}
