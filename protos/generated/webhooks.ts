import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { CreateEndpointRequest as _cfs_webhooks_v1_CreateEndpointRequest, CreateEndpointRequest__Output as _cfs_webhooks_v1_CreateEndpointRequest__Output } from './cfs/webhooks/v1/CreateEndpointRequest.js';
import type { CreateEndpointResponse as _cfs_webhooks_v1_CreateEndpointResponse, CreateEndpointResponse__Output as _cfs_webhooks_v1_CreateEndpointResponse__Output } from './cfs/webhooks/v1/CreateEndpointResponse.js';
import type { DeleteEndpointRequest as _cfs_webhooks_v1_DeleteEndpointRequest, DeleteEndpointRequest__Output as _cfs_webhooks_v1_DeleteEndpointRequest__Output } from './cfs/webhooks/v1/DeleteEndpointRequest.js';
import type { DeleteEndpointResponse as _cfs_webhooks_v1_DeleteEndpointResponse, DeleteEndpointResponse__Output as _cfs_webhooks_v1_DeleteEndpointResponse__Output } from './cfs/webhooks/v1/DeleteEndpointResponse.js';
import type { Delivery as _cfs_webhooks_v1_Delivery, Delivery__Output as _cfs_webhooks_v1_Delivery__Output } from './cfs/webhooks/v1/Delivery.js';
import type { Endpoint as _cfs_webhooks_v1_Endpoint, Endpoint__Output as _cfs_webhooks_v1_Endpoint__Output } from './cfs/webhooks/v1/Endpoint.js';
import type { EnqueueEventsRequest as _cfs_webhooks_v1_EnqueueEventsRequest, EnqueueEventsRequest__Output as _cfs_webhooks_v1_EnqueueEventsRequest__Output } from './cfs/webhooks/v1/EnqueueEventsRequest.js';
import type { EnqueueEventsResponse as _cfs_webhooks_v1_EnqueueEventsResponse, EnqueueEventsResponse__Output as _cfs_webhooks_v1_EnqueueEventsResponse__Output } from './cfs/webhooks/v1/EnqueueEventsResponse.js';
import type { Event as _cfs_webhooks_v1_Event, Event__Output as _cfs_webhooks_v1_Event__Output } from './cfs/webhooks/v1/Event.js';
import type { GetEndpointRequest as _cfs_webhooks_v1_GetEndpointRequest, GetEndpointRequest__Output as _cfs_webhooks_v1_GetEndpointRequest__Output } from './cfs/webhooks/v1/GetEndpointRequest.js';
import type { GetEndpointResponse as _cfs_webhooks_v1_GetEndpointResponse, GetEndpointResponse__Output as _cfs_webhooks_v1_GetEndpointResponse__Output } from './cfs/webhooks/v1/GetEndpointResponse.js';
import type { ListDeliveriesRequest as _cfs_webhooks_v1_ListDeliveriesRequest, ListDeliveriesRequest__Output as _cfs_webhooks_v1_ListDeliveriesRequest__Output } from './cfs/webhooks/v1/ListDeliveriesRequest.js';
import type { ListDeliveriesResponse as _cfs_webhooks_v1_ListDeliveriesResponse, ListDeliveriesResponse__Output as _cfs_webhooks_v1_ListDeliveriesResponse__Output } from './cfs/webhooks/v1/ListDeliveriesResponse.js';
import type { ListEndpointsRequest as _cfs_webhooks_v1_ListEndpointsRequest, ListEndpointsRequest__Output as _cfs_webhooks_v1_ListEndpointsRequest__Output } from './cfs/webhooks/v1/ListEndpointsRequest.js';
import type { ListEndpointsResponse as _cfs_webhooks_v1_ListEndpointsResponse, ListEndpointsResponse__Output as _cfs_webhooks_v1_ListEndpointsResponse__Output } from './cfs/webhooks/v1/ListEndpointsResponse.js';
import type { ListeningSitesRequest as _cfs_webhooks_v1_ListeningSitesRequest, ListeningSitesRequest__Output as _cfs_webhooks_v1_ListeningSitesRequest__Output } from './cfs/webhooks/v1/ListeningSitesRequest.js';
import type { ListeningSitesResponse as _cfs_webhooks_v1_ListeningSitesResponse, ListeningSitesResponse__Output as _cfs_webhooks_v1_ListeningSitesResponse__Output } from './cfs/webhooks/v1/ListeningSitesResponse.js';
import type { RetryDeliveryRequest as _cfs_webhooks_v1_RetryDeliveryRequest, RetryDeliveryRequest__Output as _cfs_webhooks_v1_RetryDeliveryRequest__Output } from './cfs/webhooks/v1/RetryDeliveryRequest.js';
import type { RetryDeliveryResponse as _cfs_webhooks_v1_RetryDeliveryResponse, RetryDeliveryResponse__Output as _cfs_webhooks_v1_RetryDeliveryResponse__Output } from './cfs/webhooks/v1/RetryDeliveryResponse.js';
import type { RotateSecretRequest as _cfs_webhooks_v1_RotateSecretRequest, RotateSecretRequest__Output as _cfs_webhooks_v1_RotateSecretRequest__Output } from './cfs/webhooks/v1/RotateSecretRequest.js';
import type { RotateSecretResponse as _cfs_webhooks_v1_RotateSecretResponse, RotateSecretResponse__Output as _cfs_webhooks_v1_RotateSecretResponse__Output } from './cfs/webhooks/v1/RotateSecretResponse.js';
import type { SendTestRequest as _cfs_webhooks_v1_SendTestRequest, SendTestRequest__Output as _cfs_webhooks_v1_SendTestRequest__Output } from './cfs/webhooks/v1/SendTestRequest.js';
import type { SendTestResponse as _cfs_webhooks_v1_SendTestResponse, SendTestResponse__Output as _cfs_webhooks_v1_SendTestResponse__Output } from './cfs/webhooks/v1/SendTestResponse.js';
import type { UpdateEndpointRequest as _cfs_webhooks_v1_UpdateEndpointRequest, UpdateEndpointRequest__Output as _cfs_webhooks_v1_UpdateEndpointRequest__Output } from './cfs/webhooks/v1/UpdateEndpointRequest.js';
import type { UpdateEndpointResponse as _cfs_webhooks_v1_UpdateEndpointResponse, UpdateEndpointResponse__Output as _cfs_webhooks_v1_UpdateEndpointResponse__Output } from './cfs/webhooks/v1/UpdateEndpointResponse.js';
import type { WebhooksServiceClient as _cfs_webhooks_v1_WebhooksServiceClient, WebhooksServiceDefinition as _cfs_webhooks_v1_WebhooksServiceDefinition } from './cfs/webhooks/v1/WebhooksService.js';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  cfs: {
    webhooks: {
      v1: {
        CreateEndpointRequest: MessageTypeDefinition<_cfs_webhooks_v1_CreateEndpointRequest, _cfs_webhooks_v1_CreateEndpointRequest__Output>
        CreateEndpointResponse: MessageTypeDefinition<_cfs_webhooks_v1_CreateEndpointResponse, _cfs_webhooks_v1_CreateEndpointResponse__Output>
        DeleteEndpointRequest: MessageTypeDefinition<_cfs_webhooks_v1_DeleteEndpointRequest, _cfs_webhooks_v1_DeleteEndpointRequest__Output>
        DeleteEndpointResponse: MessageTypeDefinition<_cfs_webhooks_v1_DeleteEndpointResponse, _cfs_webhooks_v1_DeleteEndpointResponse__Output>
        Delivery: MessageTypeDefinition<_cfs_webhooks_v1_Delivery, _cfs_webhooks_v1_Delivery__Output>
        Endpoint: MessageTypeDefinition<_cfs_webhooks_v1_Endpoint, _cfs_webhooks_v1_Endpoint__Output>
        EnqueueEventsRequest: MessageTypeDefinition<_cfs_webhooks_v1_EnqueueEventsRequest, _cfs_webhooks_v1_EnqueueEventsRequest__Output>
        EnqueueEventsResponse: MessageTypeDefinition<_cfs_webhooks_v1_EnqueueEventsResponse, _cfs_webhooks_v1_EnqueueEventsResponse__Output>
        Event: MessageTypeDefinition<_cfs_webhooks_v1_Event, _cfs_webhooks_v1_Event__Output>
        GetEndpointRequest: MessageTypeDefinition<_cfs_webhooks_v1_GetEndpointRequest, _cfs_webhooks_v1_GetEndpointRequest__Output>
        GetEndpointResponse: MessageTypeDefinition<_cfs_webhooks_v1_GetEndpointResponse, _cfs_webhooks_v1_GetEndpointResponse__Output>
        ListDeliveriesRequest: MessageTypeDefinition<_cfs_webhooks_v1_ListDeliveriesRequest, _cfs_webhooks_v1_ListDeliveriesRequest__Output>
        ListDeliveriesResponse: MessageTypeDefinition<_cfs_webhooks_v1_ListDeliveriesResponse, _cfs_webhooks_v1_ListDeliveriesResponse__Output>
        ListEndpointsRequest: MessageTypeDefinition<_cfs_webhooks_v1_ListEndpointsRequest, _cfs_webhooks_v1_ListEndpointsRequest__Output>
        ListEndpointsResponse: MessageTypeDefinition<_cfs_webhooks_v1_ListEndpointsResponse, _cfs_webhooks_v1_ListEndpointsResponse__Output>
        ListeningSitesRequest: MessageTypeDefinition<_cfs_webhooks_v1_ListeningSitesRequest, _cfs_webhooks_v1_ListeningSitesRequest__Output>
        ListeningSitesResponse: MessageTypeDefinition<_cfs_webhooks_v1_ListeningSitesResponse, _cfs_webhooks_v1_ListeningSitesResponse__Output>
        RetryDeliveryRequest: MessageTypeDefinition<_cfs_webhooks_v1_RetryDeliveryRequest, _cfs_webhooks_v1_RetryDeliveryRequest__Output>
        RetryDeliveryResponse: MessageTypeDefinition<_cfs_webhooks_v1_RetryDeliveryResponse, _cfs_webhooks_v1_RetryDeliveryResponse__Output>
        RotateSecretRequest: MessageTypeDefinition<_cfs_webhooks_v1_RotateSecretRequest, _cfs_webhooks_v1_RotateSecretRequest__Output>
        RotateSecretResponse: MessageTypeDefinition<_cfs_webhooks_v1_RotateSecretResponse, _cfs_webhooks_v1_RotateSecretResponse__Output>
        SendTestRequest: MessageTypeDefinition<_cfs_webhooks_v1_SendTestRequest, _cfs_webhooks_v1_SendTestRequest__Output>
        SendTestResponse: MessageTypeDefinition<_cfs_webhooks_v1_SendTestResponse, _cfs_webhooks_v1_SendTestResponse__Output>
        UpdateEndpointRequest: MessageTypeDefinition<_cfs_webhooks_v1_UpdateEndpointRequest, _cfs_webhooks_v1_UpdateEndpointRequest__Output>
        UpdateEndpointResponse: MessageTypeDefinition<_cfs_webhooks_v1_UpdateEndpointResponse, _cfs_webhooks_v1_UpdateEndpointResponse__Output>
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
        WebhooksService: SubtypeConstructor<typeof grpc.Client, _cfs_webhooks_v1_WebhooksServiceClient> & { service: _cfs_webhooks_v1_WebhooksServiceDefinition }
      }
    }
  }
}

