// Original file: protos/cfs/feed/v1/feed.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { GetChangesRequest as _cfs_feed_v1_GetChangesRequest, GetChangesRequest__Output as _cfs_feed_v1_GetChangesRequest__Output } from '../../../cfs/feed/v1/GetChangesRequest.js';
import type { GetChangesResponse as _cfs_feed_v1_GetChangesResponse, GetChangesResponse__Output as _cfs_feed_v1_GetChangesResponse__Output } from '../../../cfs/feed/v1/GetChangesResponse.js';
import type { GetFeedPageRequest as _cfs_feed_v1_GetFeedPageRequest, GetFeedPageRequest__Output as _cfs_feed_v1_GetFeedPageRequest__Output } from '../../../cfs/feed/v1/GetFeedPageRequest.js';
import type { GetFeedPageResponse as _cfs_feed_v1_GetFeedPageResponse, GetFeedPageResponse__Output as _cfs_feed_v1_GetFeedPageResponse__Output } from '../../../cfs/feed/v1/GetFeedPageResponse.js';
import type { GetSubscriptionsRequest as _cfs_feed_v1_GetSubscriptionsRequest, GetSubscriptionsRequest__Output as _cfs_feed_v1_GetSubscriptionsRequest__Output } from '../../../cfs/feed/v1/GetSubscriptionsRequest.js';
import type { GetSubscriptionsResponse as _cfs_feed_v1_GetSubscriptionsResponse, GetSubscriptionsResponse__Output as _cfs_feed_v1_GetSubscriptionsResponse__Output } from '../../../cfs/feed/v1/GetSubscriptionsResponse.js';
import type { ListCategoriesRequest as _cfs_feed_v1_ListCategoriesRequest, ListCategoriesRequest__Output as _cfs_feed_v1_ListCategoriesRequest__Output } from '../../../cfs/feed/v1/ListCategoriesRequest.js';
import type { ListCategoriesResponse as _cfs_feed_v1_ListCategoriesResponse, ListCategoriesResponse__Output as _cfs_feed_v1_ListCategoriesResponse__Output } from '../../../cfs/feed/v1/ListCategoriesResponse.js';
import type { ReceiveWebSubRequest as _cfs_feed_v1_ReceiveWebSubRequest, ReceiveWebSubRequest__Output as _cfs_feed_v1_ReceiveWebSubRequest__Output } from '../../../cfs/feed/v1/ReceiveWebSubRequest.js';
import type { ReceiveWebSubResponse as _cfs_feed_v1_ReceiveWebSubResponse, ReceiveWebSubResponse__Output as _cfs_feed_v1_ReceiveWebSubResponse__Output } from '../../../cfs/feed/v1/ReceiveWebSubResponse.js';
import type { ReplaceSubscriptionsRequest as _cfs_feed_v1_ReplaceSubscriptionsRequest, ReplaceSubscriptionsRequest__Output as _cfs_feed_v1_ReplaceSubscriptionsRequest__Output } from '../../../cfs/feed/v1/ReplaceSubscriptionsRequest.js';
import type { ReplaceSubscriptionsResponse as _cfs_feed_v1_ReplaceSubscriptionsResponse, ReplaceSubscriptionsResponse__Output as _cfs_feed_v1_ReplaceSubscriptionsResponse__Output } from '../../../cfs/feed/v1/ReplaceSubscriptionsResponse.js';
import type { VerifyWebSubRequest as _cfs_feed_v1_VerifyWebSubRequest, VerifyWebSubRequest__Output as _cfs_feed_v1_VerifyWebSubRequest__Output } from '../../../cfs/feed/v1/VerifyWebSubRequest.js';
import type { VerifyWebSubResponse as _cfs_feed_v1_VerifyWebSubResponse, VerifyWebSubResponse__Output as _cfs_feed_v1_VerifyWebSubResponse__Output } from '../../../cfs/feed/v1/VerifyWebSubResponse.js';

/**
 * Taxonomy, Site subscriptions and the article feed.
 * 
 * Conventions: Sites are named by their id (`site_…`) and the feed service does not check that a
 * Site exists (the caller resolved it); categories and topics by their key (lower-case letters,
 * digits, - and _, at most 64 characters); times are RFC 3339 UTC strings with milliseconds.
 * Errors carry the public code in the `cfs-error-code` trailer. Every RPC checks its caller's
 * service token first (UNAUTHENTICATED without a known one, PERMISSION_DENIED for a caller not
 * listed for the RPC), and may answer UNAVAILABLE when the database is unreachable or the
 * deadline passed: nothing changed then and a retry is safe.
 */
export interface FeedServiceClient extends grpc.Client {
  /**
   * The changes of a Site's feed after a position, oldest first (GET /api/v1/feed/changes): apply
   * them in order and you hold the Site's feed. Without `since`, every article of the feed as an
   * upsert. Callers: gateway.
   * Errors: INVALID_ARGUMENT for a bad limit, a position of another Site, or one older than the
   * changes kept (the client starts over without since); UNAVAILABLE.
   */
  GetChanges(argument: _cfs_feed_v1_GetChangesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_GetChangesResponse__Output>): grpc.ClientUnaryCall;
  GetChanges(argument: _cfs_feed_v1_GetChangesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_feed_v1_GetChangesResponse__Output>): grpc.ClientUnaryCall;
  GetChanges(argument: _cfs_feed_v1_GetChangesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_GetChangesResponse__Output>): grpc.ClientUnaryCall;
  GetChanges(argument: _cfs_feed_v1_GetChangesRequest, callback: grpc.requestCallback<_cfs_feed_v1_GetChangesResponse__Output>): grpc.ClientUnaryCall;
  /**
   * The changes of a Site's feed after a position, oldest first (GET /api/v1/feed/changes): apply
   * them in order and you hold the Site's feed. Without `since`, every article of the feed as an
   * upsert. Callers: gateway.
   * Errors: INVALID_ARGUMENT for a bad limit, a position of another Site, or one older than the
   * changes kept (the client starts over without since); UNAVAILABLE.
   */
  getChanges(argument: _cfs_feed_v1_GetChangesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_GetChangesResponse__Output>): grpc.ClientUnaryCall;
  getChanges(argument: _cfs_feed_v1_GetChangesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_feed_v1_GetChangesResponse__Output>): grpc.ClientUnaryCall;
  getChanges(argument: _cfs_feed_v1_GetChangesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_GetChangesResponse__Output>): grpc.ClientUnaryCall;
  getChanges(argument: _cfs_feed_v1_GetChangesRequest, callback: grpc.requestCallback<_cfs_feed_v1_GetChangesResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * One page of the Site's feed, newest first, with an opaque keyset cursor: the articles of the
   * categories the Site subscribes to (none without subscriptions), or of the categories given.
   * Read from the database on every call (the gateway caches pages). Callers: gateway, dashboard.
   * Errors: INVALID_ARGUMENT when limit is not 1 to 100, the deprecated cursor is set, after is
   * malformed, or not exactly one of site_id and categories is given; UNAVAILABLE.
   */
  GetFeedPage(argument: _cfs_feed_v1_GetFeedPageRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_GetFeedPageResponse__Output>): grpc.ClientUnaryCall;
  GetFeedPage(argument: _cfs_feed_v1_GetFeedPageRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_feed_v1_GetFeedPageResponse__Output>): grpc.ClientUnaryCall;
  GetFeedPage(argument: _cfs_feed_v1_GetFeedPageRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_GetFeedPageResponse__Output>): grpc.ClientUnaryCall;
  GetFeedPage(argument: _cfs_feed_v1_GetFeedPageRequest, callback: grpc.requestCallback<_cfs_feed_v1_GetFeedPageResponse__Output>): grpc.ClientUnaryCall;
  /**
   * One page of the Site's feed, newest first, with an opaque keyset cursor: the articles of the
   * categories the Site subscribes to (none without subscriptions), or of the categories given.
   * Read from the database on every call (the gateway caches pages). Callers: gateway, dashboard.
   * Errors: INVALID_ARGUMENT when limit is not 1 to 100, the deprecated cursor is set, after is
   * malformed, or not exactly one of site_id and categories is given; UNAVAILABLE.
   */
  getFeedPage(argument: _cfs_feed_v1_GetFeedPageRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_GetFeedPageResponse__Output>): grpc.ClientUnaryCall;
  getFeedPage(argument: _cfs_feed_v1_GetFeedPageRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_feed_v1_GetFeedPageResponse__Output>): grpc.ClientUnaryCall;
  getFeedPage(argument: _cfs_feed_v1_GetFeedPageRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_GetFeedPageResponse__Output>): grpc.ClientUnaryCall;
  getFeedPage(argument: _cfs_feed_v1_GetFeedPageRequest, callback: grpc.requestCallback<_cfs_feed_v1_GetFeedPageResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * The category keys the Site subscribes to; empty when none. Callers: gateway, dashboard.
   * Errors: UNAVAILABLE.
   */
  GetSubscriptions(argument: _cfs_feed_v1_GetSubscriptionsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_GetSubscriptionsResponse__Output>): grpc.ClientUnaryCall;
  GetSubscriptions(argument: _cfs_feed_v1_GetSubscriptionsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_feed_v1_GetSubscriptionsResponse__Output>): grpc.ClientUnaryCall;
  GetSubscriptions(argument: _cfs_feed_v1_GetSubscriptionsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_GetSubscriptionsResponse__Output>): grpc.ClientUnaryCall;
  GetSubscriptions(argument: _cfs_feed_v1_GetSubscriptionsRequest, callback: grpc.requestCallback<_cfs_feed_v1_GetSubscriptionsResponse__Output>): grpc.ClientUnaryCall;
  /**
   * The category keys the Site subscribes to; empty when none. Callers: gateway, dashboard.
   * Errors: UNAVAILABLE.
   */
  getSubscriptions(argument: _cfs_feed_v1_GetSubscriptionsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_GetSubscriptionsResponse__Output>): grpc.ClientUnaryCall;
  getSubscriptions(argument: _cfs_feed_v1_GetSubscriptionsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_feed_v1_GetSubscriptionsResponse__Output>): grpc.ClientUnaryCall;
  getSubscriptions(argument: _cfs_feed_v1_GetSubscriptionsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_GetSubscriptionsResponse__Output>): grpc.ClientUnaryCall;
  getSubscriptions(argument: _cfs_feed_v1_GetSubscriptionsRequest, callback: grpc.requestCallback<_cfs_feed_v1_GetSubscriptionsResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * The whole taxonomy: every category with its topics, in the taxonomy's order.
   * Callers: gateway, dashboard. Errors: UNAVAILABLE.
   */
  ListCategories(argument: _cfs_feed_v1_ListCategoriesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_ListCategoriesResponse__Output>): grpc.ClientUnaryCall;
  ListCategories(argument: _cfs_feed_v1_ListCategoriesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_feed_v1_ListCategoriesResponse__Output>): grpc.ClientUnaryCall;
  ListCategories(argument: _cfs_feed_v1_ListCategoriesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_ListCategoriesResponse__Output>): grpc.ClientUnaryCall;
  ListCategories(argument: _cfs_feed_v1_ListCategoriesRequest, callback: grpc.requestCallback<_cfs_feed_v1_ListCategoriesResponse__Output>): grpc.ClientUnaryCall;
  /**
   * The whole taxonomy: every category with its topics, in the taxonomy's order.
   * Callers: gateway, dashboard. Errors: UNAVAILABLE.
   */
  listCategories(argument: _cfs_feed_v1_ListCategoriesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_ListCategoriesResponse__Output>): grpc.ClientUnaryCall;
  listCategories(argument: _cfs_feed_v1_ListCategoriesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_feed_v1_ListCategoriesResponse__Output>): grpc.ClientUnaryCall;
  listCategories(argument: _cfs_feed_v1_ListCategoriesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_ListCategoriesResponse__Output>): grpc.ClientUnaryCall;
  listCategories(argument: _cfs_feed_v1_ListCategoriesRequest, callback: grpc.requestCallback<_cfs_feed_v1_ListCategoriesResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * A WebSub content distribution to a Source's callback (POST /websub/{source_id}): imported as a
   * fetched document would be, only when X-Hub-Signature is the HMAC of the body with the
   * subscription's secret. Callers: gateway.
   * Errors: NOT_FOUND for a Source without an active subscription; INVALID_ARGUMENT (nothing
   * imported) for a missing or wrong signature, a body over SOURCES_MAX_BYTES or one that is no
   * feed or does not parse; UNAVAILABLE.
   */
  ReceiveWebSub(argument: _cfs_feed_v1_ReceiveWebSubRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_ReceiveWebSubResponse__Output>): grpc.ClientUnaryCall;
  ReceiveWebSub(argument: _cfs_feed_v1_ReceiveWebSubRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_feed_v1_ReceiveWebSubResponse__Output>): grpc.ClientUnaryCall;
  ReceiveWebSub(argument: _cfs_feed_v1_ReceiveWebSubRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_ReceiveWebSubResponse__Output>): grpc.ClientUnaryCall;
  ReceiveWebSub(argument: _cfs_feed_v1_ReceiveWebSubRequest, callback: grpc.requestCallback<_cfs_feed_v1_ReceiveWebSubResponse__Output>): grpc.ClientUnaryCall;
  /**
   * A WebSub content distribution to a Source's callback (POST /websub/{source_id}): imported as a
   * fetched document would be, only when X-Hub-Signature is the HMAC of the body with the
   * subscription's secret. Callers: gateway.
   * Errors: NOT_FOUND for a Source without an active subscription; INVALID_ARGUMENT (nothing
   * imported) for a missing or wrong signature, a body over SOURCES_MAX_BYTES or one that is no
   * feed or does not parse; UNAVAILABLE.
   */
  receiveWebSub(argument: _cfs_feed_v1_ReceiveWebSubRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_ReceiveWebSubResponse__Output>): grpc.ClientUnaryCall;
  receiveWebSub(argument: _cfs_feed_v1_ReceiveWebSubRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_feed_v1_ReceiveWebSubResponse__Output>): grpc.ClientUnaryCall;
  receiveWebSub(argument: _cfs_feed_v1_ReceiveWebSubRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_ReceiveWebSubResponse__Output>): grpc.ClientUnaryCall;
  receiveWebSub(argument: _cfs_feed_v1_ReceiveWebSubRequest, callback: grpc.requestCallback<_cfs_feed_v1_ReceiveWebSubResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Replaces the Site's subscriptions as a whole; an unknown category key is INVALID_ARGUMENT.
   * Callers: gateway, dashboard.
   * Errors: INVALID_ARGUMENT for more than 100 keys, a malformed key or a key that is not in the
   * taxonomy (nothing changes); UNAVAILABLE.
   */
  ReplaceSubscriptions(argument: _cfs_feed_v1_ReplaceSubscriptionsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_ReplaceSubscriptionsResponse__Output>): grpc.ClientUnaryCall;
  ReplaceSubscriptions(argument: _cfs_feed_v1_ReplaceSubscriptionsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_feed_v1_ReplaceSubscriptionsResponse__Output>): grpc.ClientUnaryCall;
  ReplaceSubscriptions(argument: _cfs_feed_v1_ReplaceSubscriptionsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_ReplaceSubscriptionsResponse__Output>): grpc.ClientUnaryCall;
  ReplaceSubscriptions(argument: _cfs_feed_v1_ReplaceSubscriptionsRequest, callback: grpc.requestCallback<_cfs_feed_v1_ReplaceSubscriptionsResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Replaces the Site's subscriptions as a whole; an unknown category key is INVALID_ARGUMENT.
   * Callers: gateway, dashboard.
   * Errors: INVALID_ARGUMENT for more than 100 keys, a malformed key or a key that is not in the
   * taxonomy (nothing changes); UNAVAILABLE.
   */
  replaceSubscriptions(argument: _cfs_feed_v1_ReplaceSubscriptionsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_ReplaceSubscriptionsResponse__Output>): grpc.ClientUnaryCall;
  replaceSubscriptions(argument: _cfs_feed_v1_ReplaceSubscriptionsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_feed_v1_ReplaceSubscriptionsResponse__Output>): grpc.ClientUnaryCall;
  replaceSubscriptions(argument: _cfs_feed_v1_ReplaceSubscriptionsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_ReplaceSubscriptionsResponse__Output>): grpc.ClientUnaryCall;
  replaceSubscriptions(argument: _cfs_feed_v1_ReplaceSubscriptionsRequest, callback: grpc.requestCallback<_cfs_feed_v1_ReplaceSubscriptionsResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * A WebSub hub's verification of intent at a Source's callback (GET /websub/{source_id}): answers
   * the challenge only when the Source has a pending subscription (or unsubscription) of that mode
   * and topic, and records the lease; `denied` (the hub refuses the subscription of that topic)
   * forgets it and answers an empty challenge. Callers: gateway.
   * Errors: NOT_FOUND for anything else (an unknown Source, no pending request, another topic or
   * mode); INVALID_ARGUMENT for a malformed challenge or lease; UNAVAILABLE.
   */
  VerifyWebSub(argument: _cfs_feed_v1_VerifyWebSubRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_VerifyWebSubResponse__Output>): grpc.ClientUnaryCall;
  VerifyWebSub(argument: _cfs_feed_v1_VerifyWebSubRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_feed_v1_VerifyWebSubResponse__Output>): grpc.ClientUnaryCall;
  VerifyWebSub(argument: _cfs_feed_v1_VerifyWebSubRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_VerifyWebSubResponse__Output>): grpc.ClientUnaryCall;
  VerifyWebSub(argument: _cfs_feed_v1_VerifyWebSubRequest, callback: grpc.requestCallback<_cfs_feed_v1_VerifyWebSubResponse__Output>): grpc.ClientUnaryCall;
  /**
   * A WebSub hub's verification of intent at a Source's callback (GET /websub/{source_id}): answers
   * the challenge only when the Source has a pending subscription (or unsubscription) of that mode
   * and topic, and records the lease; `denied` (the hub refuses the subscription of that topic)
   * forgets it and answers an empty challenge. Callers: gateway.
   * Errors: NOT_FOUND for anything else (an unknown Source, no pending request, another topic or
   * mode); INVALID_ARGUMENT for a malformed challenge or lease; UNAVAILABLE.
   */
  verifyWebSub(argument: _cfs_feed_v1_VerifyWebSubRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_VerifyWebSubResponse__Output>): grpc.ClientUnaryCall;
  verifyWebSub(argument: _cfs_feed_v1_VerifyWebSubRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_feed_v1_VerifyWebSubResponse__Output>): grpc.ClientUnaryCall;
  verifyWebSub(argument: _cfs_feed_v1_VerifyWebSubRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_VerifyWebSubResponse__Output>): grpc.ClientUnaryCall;
  verifyWebSub(argument: _cfs_feed_v1_VerifyWebSubRequest, callback: grpc.requestCallback<_cfs_feed_v1_VerifyWebSubResponse__Output>): grpc.ClientUnaryCall;
  
}

/**
 * Taxonomy, Site subscriptions and the article feed.
 * 
 * Conventions: Sites are named by their id (`site_…`) and the feed service does not check that a
 * Site exists (the caller resolved it); categories and topics by their key (lower-case letters,
 * digits, - and _, at most 64 characters); times are RFC 3339 UTC strings with milliseconds.
 * Errors carry the public code in the `cfs-error-code` trailer. Every RPC checks its caller's
 * service token first (UNAUTHENTICATED without a known one, PERMISSION_DENIED for a caller not
 * listed for the RPC), and may answer UNAVAILABLE when the database is unreachable or the
 * deadline passed: nothing changed then and a retry is safe.
 */
export interface FeedServiceHandlers extends grpc.UntypedServiceImplementation {
  /**
   * The changes of a Site's feed after a position, oldest first (GET /api/v1/feed/changes): apply
   * them in order and you hold the Site's feed. Without `since`, every article of the feed as an
   * upsert. Callers: gateway.
   * Errors: INVALID_ARGUMENT for a bad limit, a position of another Site, or one older than the
   * changes kept (the client starts over without since); UNAVAILABLE.
   */
  GetChanges: grpc.handleUnaryCall<_cfs_feed_v1_GetChangesRequest__Output, _cfs_feed_v1_GetChangesResponse>;
  
  /**
   * One page of the Site's feed, newest first, with an opaque keyset cursor: the articles of the
   * categories the Site subscribes to (none without subscriptions), or of the categories given.
   * Read from the database on every call (the gateway caches pages). Callers: gateway, dashboard.
   * Errors: INVALID_ARGUMENT when limit is not 1 to 100, the deprecated cursor is set, after is
   * malformed, or not exactly one of site_id and categories is given; UNAVAILABLE.
   */
  GetFeedPage: grpc.handleUnaryCall<_cfs_feed_v1_GetFeedPageRequest__Output, _cfs_feed_v1_GetFeedPageResponse>;
  
  /**
   * The category keys the Site subscribes to; empty when none. Callers: gateway, dashboard.
   * Errors: UNAVAILABLE.
   */
  GetSubscriptions: grpc.handleUnaryCall<_cfs_feed_v1_GetSubscriptionsRequest__Output, _cfs_feed_v1_GetSubscriptionsResponse>;
  
  /**
   * The whole taxonomy: every category with its topics, in the taxonomy's order.
   * Callers: gateway, dashboard. Errors: UNAVAILABLE.
   */
  ListCategories: grpc.handleUnaryCall<_cfs_feed_v1_ListCategoriesRequest__Output, _cfs_feed_v1_ListCategoriesResponse>;
  
  /**
   * A WebSub content distribution to a Source's callback (POST /websub/{source_id}): imported as a
   * fetched document would be, only when X-Hub-Signature is the HMAC of the body with the
   * subscription's secret. Callers: gateway.
   * Errors: NOT_FOUND for a Source without an active subscription; INVALID_ARGUMENT (nothing
   * imported) for a missing or wrong signature, a body over SOURCES_MAX_BYTES or one that is no
   * feed or does not parse; UNAVAILABLE.
   */
  ReceiveWebSub: grpc.handleUnaryCall<_cfs_feed_v1_ReceiveWebSubRequest__Output, _cfs_feed_v1_ReceiveWebSubResponse>;
  
  /**
   * Replaces the Site's subscriptions as a whole; an unknown category key is INVALID_ARGUMENT.
   * Callers: gateway, dashboard.
   * Errors: INVALID_ARGUMENT for more than 100 keys, a malformed key or a key that is not in the
   * taxonomy (nothing changes); UNAVAILABLE.
   */
  ReplaceSubscriptions: grpc.handleUnaryCall<_cfs_feed_v1_ReplaceSubscriptionsRequest__Output, _cfs_feed_v1_ReplaceSubscriptionsResponse>;
  
  /**
   * A WebSub hub's verification of intent at a Source's callback (GET /websub/{source_id}): answers
   * the challenge only when the Source has a pending subscription (or unsubscription) of that mode
   * and topic, and records the lease; `denied` (the hub refuses the subscription of that topic)
   * forgets it and answers an empty challenge. Callers: gateway.
   * Errors: NOT_FOUND for anything else (an unknown Source, no pending request, another topic or
   * mode); INVALID_ARGUMENT for a malformed challenge or lease; UNAVAILABLE.
   */
  VerifyWebSub: grpc.handleUnaryCall<_cfs_feed_v1_VerifyWebSubRequest__Output, _cfs_feed_v1_VerifyWebSubResponse>;
  
}

export interface FeedServiceDefinition extends grpc.ServiceDefinition {
  GetChanges: MethodDefinition<_cfs_feed_v1_GetChangesRequest, _cfs_feed_v1_GetChangesResponse, _cfs_feed_v1_GetChangesRequest__Output, _cfs_feed_v1_GetChangesResponse__Output>
  GetFeedPage: MethodDefinition<_cfs_feed_v1_GetFeedPageRequest, _cfs_feed_v1_GetFeedPageResponse, _cfs_feed_v1_GetFeedPageRequest__Output, _cfs_feed_v1_GetFeedPageResponse__Output>
  GetSubscriptions: MethodDefinition<_cfs_feed_v1_GetSubscriptionsRequest, _cfs_feed_v1_GetSubscriptionsResponse, _cfs_feed_v1_GetSubscriptionsRequest__Output, _cfs_feed_v1_GetSubscriptionsResponse__Output>
  ListCategories: MethodDefinition<_cfs_feed_v1_ListCategoriesRequest, _cfs_feed_v1_ListCategoriesResponse, _cfs_feed_v1_ListCategoriesRequest__Output, _cfs_feed_v1_ListCategoriesResponse__Output>
  ReceiveWebSub: MethodDefinition<_cfs_feed_v1_ReceiveWebSubRequest, _cfs_feed_v1_ReceiveWebSubResponse, _cfs_feed_v1_ReceiveWebSubRequest__Output, _cfs_feed_v1_ReceiveWebSubResponse__Output>
  ReplaceSubscriptions: MethodDefinition<_cfs_feed_v1_ReplaceSubscriptionsRequest, _cfs_feed_v1_ReplaceSubscriptionsResponse, _cfs_feed_v1_ReplaceSubscriptionsRequest__Output, _cfs_feed_v1_ReplaceSubscriptionsResponse__Output>
  VerifyWebSub: MethodDefinition<_cfs_feed_v1_VerifyWebSubRequest, _cfs_feed_v1_VerifyWebSubResponse, _cfs_feed_v1_VerifyWebSubRequest__Output, _cfs_feed_v1_VerifyWebSubResponse__Output>
}
