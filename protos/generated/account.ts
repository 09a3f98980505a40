import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { AccountAdminServiceClient as _cfs_account_v1_AccountAdminServiceClient, AccountAdminServiceDefinition as _cfs_account_v1_AccountAdminServiceDefinition } from './cfs/account/v1/AccountAdminService.js';
import type { AccountServiceClient as _cfs_account_v1_AccountServiceClient, AccountServiceDefinition as _cfs_account_v1_AccountServiceDefinition } from './cfs/account/v1/AccountService.js';
import type { AiSite as _cfs_account_v1_AiSite, AiSite__Output as _cfs_account_v1_AiSite__Output } from './cfs/account/v1/AiSite.js';
import type { CreateCustomerRequest as _cfs_account_v1_CreateCustomerRequest, CreateCustomerRequest__Output as _cfs_account_v1_CreateCustomerRequest__Output } from './cfs/account/v1/CreateCustomerRequest.js';
import type { CreateCustomerResponse as _cfs_account_v1_CreateCustomerResponse, CreateCustomerResponse__Output as _cfs_account_v1_CreateCustomerResponse__Output } from './cfs/account/v1/CreateCustomerResponse.js';
import type { CreateSiteRequest as _cfs_account_v1_CreateSiteRequest, CreateSiteRequest__Output as _cfs_account_v1_CreateSiteRequest__Output } from './cfs/account/v1/CreateSiteRequest.js';
import type { CreateSiteResponse as _cfs_account_v1_CreateSiteResponse, CreateSiteResponse__Output as _cfs_account_v1_CreateSiteResponse__Output } from './cfs/account/v1/CreateSiteResponse.js';
import type { Customer as _cfs_account_v1_Customer, Customer__Output as _cfs_account_v1_Customer__Output } from './cfs/account/v1/Customer.js';
import type { GetCustomerRequest as _cfs_account_v1_GetCustomerRequest, GetCustomerRequest__Output as _cfs_account_v1_GetCustomerRequest__Output } from './cfs/account/v1/GetCustomerRequest.js';
import type { GetCustomerResponse as _cfs_account_v1_GetCustomerResponse, GetCustomerResponse__Output as _cfs_account_v1_GetCustomerResponse__Output } from './cfs/account/v1/GetCustomerResponse.js';
import type { GetPlanCatalogRequest as _cfs_account_v1_GetPlanCatalogRequest, GetPlanCatalogRequest__Output as _cfs_account_v1_GetPlanCatalogRequest__Output } from './cfs/account/v1/GetPlanCatalogRequest.js';
import type { GetPlanCatalogResponse as _cfs_account_v1_GetPlanCatalogResponse, GetPlanCatalogResponse__Output as _cfs_account_v1_GetPlanCatalogResponse__Output } from './cfs/account/v1/GetPlanCatalogResponse.js';
import type { GetSiteRequest as _cfs_account_v1_GetSiteRequest, GetSiteRequest__Output as _cfs_account_v1_GetSiteRequest__Output } from './cfs/account/v1/GetSiteRequest.js';
import type { GetSiteResponse as _cfs_account_v1_GetSiteResponse, GetSiteResponse__Output as _cfs_account_v1_GetSiteResponse__Output } from './cfs/account/v1/GetSiteResponse.js';
import type { ListAiSitesRequest as _cfs_account_v1_ListAiSitesRequest, ListAiSitesRequest__Output as _cfs_account_v1_ListAiSitesRequest__Output } from './cfs/account/v1/ListAiSitesRequest.js';
import type { ListAiSitesResponse as _cfs_account_v1_ListAiSitesResponse, ListAiSitesResponse__Output as _cfs_account_v1_ListAiSitesResponse__Output } from './cfs/account/v1/ListAiSitesResponse.js';
import type { ListSitesRequest as _cfs_account_v1_ListSitesRequest, ListSitesRequest__Output as _cfs_account_v1_ListSitesRequest__Output } from './cfs/account/v1/ListSitesRequest.js';
import type { ListSitesResponse as _cfs_account_v1_ListSitesResponse, ListSitesResponse__Output as _cfs_account_v1_ListSitesResponse__Output } from './cfs/account/v1/ListSitesResponse.js';
import type { Plan as _cfs_account_v1_Plan, Plan__Output as _cfs_account_v1_Plan__Output } from './cfs/account/v1/Plan.js';
import type { PlanCapability as _cfs_account_v1_PlanCapability, PlanCapability__Output as _cfs_account_v1_PlanCapability__Output } from './cfs/account/v1/PlanCapability.js';
import type { ResolveSiteRequest as _cfs_account_v1_ResolveSiteRequest, ResolveSiteRequest__Output as _cfs_account_v1_ResolveSiteRequest__Output } from './cfs/account/v1/ResolveSiteRequest.js';
import type { ResolveSiteResponse as _cfs_account_v1_ResolveSiteResponse, ResolveSiteResponse__Output as _cfs_account_v1_ResolveSiteResponse__Output } from './cfs/account/v1/ResolveSiteResponse.js';
import type { SetSitePlanRequest as _cfs_account_v1_SetSitePlanRequest, SetSitePlanRequest__Output as _cfs_account_v1_SetSitePlanRequest__Output } from './cfs/account/v1/SetSitePlanRequest.js';
import type { SetSitePlanResponse as _cfs_account_v1_SetSitePlanResponse, SetSitePlanResponse__Output as _cfs_account_v1_SetSitePlanResponse__Output } from './cfs/account/v1/SetSitePlanResponse.js';
import type { Site as _cfs_account_v1_Site, Site__Output as _cfs_account_v1_Site__Output } from './cfs/account/v1/Site.js';
import type { UpdateCustomerRequest as _cfs_account_v1_UpdateCustomerRequest, UpdateCustomerRequest__Output as _cfs_account_v1_UpdateCustomerRequest__Output } from './cfs/account/v1/UpdateCustomerRequest.js';
import type { UpdateCustomerResponse as _cfs_account_v1_UpdateCustomerResponse, UpdateCustomerResponse__Output as _cfs_account_v1_UpdateCustomerResponse__Output } from './cfs/account/v1/UpdateCustomerResponse.js';
import type { UpdateSiteRequest as _cfs_account_v1_UpdateSiteRequest, UpdateSiteRequest__Output as _cfs_account_v1_UpdateSiteRequest__Output } from './cfs/account/v1/UpdateSiteRequest.js';
import type { UpdateSiteResponse as _cfs_account_v1_UpdateSiteResponse, UpdateSiteResponse__Output as _cfs_account_v1_UpdateSiteResponse__Output } from './cfs/account/v1/UpdateSiteResponse.js';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  cfs: {
    account: {
      v1: {
        /**
         * Operator and service-to-service calls; never reachable through the gateway (its service token
         * is not admitted to any of these RPCs). Same conventions as AccountService.
         */
        AccountAdminService: SubtypeConstructor<typeof grpc.Client, _cfs_account_v1_AccountAdminServiceClient> & { service: _cfs_account_v1_AccountAdminServiceDefinition }
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
        AccountService: SubtypeConstructor<typeof grpc.Client, _cfs_account_v1_AccountServiceClient> & { service: _cfs_account_v1_AccountServiceDefinition }
        AiSite: MessageTypeDefinition<_cfs_account_v1_AiSite, _cfs_account_v1_AiSite__Output>
        CreateCustomerRequest: MessageTypeDefinition<_cfs_account_v1_CreateCustomerRequest, _cfs_account_v1_CreateCustomerRequest__Output>
        CreateCustomerResponse: MessageTypeDefinition<_cfs_account_v1_CreateCustomerResponse, _cfs_account_v1_CreateCustomerResponse__Output>
        CreateSiteRequest: MessageTypeDefinition<_cfs_account_v1_CreateSiteRequest, _cfs_account_v1_CreateSiteRequest__Output>
        CreateSiteResponse: MessageTypeDefinition<_cfs_account_v1_CreateSiteResponse, _cfs_account_v1_CreateSiteResponse__Output>
        Customer: MessageTypeDefinition<_cfs_account_v1_Customer, _cfs_account_v1_Customer__Output>
        GetCustomerRequest: MessageTypeDefinition<_cfs_account_v1_GetCustomerRequest, _cfs_account_v1_GetCustomerRequest__Output>
        GetCustomerResponse: MessageTypeDefinition<_cfs_account_v1_GetCustomerResponse, _cfs_account_v1_GetCustomerResponse__Output>
        GetPlanCatalogRequest: MessageTypeDefinition<_cfs_account_v1_GetPlanCatalogRequest, _cfs_account_v1_GetPlanCatalogRequest__Output>
        GetPlanCatalogResponse: MessageTypeDefinition<_cfs_account_v1_GetPlanCatalogResponse, _cfs_account_v1_GetPlanCatalogResponse__Output>
        GetSiteRequest: MessageTypeDefinition<_cfs_account_v1_GetSiteRequest, _cfs_account_v1_GetSiteRequest__Output>
        GetSiteResponse: MessageTypeDefinition<_cfs_account_v1_GetSiteResponse, _cfs_account_v1_GetSiteResponse__Output>
        ListAiSitesRequest: MessageTypeDefinition<_cfs_account_v1_ListAiSitesRequest, _cfs_account_v1_ListAiSitesRequest__Output>
        ListAiSitesResponse: MessageTypeDefinition<_cfs_account_v1_ListAiSitesResponse, _cfs_account_v1_ListAiSitesResponse__Output>
        ListSitesRequest: MessageTypeDefinition<_cfs_account_v1_ListSitesRequest, _cfs_account_v1_ListSitesRequest__Output>
        ListSitesResponse: MessageTypeDefinition<_cfs_account_v1_ListSitesResponse, _cfs_account_v1_ListSitesResponse__Output>
        Plan: MessageTypeDefinition<_cfs_account_v1_Plan, _cfs_account_v1_Plan__Output>
        PlanCapability: MessageTypeDefinition<_cfs_account_v1_PlanCapability, _cfs_account_v1_PlanCapability__Output>
        ResolveSiteRequest: MessageTypeDefinition<_cfs_account_v1_ResolveSiteRequest, _cfs_account_v1_ResolveSiteRequest__Output>
        ResolveSiteResponse: MessageTypeDefinition<_cfs_account_v1_ResolveSiteResponse, _cfs_account_v1_ResolveSiteResponse__Output>
        SetSitePlanRequest: MessageTypeDefinition<_cfs_account_v1_SetSitePlanRequest, _cfs_account_v1_SetSitePlanRequest__Output>
        SetSitePlanResponse: MessageTypeDefinition<_cfs_account_v1_SetSitePlanResponse, _cfs_account_v1_SetSitePlanResponse__Output>
        Site: MessageTypeDefinition<_cfs_account_v1_Site, _cfs_account_v1_Site__Output>
        UpdateCustomerRequest: MessageTypeDefinition<_cfs_account_v1_UpdateCustomerRequest, _cfs_account_v1_UpdateCustomerRequest__Output>
        UpdateCustomerResponse: MessageTypeDefinition<_cfs_account_v1_UpdateCustomerResponse, _cfs_account_v1_UpdateCustomerResponse__Output>
        UpdateSiteRequest: MessageTypeDefinition<_cfs_account_v1_UpdateSiteRequest, _cfs_account_v1_UpdateSiteRequest__Output>
        UpdateSiteResponse: MessageTypeDefinition<_cfs_account_v1_UpdateSiteResponse, _cfs_account_v1_UpdateSiteResponse__Output>
      }
    }
  }
}

