// Original file: protos/cfs/billing/v1/billing.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { CancelSubscriptionRequest as _cfs_billing_v1_CancelSubscriptionRequest, CancelSubscriptionRequest__Output as _cfs_billing_v1_CancelSubscriptionRequest__Output } from '../../../cfs/billing/v1/CancelSubscriptionRequest.js';
import type { CancelSubscriptionResponse as _cfs_billing_v1_CancelSubscriptionResponse, CancelSubscriptionResponse__Output as _cfs_billing_v1_CancelSubscriptionResponse__Output } from '../../../cfs/billing/v1/CancelSubscriptionResponse.js';
import type { GetSubscriptionRequest as _cfs_billing_v1_GetSubscriptionRequest, GetSubscriptionRequest__Output as _cfs_billing_v1_GetSubscriptionRequest__Output } from '../../../cfs/billing/v1/GetSubscriptionRequest.js';
import type { GetSubscriptionResponse as _cfs_billing_v1_GetSubscriptionResponse, GetSubscriptionResponse__Output as _cfs_billing_v1_GetSubscriptionResponse__Output } from '../../../cfs/billing/v1/GetSubscriptionResponse.js';
import type { ReceiveStripeEventRequest as _cfs_billing_v1_ReceiveStripeEventRequest, ReceiveStripeEventRequest__Output as _cfs_billing_v1_ReceiveStripeEventRequest__Output } from '../../../cfs/billing/v1/ReceiveStripeEventRequest.js';
import type { ReceiveStripeEventResponse as _cfs_billing_v1_ReceiveStripeEventResponse, ReceiveStripeEventResponse__Output as _cfs_billing_v1_ReceiveStripeEventResponse__Output } from '../../../cfs/billing/v1/ReceiveStripeEventResponse.js';
import type { StartCheckoutRequest as _cfs_billing_v1_StartCheckoutRequest, StartCheckoutRequest__Output as _cfs_billing_v1_StartCheckoutRequest__Output } from '../../../cfs/billing/v1/StartCheckoutRequest.js';
import type { StartCheckoutResponse as _cfs_billing_v1_StartCheckoutResponse, StartCheckoutResponse__Output as _cfs_billing_v1_StartCheckoutResponse__Output } from '../../../cfs/billing/v1/StartCheckoutResponse.js';

export interface BillingServiceClient extends grpc.Client {
  CancelSubscription(argument: _cfs_billing_v1_CancelSubscriptionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_billing_v1_CancelSubscriptionResponse__Output>): grpc.ClientUnaryCall;
  CancelSubscription(argument: _cfs_billing_v1_CancelSubscriptionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_billing_v1_CancelSubscriptionResponse__Output>): grpc.ClientUnaryCall;
  CancelSubscription(argument: _cfs_billing_v1_CancelSubscriptionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_billing_v1_CancelSubscriptionResponse__Output>): grpc.ClientUnaryCall;
  CancelSubscription(argument: _cfs_billing_v1_CancelSubscriptionRequest, callback: grpc.requestCallback<_cfs_billing_v1_CancelSubscriptionResponse__Output>): grpc.ClientUnaryCall;
  cancelSubscription(argument: _cfs_billing_v1_CancelSubscriptionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_billing_v1_CancelSubscriptionResponse__Output>): grpc.ClientUnaryCall;
  cancelSubscription(argument: _cfs_billing_v1_CancelSubscriptionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_billing_v1_CancelSubscriptionResponse__Output>): grpc.ClientUnaryCall;
  cancelSubscription(argument: _cfs_billing_v1_CancelSubscriptionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_billing_v1_CancelSubscriptionResponse__Output>): grpc.ClientUnaryCall;
  cancelSubscription(argument: _cfs_billing_v1_CancelSubscriptionRequest, callback: grpc.requestCallback<_cfs_billing_v1_CancelSubscriptionResponse__Output>): grpc.ClientUnaryCall;
  
  GetSubscription(argument: _cfs_billing_v1_GetSubscriptionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_billing_v1_GetSubscriptionResponse__Output>): grpc.ClientUnaryCall;
  GetSubscription(argument: _cfs_billing_v1_GetSubscriptionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_billing_v1_GetSubscriptionResponse__Output>): grpc.ClientUnaryCall;
  GetSubscription(argument: _cfs_billing_v1_GetSubscriptionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_billing_v1_GetSubscriptionResponse__Output>): grpc.ClientUnaryCall;
  GetSubscription(argument: _cfs_billing_v1_GetSubscriptionRequest, callback: grpc.requestCallback<_cfs_billing_v1_GetSubscriptionResponse__Output>): grpc.ClientUnaryCall;
  getSubscription(argument: _cfs_billing_v1_GetSubscriptionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_billing_v1_GetSubscriptionResponse__Output>): grpc.ClientUnaryCall;
  getSubscription(argument: _cfs_billing_v1_GetSubscriptionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_billing_v1_GetSubscriptionResponse__Output>): grpc.ClientUnaryCall;
  getSubscription(argument: _cfs_billing_v1_GetSubscriptionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_billing_v1_GetSubscriptionResponse__Output>): grpc.ClientUnaryCall;
  getSubscription(argument: _cfs_billing_v1_GetSubscriptionRequest, callback: grpc.requestCallback<_cfs_billing_v1_GetSubscriptionResponse__Output>): grpc.ClientUnaryCall;
  
  ReceiveStripeEvent(argument: _cfs_billing_v1_ReceiveStripeEventRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_billing_v1_ReceiveStripeEventResponse__Output>): grpc.ClientUnaryCall;
  ReceiveStripeEvent(argument: _cfs_billing_v1_ReceiveStripeEventRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_billing_v1_ReceiveStripeEventResponse__Output>): grpc.ClientUnaryCall;
  ReceiveStripeEvent(argument: _cfs_billing_v1_ReceiveStripeEventRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_billing_v1_ReceiveStripeEventResponse__Output>): grpc.ClientUnaryCall;
  ReceiveStripeEvent(argument: _cfs_billing_v1_ReceiveStripeEventRequest, callback: grpc.requestCallback<_cfs_billing_v1_ReceiveStripeEventResponse__Output>): grpc.ClientUnaryCall;
  receiveStripeEvent(argument: _cfs_billing_v1_ReceiveStripeEventRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_billing_v1_ReceiveStripeEventResponse__Output>): grpc.ClientUnaryCall;
  receiveStripeEvent(argument: _cfs_billing_v1_ReceiveStripeEventRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_billing_v1_ReceiveStripeEventResponse__Output>): grpc.ClientUnaryCall;
  receiveStripeEvent(argument: _cfs_billing_v1_ReceiveStripeEventRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_billing_v1_ReceiveStripeEventResponse__Output>): grpc.ClientUnaryCall;
  receiveStripeEvent(argument: _cfs_billing_v1_ReceiveStripeEventRequest, callback: grpc.requestCallback<_cfs_billing_v1_ReceiveStripeEventResponse__Output>): grpc.ClientUnaryCall;
  
  StartCheckout(argument: _cfs_billing_v1_StartCheckoutRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_billing_v1_StartCheckoutResponse__Output>): grpc.ClientUnaryCall;
  StartCheckout(argument: _cfs_billing_v1_StartCheckoutRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_billing_v1_StartCheckoutResponse__Output>): grpc.ClientUnaryCall;
  StartCheckout(argument: _cfs_billing_v1_StartCheckoutRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_billing_v1_StartCheckoutResponse__Output>): grpc.ClientUnaryCall;
  StartCheckout(argument: _cfs_billing_v1_StartCheckoutRequest, callback: grpc.requestCallback<_cfs_billing_v1_StartCheckoutResponse__Output>): grpc.ClientUnaryCall;
  startCheckout(argument: _cfs_billing_v1_StartCheckoutRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_billing_v1_StartCheckoutResponse__Output>): grpc.ClientUnaryCall;
  startCheckout(argument: _cfs_billing_v1_StartCheckoutRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_billing_v1_StartCheckoutResponse__Output>): grpc.ClientUnaryCall;
  startCheckout(argument: _cfs_billing_v1_StartCheckoutRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_billing_v1_StartCheckoutResponse__Output>): grpc.ClientUnaryCall;
  startCheckout(argument: _cfs_billing_v1_StartCheckoutRequest, callback: grpc.requestCallback<_cfs_billing_v1_StartCheckoutResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface BillingServiceHandlers extends grpc.UntypedServiceImplementation {
  CancelSubscription: grpc.handleUnaryCall<_cfs_billing_v1_CancelSubscriptionRequest__Output, _cfs_billing_v1_CancelSubscriptionResponse>;
  
  GetSubscription: grpc.handleUnaryCall<_cfs_billing_v1_GetSubscriptionRequest__Output, _cfs_billing_v1_GetSubscriptionResponse>;
  
  ReceiveStripeEvent: grpc.handleUnaryCall<_cfs_billing_v1_ReceiveStripeEventRequest__Output, _cfs_billing_v1_ReceiveStripeEventResponse>;
  
  StartCheckout: grpc.handleUnaryCall<_cfs_billing_v1_StartCheckoutRequest__Output, _cfs_billing_v1_StartCheckoutResponse>;
  
}

export interface BillingServiceDefinition extends grpc.ServiceDefinition {
  CancelSubscription: MethodDefinition<_cfs_billing_v1_CancelSubscriptionRequest, _cfs_billing_v1_CancelSubscriptionResponse, _cfs_billing_v1_CancelSubscriptionRequest__Output, _cfs_billing_v1_CancelSubscriptionResponse__Output>
  GetSubscription: MethodDefinition<_cfs_billing_v1_GetSubscriptionRequest, _cfs_billing_v1_GetSubscriptionResponse, _cfs_billing_v1_GetSubscriptionRequest__Output, _cfs_billing_v1_GetSubscriptionResponse__Output>
  ReceiveStripeEvent: MethodDefinition<_cfs_billing_v1_ReceiveStripeEventRequest, _cfs_billing_v1_ReceiveStripeEventResponse, _cfs_billing_v1_ReceiveStripeEventRequest__Output, _cfs_billing_v1_ReceiveStripeEventResponse__Output>
  StartCheckout: MethodDefinition<_cfs_billing_v1_StartCheckoutRequest, _cfs_billing_v1_StartCheckoutResponse, _cfs_billing_v1_StartCheckoutRequest__Output, _cfs_billing_v1_StartCheckoutResponse__Output>
}
