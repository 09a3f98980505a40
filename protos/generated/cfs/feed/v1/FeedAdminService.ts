// Original file: protos/cfs/feed/v1/feed.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { ImportArticlesRequest as _cfs_feed_v1_ImportArticlesRequest, ImportArticlesRequest__Output as _cfs_feed_v1_ImportArticlesRequest__Output } from '../../../cfs/feed/v1/ImportArticlesRequest.js';
import type { ImportArticlesResponse as _cfs_feed_v1_ImportArticlesResponse, ImportArticlesResponse__Output as _cfs_feed_v1_ImportArticlesResponse__Output } from '../../../cfs/feed/v1/ImportArticlesResponse.js';
import type { ImportTaxonomyRequest as _cfs_feed_v1_ImportTaxonomyRequest, ImportTaxonomyRequest__Output as _cfs_feed_v1_ImportTaxonomyRequest__Output } from '../../../cfs/feed/v1/ImportTaxonomyRequest.js';
import type { ImportTaxonomyResponse as _cfs_feed_v1_ImportTaxonomyResponse, ImportTaxonomyResponse__Output as _cfs_feed_v1_ImportTaxonomyResponse__Output } from '../../../cfs/feed/v1/ImportTaxonomyResponse.js';

export interface FeedAdminServiceClient extends grpc.Client {
  ImportArticles(argument: _cfs_feed_v1_ImportArticlesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_ImportArticlesResponse__Output>): grpc.ClientUnaryCall;
  ImportArticles(argument: _cfs_feed_v1_ImportArticlesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_feed_v1_ImportArticlesResponse__Output>): grpc.ClientUnaryCall;
  ImportArticles(argument: _cfs_feed_v1_ImportArticlesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_ImportArticlesResponse__Output>): grpc.ClientUnaryCall;
  ImportArticles(argument: _cfs_feed_v1_ImportArticlesRequest, callback: grpc.requestCallback<_cfs_feed_v1_ImportArticlesResponse__Output>): grpc.ClientUnaryCall;
  importArticles(argument: _cfs_feed_v1_ImportArticlesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_ImportArticlesResponse__Output>): grpc.ClientUnaryCall;
  importArticles(argument: _cfs_feed_v1_ImportArticlesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_feed_v1_ImportArticlesResponse__Output>): grpc.ClientUnaryCall;
  importArticles(argument: _cfs_feed_v1_ImportArticlesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_ImportArticlesResponse__Output>): grpc.ClientUnaryCall;
  importArticles(argument: _cfs_feed_v1_ImportArticlesRequest, callback: grpc.requestCallback<_cfs_feed_v1_ImportArticlesResponse__Output>): grpc.ClientUnaryCall;
  
  ImportTaxonomy(argument: _cfs_feed_v1_ImportTaxonomyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_ImportTaxonomyResponse__Output>): grpc.ClientUnaryCall;
  ImportTaxonomy(argument: _cfs_feed_v1_ImportTaxonomyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_feed_v1_ImportTaxonomyResponse__Output>): grpc.ClientUnaryCall;
  ImportTaxonomy(argument: _cfs_feed_v1_ImportTaxonomyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_ImportTaxonomyResponse__Output>): grpc.ClientUnaryCall;
  ImportTaxonomy(argument: _cfs_feed_v1_ImportTaxonomyRequest, callback: grpc.requestCallback<_cfs_feed_v1_ImportTaxonomyResponse__Output>): grpc.ClientUnaryCall;
  importTaxonomy(argument: _cfs_feed_v1_ImportTaxonomyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_ImportTaxonomyResponse__Output>): grpc.ClientUnaryCall;
  importTaxonomy(argument: _cfs_feed_v1_ImportTaxonomyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_feed_v1_ImportTaxonomyResponse__Output>): grpc.ClientUnaryCall;
  importTaxonomy(argument: _cfs_feed_v1_ImportTaxonomyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_ImportTaxonomyResponse__Output>): grpc.ClientUnaryCall;
  importTaxonomy(argument: _cfs_feed_v1_ImportTaxonomyRequest, callback: grpc.requestCallback<_cfs_feed_v1_ImportTaxonomyResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface FeedAdminServiceHandlers extends grpc.UntypedServiceImplementation {
  ImportArticles: grpc.handleUnaryCall<_cfs_feed_v1_ImportArticlesRequest__Output, _cfs_feed_v1_ImportArticlesResponse>;
  
  ImportTaxonomy: grpc.handleUnaryCall<_cfs_feed_v1_ImportTaxonomyRequest__Output, _cfs_feed_v1_ImportTaxonomyResponse>;
  
}

export interface FeedAdminServiceDefinition extends grpc.ServiceDefinition {
  ImportArticles: MethodDefinition<_cfs_feed_v1_ImportArticlesRequest, _cfs_feed_v1_ImportArticlesResponse, _cfs_feed_v1_ImportArticlesRequest__Output, _cfs_feed_v1_ImportArticlesResponse__Output>
  ImportTaxonomy: MethodDefinition<_cfs_feed_v1_ImportTaxonomyRequest, _cfs_feed_v1_ImportTaxonomyResponse, _cfs_feed_v1_ImportTaxonomyRequest__Output, _cfs_feed_v1_ImportTaxonomyResponse__Output>
}
