// Original file: protos/cfs/account/v1/account.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { CreateCustomerRequest as _cfs_account_v1_CreateCustomerRequest, CreateCustomerRequest__Output as _cfs_account_v1_CreateCustomerRequest__Output } from '../../../cfs/account/v1/CreateCustomerRequest.js';
import type { CreateCustomerResponse as _cfs_account_v1_CreateCustomerResponse, CreateCustomerResponse__Output as _cfs_account_v1_CreateCustomerResponse__Output } from '../../../cfs/account/v1/CreateCustomerResponse.js';
import type { GetPlanCatalogRequest as _cfs_account_v1_GetPlanCatalogRequest, GetPlanCatalogRequest__Output as _cfs_account_v1_GetPlanCatalogRequest__Output } from '../../../cfs/account/v1/GetPlanCatalogRequest.js';
import type { GetPlanCatalogResponse as _cfs_account_v1_GetPlanCatalogResponse, GetPlanCatalogResponse__Output as _cfs_account_v1_GetPlanCatalogResponse__Output } from '../../../cfs/account/v1/GetPlanCatalogResponse.js';
import type { ListAiSitesRequest as _cfs_account_v1_ListAiSitesRequest, ListAiSitesRequest__Output as _cfs_account_v1_ListAiSitesRequest__Output } from '../../../cfs/account/v1/ListAiSitesRequest.js';
import type { ListAiSitesResponse as _cfs_account_v1_ListAiSitesResponse, ListAiSitesResponse__Output as _cfs_account_v1_ListAiSitesResponse__Output } from '../../../cfs/account/v1/ListAiSitesResponse.js';
import type { SetSitePlanRequest as _cfs_account_v1_SetSitePlanRequest, SetSitePlanRequest__Output as _cfs_account_v1_SetSitePlanRequest__Output } from '../../../cfs/account/v1/SetSitePlanRequest.js';
import type { SetSitePlanResponse as _cfs_account_v1_SetSitePlanResponse, SetSitePlanResponse__Output as _cfs_account_v1_SetSitePlanResponse__Output } from '../../../cfs/account/v1/SetSitePlanResponse.js';

/**
 * Operator and service-to-service calls; never reachable through the gateway (its service token
 * is not admitted to any of these RPCs). Same conventions as AccountService.
 */
export interface AccountAdminServiceClient extends grpc.Client {
  /**
   * Creates a Customer with its first Site (`customer create` of the operator CLI).
   * Callers: admin.
   * Errors: INVALID_ARGUMENT when the name, the e-mail address, the Site's name or url breaks its
   * rule, or the plan is not in the catalog (nothing is created); UNAVAILABLE.
   */
  CreateCustomer(argument: _cfs_account_v1_CreateCustomerRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_CreateCustomerResponse__Output>): grpc.ClientUnaryCall;
  CreateCustomer(argument: _cfs_account_v1_CreateCustomerRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_account_v1_CreateCustomerResponse__Output>): grpc.ClientUnaryCall;
  CreateCustomer(argument: _cfs_account_v1_CreateCustomerRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_CreateCustomerResponse__Output>): grpc.ClientUnaryCall;
  CreateCustomer(argument: _cfs_account_v1_CreateCustomerRequest, callback: grpc.requestCallback<_cfs_account_v1_CreateCustomerResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Creates a Customer with its first Site (`customer create` of the operator CLI).
   * Callers: admin.
   * Errors: INVALID_ARGUMENT when the name, the e-mail address, the Site's name or url breaks its
   * rule, or the plan is not in the catalog (nothing is created); UNAVAILABLE.
   */
  createCustomer(argument: _cfs_account_v1_CreateCustomerRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_CreateCustomerResponse__Output>): grpc.ClientUnaryCall;
  createCustomer(argument: _cfs_account_v1_CreateCustomerRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_account_v1_CreateCustomerResponse__Output>): grpc.ClientUnaryCall;
  createCustomer(argument: _cfs_account_v1_CreateCustomerRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_CreateCustomerResponse__Output>): grpc.ClientUnaryCall;
  createCustomer(argument: _cfs_account_v1_CreateCustomerRequest, callback: grpc.requestCallback<_cfs_account_v1_CreateCustomerResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * The plan catalog: every plan and the default one (billing validates and cancels with it; the
   * dashboard offers the plans to buy). Callers: billing, admin, dashboard. Errors: none of its own
   * (UNAVAILABLE when the deadline passed).
   */
  GetPlanCatalog(argument: _cfs_account_v1_GetPlanCatalogRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_GetPlanCatalogResponse__Output>): grpc.ClientUnaryCall;
  GetPlanCatalog(argument: _cfs_account_v1_GetPlanCatalogRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_account_v1_GetPlanCatalogResponse__Output>): grpc.ClientUnaryCall;
  GetPlanCatalog(argument: _cfs_account_v1_GetPlanCatalogRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_GetPlanCatalogResponse__Output>): grpc.ClientUnaryCall;
  GetPlanCatalog(argument: _cfs_account_v1_GetPlanCatalogRequest, callback: grpc.requestCallback<_cfs_account_v1_GetPlanCatalogResponse__Output>): grpc.ClientUnaryCall;
  /**
   * The plan catalog: every plan and the default one (billing validates and cancels with it; the
   * dashboard offers the plans to buy). Callers: billing, admin, dashboard. Errors: none of its own
   * (UNAVAILABLE when the deadline passed).
   */
  getPlanCatalog(argument: _cfs_account_v1_GetPlanCatalogRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_GetPlanCatalogResponse__Output>): grpc.ClientUnaryCall;
  getPlanCatalog(argument: _cfs_account_v1_GetPlanCatalogRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_account_v1_GetPlanCatalogResponse__Output>): grpc.ClientUnaryCall;
  getPlanCatalog(argument: _cfs_account_v1_GetPlanCatalogRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_GetPlanCatalogResponse__Output>): grpc.ClientUnaryCall;
  getPlanCatalog(argument: _cfs_account_v1_GetPlanCatalogRequest, callback: grpc.requestCallback<_cfs_account_v1_GetPlanCatalogResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * The Sites that get AI generation (`generatesAi` in @cfs/common's entitlements): their plan includes `ai_usage` and its AI budget
   * is not 0. In id order, after `after_site_id`, at most `limit` (1 to 1000); with `site_ids`,
   * only those of them that qualify. Callers: media (its generation planner).
   * Errors: INVALID_ARGUMENT for a limit outside 1 to 1000 or more than 1000 site ids; UNAVAILABLE.
   */
  ListAiSites(argument: _cfs_account_v1_ListAiSitesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_ListAiSitesResponse__Output>): grpc.ClientUnaryCall;
  ListAiSites(argument: _cfs_account_v1_ListAiSitesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_account_v1_ListAiSitesResponse__Output>): grpc.ClientUnaryCall;
  ListAiSites(argument: _cfs_account_v1_ListAiSitesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_ListAiSitesResponse__Output>): grpc.ClientUnaryCall;
  ListAiSites(argument: _cfs_account_v1_ListAiSitesRequest, callback: grpc.requestCallback<_cfs_account_v1_ListAiSitesResponse__Output>): grpc.ClientUnaryCall;
  /**
   * The Sites that get AI generation (`generatesAi` in @cfs/common's entitlements): their plan includes `ai_usage` and its AI budget
   * is not 0. In id order, after `after_site_id`, at most `limit` (1 to 1000); with `site_ids`,
   * only those of them that qualify. Callers: media (its generation planner).
   * Errors: INVALID_ARGUMENT for a limit outside 1 to 1000 or more than 1000 site ids; UNAVAILABLE.
   */
  listAiSites(argument: _cfs_account_v1_ListAiSitesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_ListAiSitesResponse__Output>): grpc.ClientUnaryCall;
  listAiSites(argument: _cfs_account_v1_ListAiSitesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_account_v1_ListAiSitesResponse__Output>): grpc.ClientUnaryCall;
  listAiSites(argument: _cfs_account_v1_ListAiSitesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_ListAiSitesResponse__Output>): grpc.ClientUnaryCall;
  listAiSites(argument: _cfs_account_v1_ListAiSitesRequest, callback: grpc.requestCallback<_cfs_account_v1_ListAiSitesResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Sets the plan of a Site and tells the gateways' caches. Callers: billing (plans follow
   * subscriptions), admin (`site set-plan`).
   * Errors: INVALID_ARGUMENT for a plan id that is not in the catalog; NOT_FOUND when no Site has
   * the id; UNAVAILABLE.
   */
  SetSitePlan(argument: _cfs_account_v1_SetSitePlanRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_SetSitePlanResponse__Output>): grpc.ClientUnaryCall;
  SetSitePlan(argument: _cfs_account_v1_SetSitePlanRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_account_v1_SetSitePlanResponse__Output>): grpc.ClientUnaryCall;
  SetSitePlan(argument: _cfs_account_v1_SetSitePlanRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_SetSitePlanResponse__Output>): grpc.ClientUnaryCall;
  SetSitePlan(argument: _cfs_account_v1_SetSitePlanRequest, callback: grpc.requestCallback<_cfs_account_v1_SetSitePlanResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Sets the plan of a Site and tells the gateways' caches. Callers: billing (plans follow
   * subscriptions), admin (`site set-plan`).
   * Errors: INVALID_ARGUMENT for a plan id that is not in the catalog; NOT_FOUND when no Site has
   * the id; UNAVAILABLE.
   */
  setSitePlan(argument: _cfs_account_v1_SetSitePlanRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_SetSitePlanResponse__Output>): grpc.ClientUnaryCall;
  setSitePlan(argument: _cfs_account_v1_SetSitePlanRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_account_v1_SetSitePlanResponse__Output>): grpc.ClientUnaryCall;
  setSitePlan(argument: _cfs_account_v1_SetSitePlanRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_SetSitePlanResponse__Output>): grpc.ClientUnaryCall;
  setSitePlan(argument: _cfs_account_v1_SetSitePlanRequest, callback: grpc.requestCallback<_cfs_account_v1_SetSitePlanResponse__Output>): grpc.ClientUnaryCall;
  
}

/**
 * Operator and service-to-service calls; never reachable through the gateway (its service token
 * is not admitted to any of these RPCs). Same conventions as AccountService.
 */
export interface AccountAdminServiceHandlers extends grpc.UntypedServiceImplementation {
  /**
   * Creates a Customer with its first Site (`customer create` of the operator CLI).
   * Callers: admin.
   * Errors: INVALID_ARGUMENT when the name, the e-mail address, the Site's name or url breaks its
   * rule, or the plan is not in the catalog (nothing is created); UNAVAILABLE.
   */
  CreateCustomer: grpc.handleUnaryCall<_cfs_account_v1_CreateCustomerRequest__Output, _cfs_account_v1_CreateCustomerResponse>;
  
  /**
   * The plan catalog: every plan and the default one (billing validates and cancels with it; the
   * dashboard offers the plans to buy). Callers: billing, admin, dashboard. Errors: none of its own
   * (UNAVAILABLE when the deadline passed).
   */
  GetPlanCatalog: grpc.handleUnaryCall<_cfs_account_v1_GetPlanCatalogRequest__Output, _cfs_account_v1_GetPlanCatalogResponse>;
  
  /**
   * The Sites that get AI generation (`generatesAi` in @cfs/common's entitlements): their plan includes `ai_usage` and its AI budget
   * is not 0. In id order, after `after_site_id`, at most `limit` (1 to 1000); with `site_ids`,
   * only those of them that qualify. Callers: media (its generation planner).
   * Errors: INVALID_ARGUMENT for a limit outside 1 to 1000 or more than 1000 site ids; UNAVAILABLE.
   */
  ListAiSites: grpc.handleUnaryCall<_cfs_account_v1_ListAiSitesRequest__Output, _cfs_account_v1_ListAiSitesResponse>;
  
  /**
   * Sets the plan of a Site and tells the gateways' caches. Callers: billing (plans follow
   * subscriptions), admin (`site set-plan`).
   * Errors: INVALID_ARGUMENT for a plan id that is not in the catalog; NOT_FOUND when no Site has
   * the id; UNAVAILABLE.
   */
  SetSitePlan: grpc.handleUnaryCall<_cfs_account_v1_SetSitePlanRequest__Output, _cfs_account_v1_SetSitePlanResponse>;
  
}

export interface AccountAdminServiceDefinition extends grpc.ServiceDefinition {
  CreateCustomer: MethodDefinition<_cfs_account_v1_CreateCustomerRequest, _cfs_account_v1_CreateCustomerResponse, _cfs_account_v1_CreateCustomerRequest__Output, _cfs_account_v1_CreateCustomerResponse__Output>
  GetPlanCatalog: MethodDefinition<_cfs_account_v1_GetPlanCatalogRequest, _cfs_account_v1_GetPlanCatalogResponse, _cfs_account_v1_GetPlanCatalogRequest__Output, _cfs_account_v1_GetPlanCatalogResponse__Output>
  ListAiSites: MethodDefinition<_cfs_account_v1_ListAiSitesRequest, _cfs_account_v1_ListAiSitesResponse, _cfs_account_v1_ListAiSitesRequest__Output, _cfs_account_v1_ListAiSitesResponse__Output>
  SetSitePlan: MethodDefinition<_cfs_account_v1_SetSitePlanRequest, _cfs_account_v1_SetSitePlanResponse, _cfs_account_v1_SetSitePlanRequest__Output, _cfs_account_v1_SetSitePlanResponse__Output>
}
