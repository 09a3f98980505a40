// Original file: protos/cfs/webhooks/v1/webhooks.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { CreateEndpointRequest as _cfs_webhooks_v1_CreateEndpointRequest, CreateEndpointRequest__Output as _cfs_webhooks_v1_CreateEndpointRequest__Output } from '../../../cfs/webhooks/v1/CreateEndpointRequest.js';
import type { CreateEndpointResponse as _cfs_webhooks_v1_CreateEndpointResponse, CreateEndpointResponse__Output as _cfs_webhooks_v1_CreateEndpointResponse__Output } from '../../../cfs/webhooks/v1/CreateEndpointResponse.js';
import type { DeleteEndpointRequest as _cfs_webhooks_v1_DeleteEndpointRequest, DeleteEndpointRequest__Output as _cfs_webhooks_v1_DeleteEndpointRequest__Output } from '../../../cfs/webhooks/v1/DeleteEndpointRequest.js';
import type { DeleteEndpointResponse as _cfs_webhooks_v1_DeleteEndpointResponse, DeleteEndpointResponse__Output as _cfs_webhooks_v1_DeleteEndpointResponse__Output } from '../../../cfs/webhooks/v1/DeleteEndpointResponse.js';
import type { EnqueueEventsRequest as _cfs_webhooks_v1_EnqueueEventsRequest, EnqueueEventsRequest__Output as _cfs_webhooks_v1_EnqueueEventsRequest__Output } from '../../../cfs/webhooks/v1/EnqueueEventsRequest.js';
import type { EnqueueEventsResponse as _cfs_webhooks_v1_EnqueueEventsResponse, EnqueueEventsResponse__Output as _cfs_webhooks_v1_EnqueueEventsResponse__Output } from '../../../cfs/webhooks/v1/EnqueueEventsResponse.js';
import type { GetEndpointRequest as _cfs_webhooks_v1_GetEndpointRequest, GetEndpointRequest__Output as _cfs_webhooks_v1_GetEndpointRequest__Output } from '../../../cfs/webhooks/v1/GetEndpointRequest.js';
import type { GetEndpointResponse as _cfs_webhooks_v1_GetEndpointResponse, GetEndpointResponse__Output as _cfs_webhooks_v1_GetEndpointResponse__Output } from '../../../cfs/webhooks/v1/GetEndpointResponse.js';
import type { ListDeliveriesRequest as _cfs_webhooks_v1_ListDeliveriesRequest, ListDeliveriesRequest__Output as _cfs_webhooks_v1_ListDeliveriesRequest__Output } from '../../../cfs/webhooks/v1/ListDeliveriesRequest.js';
import type { ListDeliveriesResponse as _cfs_webhooks_v1_ListDeliveriesResponse, ListDeliveriesResponse__Output as _cfs_webhooks_v1_ListDeliveriesResponse__Output } from '../../../cfs/webhooks/v1/ListDeliveriesResponse.js';
import type { ListEndpointsRequest as _cfs_webhooks_v1_ListEndpointsRequest, ListEndpointsRequest__Output as _cfs_webhooks_v1_ListEndpointsRequest__Output } from '../../../cfs/webhooks/v1/ListEndpointsRequest.js';
import type { ListEndpointsResponse as _cfs_webhooks_v1_ListEndpointsResponse, ListEndpointsResponse__Output as _cfs_webhooks_v1_ListEndpointsResponse__Output } from '../../../cfs/webhooks/v1/ListEndpointsResponse.js';
import type { ListeningSitesRequest as _cfs_webhooks_v1_ListeningSitesRequest, ListeningSitesRequest__Output as _cfs_webhooks_v1_ListeningSitesRequest__Output } from '../../../cfs/webhooks/v1/ListeningSitesRequest.js';
import type { ListeningSitesResponse as _cfs_webhooks_v1_ListeningSitesResponse, ListeningSitesResponse__Output as _cfs_webhooks_v1_ListeningSitesResponse__Output } from '../../../cfs/webhooks/v1/ListeningSitesResponse.js';
import type { RetryDeliveryRequest as _cfs_webhooks_v1_RetryDeliveryRequest, RetryDeliveryRequest__Output as _cfs_webhooks_v1_RetryDeliveryRequest__Output } from '../../../cfs/webhooks/v1/RetryDeliveryRequest.js';
import type { RetryDeliveryResponse as _cfs_webhooks_v1_RetryDeliveryResponse, RetryDeliveryResponse__Output as _cfs_webhooks_v1_RetryDeliveryResponse__Output } from '../../../cfs/webhooks/v1/RetryDeliveryResponse.js';
import type { RotateSecretRequest as _cfs_webhooks_v1_RotateSecretRequest, RotateSecretRequest__Output as _cfs_webhooks_v1_RotateSecretRequest__Output } from '../../../cfs/webhooks/v1/RotateSecretRequest.js';
import type { RotateSecretResponse as _cfs_webhooks_v1_RotateSecretResponse, RotateSecretResponse__Output as _cfs_webhooks_v1_RotateSecretResponse__Output } from '../../../cfs/webhooks/v1/RotateSecretResponse.js';
import type { SendTestRequest as _cfs_webhooks_v1_SendTestRequest, SendTestRequest__Output as _cfs_webhooks_v1_SendTestRequest__Output } from '../../../cfs/webhooks/v1/SendTestRequest.js';
import type { SendTestResponse as _cfs_webhooks_v1_SendTestResponse, SendTestResponse__Output as _cfs_webhooks_v1_SendTestResponse__Output } from '../../../cfs/webhooks/v1/SendTestResponse.js';
import type { UpdateEndpointRequest as _cfs_webhooks_v1_UpdateEndpointRequest, UpdateEndpointRequest__Output as _cfs_webhooks_v1_UpdateEndpointRequest__Output } from '../../../cfs/webhooks/v1/UpdateEndpointRequest.js';
import type { UpdateEndpointResponse as _cfs_webhooks_v1_UpdateEndpointResponse, UpdateEndpointResponse__Output as _cfs_webhooks_v1_UpdateEndpointResponse__Output } from '../../../cfs/webhooks/v1/UpdateEndpointResponse.js';

/**
 * Webhook endpoints of Sites and the deliveries of events to them (Standard Webhooks).
 * 
 * Conventions: every request names the Site (`site_…`) and its Customer (`cus_…`) the caller
 * resolved; an endpoint or a delivery of another Site answers NOT_FOUND, as one that does not
 * exist. Times are RFC 3339 UTC strings with milliseconds. Errors carry the public code in the
 * `cfs-error-code` trailer. Every RPC checks its caller's service token first (UNAUTHENTICATED
 * without a known one, PERMISSION_DENIED for a caller not listed for the RPC), and may answer
 * UNAVAILABLE when the database is unreachable or the deadline passed: nothing changed then.
 */
export interface WebhooksServiceClient extends grpc.Client {
  /**
   * Creates an endpoint and its signing secret, shown only in this answer. Callers: gateway,
   * dashboard. Errors: INVALID_ARGUMENT for a URL or event type the rules refuse;
   * QUOTA_EXHAUSTED when the Site already holds `max_endpoints`; UNAVAILABLE.
   */
  CreateEndpoint(argument: _cfs_webhooks_v1_CreateEndpointRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_webhooks_v1_CreateEndpointResponse__Output>): grpc.ClientUnaryCall;
  CreateEndpoint(argument: _cfs_webhooks_v1_CreateEndpointRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_webhooks_v1_CreateEndpointResponse__Output>): grpc.ClientUnaryCall;
  CreateEndpoint(argument: _cfs_webhooks_v1_CreateEndpointRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_webhooks_v1_CreateEndpointResponse__Output>): grpc.ClientUnaryCall;
  CreateEndpoint(argument: _cfs_webhooks_v1_CreateEndpointRequest, callback: grpc.requestCallback<_cfs_webhooks_v1_CreateEndpointResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Creates an endpoint and its signing secret, shown only in this answer. Callers: gateway,
   * dashboard. Errors: INVALID_ARGUMENT for a URL or event type the rules refuse;
   * QUOTA_EXHAUSTED when the Site already holds `max_endpoints`; UNAVAILABLE.
   */
  createEndpoint(argument: _cfs_webhooks_v1_CreateEndpointRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_webhooks_v1_CreateEndpointResponse__Output>): grpc.ClientUnaryCall;
  createEndpoint(argument: _cfs_webhooks_v1_CreateEndpointRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_webhooks_v1_CreateEndpointResponse__Output>): grpc.ClientUnaryCall;
  createEndpoint(argument: _cfs_webhooks_v1_CreateEndpointRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_webhooks_v1_CreateEndpointResponse__Output>): grpc.ClientUnaryCall;
  createEndpoint(argument: _cfs_webhooks_v1_CreateEndpointRequest, callback: grpc.requestCallback<_cfs_webhooks_v1_CreateEndpointResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Deletes an endpoint and its deliveries (its place in the quota is free at once). Callers:
   * gateway, dashboard. Errors: NOT_FOUND.
   */
  DeleteEndpoint(argument: _cfs_webhooks_v1_DeleteEndpointRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_webhooks_v1_DeleteEndpointResponse__Output>): grpc.ClientUnaryCall;
  DeleteEndpoint(argument: _cfs_webhooks_v1_DeleteEndpointRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_webhooks_v1_DeleteEndpointResponse__Output>): grpc.ClientUnaryCall;
  DeleteEndpoint(argument: _cfs_webhooks_v1_DeleteEndpointRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_webhooks_v1_DeleteEndpointResponse__Output>): grpc.ClientUnaryCall;
  DeleteEndpoint(argument: _cfs_webhooks_v1_DeleteEndpointRequest, callback: grpc.requestCallback<_cfs_webhooks_v1_DeleteEndpointResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Deletes an endpoint and its deliveries (its place in the quota is free at once). Callers:
   * gateway, dashboard. Errors: NOT_FOUND.
   */
  deleteEndpoint(argument: _cfs_webhooks_v1_DeleteEndpointRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_webhooks_v1_DeleteEndpointResponse__Output>): grpc.ClientUnaryCall;
  deleteEndpoint(argument: _cfs_webhooks_v1_DeleteEndpointRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_webhooks_v1_DeleteEndpointResponse__Output>): grpc.ClientUnaryCall;
  deleteEndpoint(argument: _cfs_webhooks_v1_DeleteEndpointRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_webhooks_v1_DeleteEndpointResponse__Output>): grpc.ClientUnaryCall;
  deleteEndpoint(argument: _cfs_webhooks_v1_DeleteEndpointRequest, callback: grpc.requestCallback<_cfs_webhooks_v1_DeleteEndpointResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Producers' events (relayed from their outboxes, services/common/src/outbox.ts) become
   * deliveries: per event, one per enabled endpoint of its Site that lists its type, committed
   * before the answer. Idempotent by the event's id: an event taken before adds nothing, so a
   * relay that died between this call and forgetting its outbox rows may send them again.
   * Callers: feed, media, billing. Errors: INVALID_ARGUMENT for an unknown or unsubscribable
   * type, data that is not a JSON object, an empty id or Site, more than 500 events.
   */
  EnqueueEvents(argument: _cfs_webhooks_v1_EnqueueEventsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_webhooks_v1_EnqueueEventsResponse__Output>): grpc.ClientUnaryCall;
  EnqueueEvents(argument: _cfs_webhooks_v1_EnqueueEventsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_webhooks_v1_EnqueueEventsResponse__Output>): grpc.ClientUnaryCall;
  EnqueueEvents(argument: _cfs_webhooks_v1_EnqueueEventsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_webhooks_v1_EnqueueEventsResponse__Output>): grpc.ClientUnaryCall;
  EnqueueEvents(argument: _cfs_webhooks_v1_EnqueueEventsRequest, callback: grpc.requestCallback<_cfs_webhooks_v1_EnqueueEventsResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Producers' events (relayed from their outboxes, services/common/src/outbox.ts) become
   * deliveries: per event, one per enabled endpoint of its Site that lists its type, committed
   * before the answer. Idempotent by the event's id: an event taken before adds nothing, so a
   * relay that died between this call and forgetting its outbox rows may send them again.
   * Callers: feed, media, billing. Errors: INVALID_ARGUMENT for an unknown or unsubscribable
   * type, data that is not a JSON object, an empty id or Site, more than 500 events.
   */
  enqueueEvents(argument: _cfs_webhooks_v1_EnqueueEventsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_webhooks_v1_EnqueueEventsResponse__Output>): grpc.ClientUnaryCall;
  enqueueEvents(argument: _cfs_webhooks_v1_EnqueueEventsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_webhooks_v1_EnqueueEventsResponse__Output>): grpc.ClientUnaryCall;
  enqueueEvents(argument: _cfs_webhooks_v1_EnqueueEventsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_webhooks_v1_EnqueueEventsResponse__Output>): grpc.ClientUnaryCall;
  enqueueEvents(argument: _cfs_webhooks_v1_EnqueueEventsRequest, callback: grpc.requestCallback<_cfs_webhooks_v1_EnqueueEventsResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * One endpoint. Callers: gateway, dashboard. Errors: NOT_FOUND.
   */
  GetEndpoint(argument: _cfs_webhooks_v1_GetEndpointRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_webhooks_v1_GetEndpointResponse__Output>): grpc.ClientUnaryCall;
  GetEndpoint(argument: _cfs_webhooks_v1_GetEndpointRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_webhooks_v1_GetEndpointResponse__Output>): grpc.ClientUnaryCall;
  GetEndpoint(argument: _cfs_webhooks_v1_GetEndpointRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_webhooks_v1_GetEndpointResponse__Output>): grpc.ClientUnaryCall;
  GetEndpoint(argument: _cfs_webhooks_v1_GetEndpointRequest, callback: grpc.requestCallback<_cfs_webhooks_v1_GetEndpointResponse__Output>): grpc.ClientUnaryCall;
  /**
   * One endpoint. Callers: gateway, dashboard. Errors: NOT_FOUND.
   */
  getEndpoint(argument: _cfs_webhooks_v1_GetEndpointRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_webhooks_v1_GetEndpointResponse__Output>): grpc.ClientUnaryCall;
  getEndpoint(argument: _cfs_webhooks_v1_GetEndpointRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_webhooks_v1_GetEndpointResponse__Output>): grpc.ClientUnaryCall;
  getEndpoint(argument: _cfs_webhooks_v1_GetEndpointRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_webhooks_v1_GetEndpointResponse__Output>): grpc.ClientUnaryCall;
  getEndpoint(argument: _cfs_webhooks_v1_GetEndpointRequest, callback: grpc.requestCallback<_cfs_webhooks_v1_GetEndpointResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * The endpoint's deliveries, newest first, a page at a time. Callers: gateway, dashboard.
   * Errors: NOT_FOUND; INVALID_ARGUMENT for a cursor that is not one of this endpoint's.
   */
  ListDeliveries(argument: _cfs_webhooks_v1_ListDeliveriesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_webhooks_v1_ListDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  ListDeliveries(argument: _cfs_webhooks_v1_ListDeliveriesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_webhooks_v1_ListDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  ListDeliveries(argument: _cfs_webhooks_v1_ListDeliveriesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_webhooks_v1_ListDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  ListDeliveries(argument: _cfs_webhooks_v1_ListDeliveriesRequest, callback: grpc.requestCallback<_cfs_webhooks_v1_ListDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  /**
   * The endpoint's deliveries, newest first, a page at a time. Callers: gateway, dashboard.
   * Errors: NOT_FOUND; INVALID_ARGUMENT for a cursor that is not one of this endpoint's.
   */
  listDeliveries(argument: _cfs_webhooks_v1_ListDeliveriesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_webhooks_v1_ListDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  listDeliveries(argument: _cfs_webhooks_v1_ListDeliveriesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_webhooks_v1_ListDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  listDeliveries(argument: _cfs_webhooks_v1_ListDeliveriesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_webhooks_v1_ListDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  listDeliveries(argument: _cfs_webhooks_v1_ListDeliveriesRequest, callback: grpc.requestCallback<_cfs_webhooks_v1_ListDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * The Site's endpoints, oldest first. Callers: gateway, dashboard.
   */
  ListEndpoints(argument: _cfs_webhooks_v1_ListEndpointsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_webhooks_v1_ListEndpointsResponse__Output>): grpc.ClientUnaryCall;
  ListEndpoints(argument: _cfs_webhooks_v1_ListEndpointsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_webhooks_v1_ListEndpointsResponse__Output>): grpc.ClientUnaryCall;
  ListEndpoints(argument: _cfs_webhooks_v1_ListEndpointsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_webhooks_v1_ListEndpointsResponse__Output>): grpc.ClientUnaryCall;
  ListEndpoints(argument: _cfs_webhooks_v1_ListEndpointsRequest, callback: grpc.requestCallback<_cfs_webhooks_v1_ListEndpointsResponse__Output>): grpc.ClientUnaryCall;
  /**
   * The Site's endpoints, oldest first. Callers: gateway, dashboard.
   */
  listEndpoints(argument: _cfs_webhooks_v1_ListEndpointsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_webhooks_v1_ListEndpointsResponse__Output>): grpc.ClientUnaryCall;
  listEndpoints(argument: _cfs_webhooks_v1_ListEndpointsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_webhooks_v1_ListEndpointsResponse__Output>): grpc.ClientUnaryCall;
  listEndpoints(argument: _cfs_webhooks_v1_ListEndpointsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_webhooks_v1_ListEndpointsResponse__Output>): grpc.ClientUnaryCall;
  listEndpoints(argument: _cfs_webhooks_v1_ListEndpointsRequest, callback: grpc.requestCallback<_cfs_webhooks_v1_ListEndpointsResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Of the Sites named, those with an enabled endpoint that lists the type: what a relay asks
   * before it computes an event per Site. Callers: feed, media, billing. Errors:
   * INVALID_ARGUMENT for an unknown type or more than 1 000 Sites.
   */
  ListeningSites(argument: _cfs_webhooks_v1_ListeningSitesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_webhooks_v1_ListeningSitesResponse__Output>): grpc.ClientUnaryCall;
  ListeningSites(argument: _cfs_webhooks_v1_ListeningSitesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_webhooks_v1_ListeningSitesResponse__Output>): grpc.ClientUnaryCall;
  ListeningSites(argument: _cfs_webhooks_v1_ListeningSitesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_webhooks_v1_ListeningSitesResponse__Output>): grpc.ClientUnaryCall;
  ListeningSites(argument: _cfs_webhooks_v1_ListeningSitesRequest, callback: grpc.requestCallback<_cfs_webhooks_v1_ListeningSitesResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Of the Sites named, those with an enabled endpoint that lists the type: what a relay asks
   * before it computes an event per Site. Callers: feed, media, billing. Errors:
   * INVALID_ARGUMENT for an unknown type or more than 1 000 Sites.
   */
  listeningSites(argument: _cfs_webhooks_v1_ListeningSitesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_webhooks_v1_ListeningSitesResponse__Output>): grpc.ClientUnaryCall;
  listeningSites(argument: _cfs_webhooks_v1_ListeningSitesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_webhooks_v1_ListeningSitesResponse__Output>): grpc.ClientUnaryCall;
  listeningSites(argument: _cfs_webhooks_v1_ListeningSitesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_webhooks_v1_ListeningSitesResponse__Output>): grpc.ClientUnaryCall;
  listeningSites(argument: _cfs_webhooks_v1_ListeningSitesRequest, callback: grpc.requestCallback<_cfs_webhooks_v1_ListeningSitesResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * One more attempt of a delivery, now, signed with the endpoint's current secrets. Callers:
   * gateway, dashboard. Errors: NOT_FOUND; FAILED_PRECONDITION (CONFLICT) when the endpoint is
   * disabled.
   */
  RetryDelivery(argument: _cfs_webhooks_v1_RetryDeliveryRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_webhooks_v1_RetryDeliveryResponse__Output>): grpc.ClientUnaryCall;
  RetryDelivery(argument: _cfs_webhooks_v1_RetryDeliveryRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_webhooks_v1_RetryDeliveryResponse__Output>): grpc.ClientUnaryCall;
  RetryDelivery(argument: _cfs_webhooks_v1_RetryDeliveryRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_webhooks_v1_RetryDeliveryResponse__Output>): grpc.ClientUnaryCall;
  RetryDelivery(argument: _cfs_webhooks_v1_RetryDeliveryRequest, callback: grpc.requestCallback<_cfs_webhooks_v1_RetryDeliveryResponse__Output>): grpc.ClientUnaryCall;
  /**
   * One more attempt of a delivery, now, signed with the endpoint's current secrets. Callers:
   * gateway, dashboard. Errors: NOT_FOUND; FAILED_PRECONDITION (CONFLICT) when the endpoint is
   * disabled.
   */
  retryDelivery(argument: _cfs_webhooks_v1_RetryDeliveryRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_webhooks_v1_RetryDeliveryResponse__Output>): grpc.ClientUnaryCall;
  retryDelivery(argument: _cfs_webhooks_v1_RetryDeliveryRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_webhooks_v1_RetryDeliveryResponse__Output>): grpc.ClientUnaryCall;
  retryDelivery(argument: _cfs_webhooks_v1_RetryDeliveryRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_webhooks_v1_RetryDeliveryResponse__Output>): grpc.ClientUnaryCall;
  retryDelivery(argument: _cfs_webhooks_v1_RetryDeliveryRequest, callback: grpc.requestCallback<_cfs_webhooks_v1_RetryDeliveryResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * A new signing secret, shown only in this answer; the previous one also signs for 24 hours.
   * Callers: gateway, dashboard. Errors: NOT_FOUND.
   */
  RotateSecret(argument: _cfs_webhooks_v1_RotateSecretRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_webhooks_v1_RotateSecretResponse__Output>): grpc.ClientUnaryCall;
  RotateSecret(argument: _cfs_webhooks_v1_RotateSecretRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_webhooks_v1_RotateSecretResponse__Output>): grpc.ClientUnaryCall;
  RotateSecret(argument: _cfs_webhooks_v1_RotateSecretRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_webhooks_v1_RotateSecretResponse__Output>): grpc.ClientUnaryCall;
  RotateSecret(argument: _cfs_webhooks_v1_RotateSecretRequest, callback: grpc.requestCallback<_cfs_webhooks_v1_RotateSecretResponse__Output>): grpc.ClientUnaryCall;
  /**
   * A new signing secret, shown only in this answer; the previous one also signs for 24 hours.
   * Callers: gateway, dashboard. Errors: NOT_FOUND.
   */
  rotateSecret(argument: _cfs_webhooks_v1_RotateSecretRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_webhooks_v1_RotateSecretResponse__Output>): grpc.ClientUnaryCall;
  rotateSecret(argument: _cfs_webhooks_v1_RotateSecretRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_webhooks_v1_RotateSecretResponse__Output>): grpc.ClientUnaryCall;
  rotateSecret(argument: _cfs_webhooks_v1_RotateSecretRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_webhooks_v1_RotateSecretResponse__Output>): grpc.ClientUnaryCall;
  rotateSecret(argument: _cfs_webhooks_v1_RotateSecretRequest, callback: grpc.requestCallback<_cfs_webhooks_v1_RotateSecretResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Queues a `webhook.test` event for the endpoint, whatever events it lists. Callers: gateway,
   * dashboard. Errors: NOT_FOUND; FAILED_PRECONDITION (CONFLICT) when the endpoint is disabled.
   */
  SendTest(argument: _cfs_webhooks_v1_SendTestRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_webhooks_v1_SendTestResponse__Output>): grpc.ClientUnaryCall;
  SendTest(argument: _cfs_webhooks_v1_SendTestRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_webhooks_v1_SendTestResponse__Output>): grpc.ClientUnaryCall;
  SendTest(argument: _cfs_webhooks_v1_SendTestRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_webhooks_v1_SendTestResponse__Output>): grpc.ClientUnaryCall;
  SendTest(argument: _cfs_webhooks_v1_SendTestRequest, callback: grpc.requestCallback<_cfs_webhooks_v1_SendTestResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Queues a `webhook.test` event for the endpoint, whatever events it lists. Callers: gateway,
   * dashboard. Errors: NOT_FOUND; FAILED_PRECONDITION (CONFLICT) when the endpoint is disabled.
   */
  sendTest(argument: _cfs_webhooks_v1_SendTestRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_webhooks_v1_SendTestResponse__Output>): grpc.ClientUnaryCall;
  sendTest(argument: _cfs_webhooks_v1_SendTestRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_webhooks_v1_SendTestResponse__Output>): grpc.ClientUnaryCall;
  sendTest(argument: _cfs_webhooks_v1_SendTestRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_webhooks_v1_SendTestResponse__Output>): grpc.ClientUnaryCall;
  sendTest(argument: _cfs_webhooks_v1_SendTestRequest, callback: grpc.requestCallback<_cfs_webhooks_v1_SendTestResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Changes the fields that are set; `enabled: true` re-enables a disabled endpoint. Callers:
   * gateway, dashboard. Errors: NOT_FOUND; INVALID_ARGUMENT as for CreateEndpoint.
   */
  UpdateEndpoint(argument: _cfs_webhooks_v1_UpdateEndpointRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_webhooks_v1_UpdateEndpointResponse__Output>): grpc.ClientUnaryCall;
  UpdateEndpoint(argument: _cfs_webhooks_v1_UpdateEndpointRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_webhooks_v1_UpdateEndpointResponse__Output>): grpc.ClientUnaryCall;
  UpdateEndpoint(argument: _cfs_webhooks_v1_UpdateEndpointRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_webhooks_v1_UpdateEndpointResponse__Output>): grpc.ClientUnaryCall;
  UpdateEndpoint(argument: _cfs_webhooks_v1_UpdateEndpointRequest, callback: grpc.requestCallback<_cfs_webhooks_v1_UpdateEndpointResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Changes the fields that are set; `enabled: true` re-enables a disabled endpoint. Callers:
   * gateway, dashboard. Errors: NOT_FOUND; INVALID_ARGUMENT as for CreateEndpoint.
   */
  updateEndpoint(argument: _cfs_webhooks_v1_UpdateEndpointRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_webhooks_v1_UpdateEndpointResponse__Output>): grpc.ClientUnaryCall;
  updateEndpoint(argument: _cfs_webhooks_v1_UpdateEndpointRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_webhooks_v1_UpdateEndpointResponse__Output>): grpc.ClientUnaryCall;
  updateEndpoint(argument: _cfs_webhooks_v1_UpdateEndpointRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_webhooks_v1_UpdateEndpointResponse__Output>): grpc.ClientUnaryCall;
  updateEndpoint(argument: _cfs_webhooks_v1_UpdateEndpointRequest, callback: grpc.requestCallback<_cfs_webhooks_v1_UpdateEndpointResponse__Output>): grpc.ClientUnaryCall;
  
}

/**
 * Webhook endpoints of Sites and the deliveries of events to them (Standard Webhooks).
 * 
 * Conventions: every request names the Site (`site_…`) and its Customer (`cus_…`) the caller
 * resolved; an endpoint or a delivery of another Site answers NOT_FOUND, as one that does not
 * exist. Times are RFC 3339 UTC strings with milliseconds. Errors carry the public code in the
 * `cfs-error-code` trailer. Every RPC checks its caller's service token first (UNAUTHENTICATED
 * without a known one, PERMISSION_DENIED for a caller not listed for the RPC), and may answer
 * UNAVAILABLE when the database is unreachable or the deadline passed: nothing changed then.
 */
export interface WebhooksServiceHandlers extends grpc.UntypedServiceImplementation {
  /**
   * Creates an endpoint and its signing secret, shown only in this answer. Callers: gateway,
   * dashboard. Errors: INVALID_ARGUMENT for a URL or event type the rules refuse;
   * QUOTA_EXHAUSTED when the Site already holds `max_endpoints`; UNAVAILABLE.
   */
  CreateEndpoint: grpc.handleUnaryCall<_cfs_webhooks_v1_CreateEndpointRequest__Output, _cfs_webhooks_v1_CreateEndpointResponse>;
  
  /**
   * Deletes an endpoint and its deliveries (its place in the quota is free at once). Callers:
   * gateway, dashboard. Errors: NOT_FOUND.
   */
  DeleteEndpoint: grpc.handleUnaryCall<_cfs_webhooks_v1_DeleteEndpointRequest__Output, _cfs_webhooks_v1_DeleteEndpointResponse>;
  
  /**
   * Producers' events (relayed from their outboxes, services/common/src/outbox.ts) become
   * deliveries: per event, one per enabled endpoint of its Site that lists its type, committed
   * before the answer. Idempotent by the event's id: an event taken before adds nothing, so a
   * relay that died between this call and forgetting its outbox rows may send them again.
   * Callers: feed, media, billing. Errors: INVALID_ARGUMENT for an unknown or unsubscribable
   * type, data that is not a JSON object, an empty id or Site, more than 500 events.
   */
  EnqueueEvents: grpc.handleUnaryCall<_cfs_webhooks_v1_EnqueueEventsRequest__Output, _cfs_webhooks_v1_EnqueueEventsResponse>;
  
  /**
   * One endpoint. Callers: gateway, dashboard. Errors: NOT_FOUND.
   */
  GetEndpoint: grpc.handleUnaryCall<_cfs_webhooks_v1_GetEndpointRequest__Output, _cfs_webhooks_v1_GetEndpointResponse>;
  
  /**
   * The endpoint's deliveries, newest first, a page at a time. Callers: gateway, dashboard.
   * Errors: NOT_FOUND; INVALID_ARGUMENT for a cursor that is not one of this endpoint's.
   */
  ListDeliveries: grpc.handleUnaryCall<_cfs_webhooks_v1_ListDeliveriesRequest__Output, _cfs_webhooks_v1_ListDeliveriesResponse>;
  
  /**
   * The Site's endpoints, oldest first. Callers: gateway, dashboard.
   */
  ListEndpoints: grpc.handleUnaryCall<_cfs_webhooks_v1_ListEndpointsRequest__Output, _cfs_webhooks_v1_ListEndpointsResponse>;
  
  /**
   * Of the Sites named, those with an enabled endpoint that lists the type: what a relay asks
   * before it computes an event per Site. Callers: feed, media, billing. Errors:
   * INVALID_ARGUMENT for an unknown type or more than 1 000 Sites.
   */
  ListeningSites: grpc.handleUnaryCall<_cfs_webhooks_v1_ListeningSitesRequest__Output, _cfs_webhooks_v1_ListeningSitesResponse>;
  
  /**
   * One more attempt of a delivery, now, signed with the endpoint's current secrets. Callers:
   * gateway, dashboard. Errors: NOT_FOUND; FAILED_PRECONDITION (CONFLICT) when the endpoint is
   * disabled.
   */
  RetryDelivery: grpc.handleUnaryCall<_cfs_webhooks_v1_RetryDeliveryRequest__Output, _cfs_webhooks_v1_RetryDeliveryResponse>;
  
  /**
   * A new signing secret, shown only in this answer; the previous one also signs for 24 hours.
   * Callers: gateway, dashboard. Errors: NOT_FOUND.
   */
  RotateSecret: grpc.handleUnaryCall<_cfs_webhooks_v1_RotateSecretRequest__Output, _cfs_webhooks_v1_RotateSecretResponse>;
  
  /**
   * Queues a `webhook.test` event for the endpoint, whatever events it lists. Callers: gateway,
   * dashboard. Errors: NOT_FOUND; FAILED_PRECONDITION (CONFLICT) when the endpoint is disabled.
   */
  SendTest: grpc.handleUnaryCall<_cfs_webhooks_v1_SendTestRequest__Output, _cfs_webhooks_v1_SendTestResponse>;
  
  /**
   * Changes the fields that are set; `enabled: true` re-enables a disabled endpoint. Callers:
   * gateway, dashboard. Errors: NOT_FOUND; INVALID_ARGUMENT as for CreateEndpoint.
   */
  UpdateEndpoint: grpc.handleUnaryCall<_cfs_webhooks_v1_UpdateEndpointRequest__Output, _cfs_webhooks_v1_UpdateEndpointResponse>;
  
}

export interface WebhooksServiceDefinition extends grpc.ServiceDefinition {
  CreateEndpoint: MethodDefinition<_cfs_webhooks_v1_CreateEndpointRequest, _cfs_webhooks_v1_CreateEndpointResponse, _cfs_webhooks_v1_CreateEndpointRequest__Output, _cfs_webhooks_v1_CreateEndpointResponse__Output>
  DeleteEndpoint: MethodDefinition<_cfs_webhooks_v1_DeleteEndpointRequest, _cfs_webhooks_v1_DeleteEndpointResponse, _cfs_webhooks_v1_DeleteEndpointRequest__Output, _cfs_webhooks_v1_DeleteEndpointResponse__Output>
  EnqueueEvents: MethodDefinition<_cfs_webhooks_v1_EnqueueEventsRequest, _cfs_webhooks_v1_EnqueueEventsResponse, _cfs_webhooks_v1_EnqueueEventsRequest__Output, _cfs_webhooks_v1_EnqueueEventsResponse__Output>
  GetEndpoint: MethodDefinition<_cfs_webhooks_v1_GetEndpointRequest, _cfs_webhooks_v1_GetEndpointResponse, _cfs_webhooks_v1_GetEndpointRequest__Output, _cfs_webhooks_v1_GetEndpointResponse__Output>
  ListDeliveries: MethodDefinition<_cfs_webhooks_v1_ListDeliveriesRequest, _cfs_webhooks_v1_ListDeliveriesResponse, _cfs_webhooks_v1_ListDeliveriesRequest__Output, _cfs_webhooks_v1_ListDeliveriesResponse__Output>
  ListEndpoints: MethodDefinition<_cfs_webhooks_v1_ListEndpointsRequest, _cfs_webhooks_v1_ListEndpointsResponse, _cfs_webhooks_v1_ListEndpointsRequest__Output, _cfs_webhooks_v1_ListEndpointsResponse__Output>
  ListeningSites: MethodDefinition<_cfs_webhooks_v1_ListeningSitesRequest, _cfs_webhooks_v1_ListeningSitesResponse, _cfs_webhooks_v1_ListeningSitesRequest__Output, _cfs_webhooks_v1_ListeningSitesResponse__Output>
  RetryDelivery: MethodDefinition<_cfs_webhooks_v1_RetryDeliveryRequest, _cfs_webhooks_v1_RetryDeliveryResponse, _cfs_webhooks_v1_RetryDeliveryRequest__Output, _cfs_webhooks_v1_RetryDeliveryResponse__Output>
  RotateSecret: MethodDefinition<_cfs_webhooks_v1_RotateSecretRequest, _cfs_webhooks_v1_RotateSecretResponse, _cfs_webhooks_v1_RotateSecretRequest__Output, _cfs_webhooks_v1_RotateSecretResponse__Output>
  SendTest: MethodDefinition<_cfs_webhooks_v1_SendTestRequest, _cfs_webhooks_v1_SendTestResponse, _cfs_webhooks_v1_SendTestRequest__Output, _cfs_webhooks_v1_SendTestResponse__Output>
  UpdateEndpoint: MethodDefinition<_cfs_webhooks_v1_UpdateEndpointRequest, _cfs_webhooks_v1_UpdateEndpointResponse, _cfs_webhooks_v1_UpdateEndpointRequest__Output, _cfs_webhooks_v1_UpdateEndpointResponse__Output>
}
