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

export interface AccountServiceClient extends grpc.Client {
  CreateSite(argument: _cfs_account_v1_CreateSiteRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_CreateSiteResponse__Output>): grpc.ClientUnaryCall;
  CreateSite(argument: _cfs_account_v1_CreateSiteRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_account_v1_CreateSiteResponse__Output>): grpc.ClientUnaryCall;
  CreateSite(argument: _cfs_account_v1_CreateSiteRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_CreateSiteResponse__Output>): grpc.ClientUnaryCall;
  CreateSite(argument: _cfs_account_v1_CreateSiteRequest, callback: grpc.requestCallback<_cfs_account_v1_CreateSiteResponse__Output>): grpc.ClientUnaryCall;
  createSite(argument: _cfs_account_v1_CreateSiteRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_CreateSiteResponse__Output>): grpc.ClientUnaryCall;
  createSite(argument: _cfs_account_v1_CreateSiteRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_account_v1_CreateSiteResponse__Output>): grpc.ClientUnaryCall;
  createSite(argument: _cfs_account_v1_CreateSiteRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_CreateSiteResponse__Output>): grpc.ClientUnaryCall;
  createSite(argument: _cfs_account_v1_CreateSiteRequest, callback: grpc.requestCallback<_cfs_account_v1_CreateSiteResponse__Output>): grpc.ClientUnaryCall;
  
  GetCustomer(argument: _cfs_account_v1_GetCustomerRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_GetCustomerResponse__Output>): grpc.ClientUnaryCall;
  GetCustomer(argument: _cfs_account_v1_GetCustomerRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_account_v1_GetCustomerResponse__Output>): grpc.ClientUnaryCall;
  GetCustomer(argument: _cfs_account_v1_GetCustomerRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_GetCustomerResponse__Output>): grpc.ClientUnaryCall;
  GetCustomer(argument: _cfs_account_v1_GetCustomerRequest, callback: grpc.requestCallback<_cfs_account_v1_GetCustomerResponse__Output>): grpc.ClientUnaryCall;
  getCustomer(argument: _cfs_account_v1_GetCustomerRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_GetCustomerResponse__Output>): grpc.ClientUnaryCall;
  getCustomer(argument: _cfs_account_v1_GetCustomerRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_account_v1_GetCustomerResponse__Output>): grpc.ClientUnaryCall;
  getCustomer(argument: _cfs_account_v1_GetCustomerRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_GetCustomerResponse__Output>): grpc.ClientUnaryCall;
  getCustomer(argument: _cfs_account_v1_GetCustomerRequest, callback: grpc.requestCallback<_cfs_account_v1_GetCustomerResponse__Output>): grpc.ClientUnaryCall;
  
  GetSite(argument: _cfs_account_v1_GetSiteRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_GetSiteResponse__Output>): grpc.ClientUnaryCall;
  GetSite(argument: _cfs_account_v1_GetSiteRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_account_v1_GetSiteResponse__Output>): grpc.ClientUnaryCall;
  GetSite(argument: _cfs_account_v1_GetSiteRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_GetSiteResponse__Output>): grpc.ClientUnaryCall;
  GetSite(argument: _cfs_account_v1_GetSiteRequest, callback: grpc.requestCallback<_cfs_account_v1_GetSiteResponse__Output>): grpc.ClientUnaryCall;
  getSite(argument: _cfs_account_v1_GetSiteRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_GetSiteResponse__Output>): grpc.ClientUnaryCall;
  getSite(argument: _cfs_account_v1_GetSiteRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_account_v1_GetSiteResponse__Output>): grpc.ClientUnaryCall;
  getSite(argument: _cfs_account_v1_GetSiteRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_GetSiteResponse__Output>): grpc.ClientUnaryCall;
  getSite(argument: _cfs_account_v1_GetSiteRequest, callback: grpc.requestCallback<_cfs_account_v1_GetSiteResponse__Output>): grpc.ClientUnaryCall;
  
  ListSites(argument: _cfs_account_v1_ListSitesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_ListSitesResponse__Output>): grpc.ClientUnaryCall;
  ListSites(argument: _cfs_account_v1_ListSitesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_account_v1_ListSitesResponse__Output>): grpc.ClientUnaryCall;
  ListSites(argument: _cfs_account_v1_ListSitesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_ListSitesResponse__Output>): grpc.ClientUnaryCall;
  ListSites(argument: _cfs_account_v1_ListSitesRequest, callback: grpc.requestCallback<_cfs_account_v1_ListSitesResponse__Output>): grpc.ClientUnaryCall;
  listSites(argument: _cfs_account_v1_ListSitesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_ListSitesResponse__Output>): grpc.ClientUnaryCall;
  listSites(argument: _cfs_account_v1_ListSitesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_account_v1_ListSitesResponse__Output>): grpc.ClientUnaryCall;
  listSites(argument: _cfs_account_v1_ListSitesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_ListSitesResponse__Output>): grpc.ClientUnaryCall;
  listSites(argument: _cfs_account_v1_ListSitesRequest, callback: grpc.requestCallback<_cfs_account_v1_ListSitesResponse__Output>): grpc.ClientUnaryCall;
  
  ResolveSite(argument: _cfs_account_v1_ResolveSiteRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_ResolveSiteResponse__Output>): grpc.ClientUnaryCall;
  ResolveSite(argument: _cfs_account_v1_ResolveSiteRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_account_v1_ResolveSiteResponse__Output>): grpc.ClientUnaryCall;
  ResolveSite(argument: _cfs_account_v1_ResolveSiteRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_ResolveSiteResponse__Output>): grpc.ClientUnaryCall;
  ResolveSite(argument: _cfs_account_v1_ResolveSiteRequest, callback: grpc.requestCallback<_cfs_account_v1_ResolveSiteResponse__Output>): grpc.ClientUnaryCall;
  resolveSite(argument: _cfs_account_v1_ResolveSiteRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_ResolveSiteResponse__Output>): grpc.ClientUnaryCall;
  resolveSite(argument: _cfs_account_v1_ResolveSiteRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_account_v1_ResolveSiteResponse__Output>): grpc.ClientUnaryCall;
  resolveSite(argument: _cfs_account_v1_ResolveSiteRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_ResolveSiteResponse__Output>): grpc.ClientUnaryCall;
  resolveSite(argument: _cfs_account_v1_ResolveSiteRequest, callback: grpc.requestCallback<_cfs_account_v1_ResolveSiteResponse__Output>): grpc.ClientUnaryCall;
  
  UpdateCustomer(argument: _cfs_account_v1_UpdateCustomerRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_UpdateCustomerResponse__Output>): grpc.ClientUnaryCall;
  UpdateCustomer(argument: _cfs_account_v1_UpdateCustomerRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_account_v1_UpdateCustomerResponse__Output>): grpc.ClientUnaryCall;
  UpdateCustomer(argument: _cfs_account_v1_UpdateCustomerRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_UpdateCustomerResponse__Output>): grpc.ClientUnaryCall;
  UpdateCustomer(argument: _cfs_account_v1_UpdateCustomerRequest, callback: grpc.requestCallback<_cfs_account_v1_UpdateCustomerResponse__Output>): grpc.ClientUnaryCall;
  updateCustomer(argument: _cfs_account_v1_UpdateCustomerRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_UpdateCustomerResponse__Output>): grpc.ClientUnaryCall;
  updateCustomer(argument: _cfs_account_v1_UpdateCustomerRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_account_v1_UpdateCustomerResponse__Output>): grpc.ClientUnaryCall;
  updateCustomer(argument: _cfs_account_v1_UpdateCustomerRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_UpdateCustomerResponse__Output>): grpc.ClientUnaryCall;
  updateCustomer(argument: _cfs_account_v1_UpdateCustomerRequest, callback: grpc.requestCallback<_cfs_account_v1_UpdateCustomerResponse__Output>): grpc.ClientUnaryCall;
  
  UpdateSite(argument: _cfs_account_v1_UpdateSiteRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_UpdateSiteResponse__Output>): grpc.ClientUnaryCall;
  UpdateSite(argument: _cfs_account_v1_UpdateSiteRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_account_v1_UpdateSiteResponse__Output>): grpc.ClientUnaryCall;
  UpdateSite(argument: _cfs_account_v1_UpdateSiteRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_UpdateSiteResponse__Output>): grpc.ClientUnaryCall;
  UpdateSite(argument: _cfs_account_v1_UpdateSiteRequest, callback: grpc.requestCallback<_cfs_account_v1_UpdateSiteResponse__Output>): grpc.ClientUnaryCall;
  updateSite(argument: _cfs_account_v1_UpdateSiteRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_UpdateSiteResponse__Output>): grpc.ClientUnaryCall;
  updateSite(argument: _cfs_account_v1_UpdateSiteRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_account_v1_UpdateSiteResponse__Output>): grpc.ClientUnaryCall;
  updateSite(argument: _cfs_account_v1_UpdateSiteRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_account_v1_UpdateSiteResponse__Output>): grpc.ClientUnaryCall;
  updateSite(argument: _cfs_account_v1_UpdateSiteRequest, callback: grpc.requestCallback<_cfs_account_v1_UpdateSiteResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface AccountServiceHandlers extends grpc.UntypedServiceImplementation {
  CreateSite: grpc.handleUnaryCall<_cfs_account_v1_CreateSiteRequest__Output, _cfs_account_v1_CreateSiteResponse>;
  
  GetCustomer: grpc.handleUnaryCall<_cfs_account_v1_GetCustomerRequest__Output, _cfs_account_v1_GetCustomerResponse>;
  
  GetSite: grpc.handleUnaryCall<_cfs_account_v1_GetSiteRequest__Output, _cfs_account_v1_GetSiteResponse>;
  
  ListSites: grpc.handleUnaryCall<_cfs_account_v1_ListSitesRequest__Output, _cfs_account_v1_ListSitesResponse>;
  
  ResolveSite: grpc.handleUnaryCall<_cfs_account_v1_ResolveSiteRequest__Output, _cfs_account_v1_ResolveSiteResponse>;
  
  UpdateCustomer: grpc.handleUnaryCall<_cfs_account_v1_UpdateCustomerRequest__Output, _cfs_account_v1_UpdateCustomerResponse>;
  
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
