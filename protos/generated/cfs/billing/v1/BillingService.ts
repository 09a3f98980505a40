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

/**
 * Billing subscriptions of Sites through a payment-provider adapter. Status: pending (checkout
 * started, not paid), active, past_due (a payment failed; the plan is kept for a grace period),
 * canceled or expired (the checkout was never completed). At most one pending, active or past_due
 * per Site.
 * 
 * Conventions: ids are prefixed (`bsub_…` for a subscription, `site_…`, `cus_…`); times are
 * RFC 3339 UTC strings with milliseconds. Errors carry the public code in the `cfs-error-code`
 * trailer; CONFLICT is sent as FAILED_PRECONDITION. Every RPC checks its caller's service token
 * first (UNAUTHENTICATED without a known one, PERMISSION_DENIED for a caller not listed for the
 * RPC). On a deployment without a payment provider every RPC answers UNAVAILABLE ("Billing is not
 * configured") and grants nothing. UNAVAILABLE also means the database, the account service or
 * the payment provider was unreachable or the deadline passed: nothing changed, a retry is safe.
 * INTERNAL means the payment provider refused the request for another reason.
 */
export interface BillingServiceClient extends grpc.Client {
  /**
   * Cancels at once (the Site returns to the default plan now) or at the end of the paid period.
   * Cancelling a pending subscription expires its checkout at the provider. Asking again for the
   * end of the period answers the subscription unchanged. Callers: gateway, dashboard.
   * Errors: NOT_FOUND when the Site never had a subscription; FAILED_PRECONDITION (CONFLICT) when
   * it has none that is pending, active or past_due, when its checkout was paid meanwhile, or when
   * the subscription changed meanwhile (read it again); UNAVAILABLE; INTERNAL.
   */
  CancelSubscription(argument: _cfs_billing_v1_CancelSubscriptionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_billing_v1_CancelSubscriptionResponse__Output>): grpc.ClientUnaryCall;
  CancelSubscription(argument: _cfs_billing_v1_CancelSubscriptionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_billing_v1_CancelSubscriptionResponse__Output>): grpc.ClientUnaryCall;
  CancelSubscription(argument: _cfs_billing_v1_CancelSubscriptionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_billing_v1_CancelSubscriptionResponse__Output>): grpc.ClientUnaryCall;
  CancelSubscription(argument: _cfs_billing_v1_CancelSubscriptionRequest, callback: grpc.requestCallback<_cfs_billing_v1_CancelSubscriptionResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Cancels at once (the Site returns to the default plan now) or at the end of the paid period.
   * Cancelling a pending subscription expires its checkout at the provider. Asking again for the
   * end of the period answers the subscription unchanged. Callers: gateway, dashboard.
   * Errors: NOT_FOUND when the Site never had a subscription; FAILED_PRECONDITION (CONFLICT) when
   * it has none that is pending, active or past_due, when its checkout was paid meanwhile, or when
   * the subscription changed meanwhile (read it again); UNAVAILABLE; INTERNAL.
   */
  cancelSubscription(argument: _cfs_billing_v1_CancelSubscriptionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_billing_v1_CancelSubscriptionResponse__Output>): grpc.ClientUnaryCall;
  cancelSubscription(argument: _cfs_billing_v1_CancelSubscriptionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_billing_v1_CancelSubscriptionResponse__Output>): grpc.ClientUnaryCall;
  cancelSubscription(argument: _cfs_billing_v1_CancelSubscriptionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_billing_v1_CancelSubscriptionResponse__Output>): grpc.ClientUnaryCall;
  cancelSubscription(argument: _cfs_billing_v1_CancelSubscriptionRequest, callback: grpc.requestCallback<_cfs_billing_v1_CancelSubscriptionResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * The Site's latest subscription, whatever its status. Callers: gateway, dashboard.
   * Errors: NOT_FOUND when the Site has no subscription; UNAVAILABLE.
   */
  GetSubscription(argument: _cfs_billing_v1_GetSubscriptionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_billing_v1_GetSubscriptionResponse__Output>): grpc.ClientUnaryCall;
  GetSubscription(argument: _cfs_billing_v1_GetSubscriptionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_billing_v1_GetSubscriptionResponse__Output>): grpc.ClientUnaryCall;
  GetSubscription(argument: _cfs_billing_v1_GetSubscriptionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_billing_v1_GetSubscriptionResponse__Output>): grpc.ClientUnaryCall;
  GetSubscription(argument: _cfs_billing_v1_GetSubscriptionRequest, callback: grpc.requestCallback<_cfs_billing_v1_GetSubscriptionResponse__Output>): grpc.ClientUnaryCall;
  /**
   * The Site's latest subscription, whatever its status. Callers: gateway, dashboard.
   * Errors: NOT_FOUND when the Site has no subscription; UNAVAILABLE.
   */
  getSubscription(argument: _cfs_billing_v1_GetSubscriptionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_billing_v1_GetSubscriptionResponse__Output>): grpc.ClientUnaryCall;
  getSubscription(argument: _cfs_billing_v1_GetSubscriptionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_billing_v1_GetSubscriptionResponse__Output>): grpc.ClientUnaryCall;
  getSubscription(argument: _cfs_billing_v1_GetSubscriptionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_billing_v1_GetSubscriptionResponse__Output>): grpc.ClientUnaryCall;
  getSubscription(argument: _cfs_billing_v1_GetSubscriptionRequest, callback: grpc.requestCallback<_cfs_billing_v1_GetSubscriptionResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * A Stripe webhook delivery, exactly as received: the raw body and its Stripe-Signature header.
   * Each event id is processed once; event types billing does not handle are recorded and ignored.
   * Callers: gateway (POST /webhooks/stripe).
   * Errors: INVALID_ARGUMENT when the signature is missing, does not verify, is older than five
   * minutes, or the body is not an event (nothing changes); UNAVAILABLE when the deployment does
   * not bill through Stripe (BILLING_PROVIDER is not stripe), or transiently; INTERNAL.
   */
  ReceiveStripeEvent(argument: _cfs_billing_v1_ReceiveStripeEventRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_billing_v1_ReceiveStripeEventResponse__Output>): grpc.ClientUnaryCall;
  ReceiveStripeEvent(argument: _cfs_billing_v1_ReceiveStripeEventRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_billing_v1_ReceiveStripeEventResponse__Output>): grpc.ClientUnaryCall;
  ReceiveStripeEvent(argument: _cfs_billing_v1_ReceiveStripeEventRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_billing_v1_ReceiveStripeEventResponse__Output>): grpc.ClientUnaryCall;
  ReceiveStripeEvent(argument: _cfs_billing_v1_ReceiveStripeEventRequest, callback: grpc.requestCallback<_cfs_billing_v1_ReceiveStripeEventResponse__Output>): grpc.ClientUnaryCall;
  /**
   * A Stripe webhook delivery, exactly as received: the raw body and its Stripe-Signature header.
   * Each event id is processed once; event types billing does not handle are recorded and ignored.
   * Callers: gateway (POST /webhooks/stripe).
   * Errors: INVALID_ARGUMENT when the signature is missing, does not verify, is older than five
   * minutes, or the body is not an event (nothing changes); UNAVAILABLE when the deployment does
   * not bill through Stripe (BILLING_PROVIDER is not stripe), or transiently; INTERNAL.
   */
  receiveStripeEvent(argument: _cfs_billing_v1_ReceiveStripeEventRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_billing_v1_ReceiveStripeEventResponse__Output>): grpc.ClientUnaryCall;
  receiveStripeEvent(argument: _cfs_billing_v1_ReceiveStripeEventRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_billing_v1_ReceiveStripeEventResponse__Output>): grpc.ClientUnaryCall;
  receiveStripeEvent(argument: _cfs_billing_v1_ReceiveStripeEventRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_billing_v1_ReceiveStripeEventResponse__Output>): grpc.ClientUnaryCall;
  receiveStripeEvent(argument: _cfs_billing_v1_ReceiveStripeEventRequest, callback: grpc.requestCallback<_cfs_billing_v1_ReceiveStripeEventResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Starts a checkout for a paid plan: a pending subscription and the provider's hosted checkout,
   * in one transaction (a provider failure leaves nothing). With the local development provider
   * the subscription is active at once. Callers: gateway, dashboard.
   * Errors: INVALID_ARGUMENT for a plan that is not in the catalog or is the default plan;
   * FAILED_PRECONDITION (CONFLICT) when the Site already has a pending, active or past_due
   * subscription, or the plan has no Stripe price on a Stripe deployment; UNAVAILABLE; INTERNAL.
   */
  StartCheckout(argument: _cfs_billing_v1_StartCheckoutRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_billing_v1_StartCheckoutResponse__Output>): grpc.ClientUnaryCall;
  StartCheckout(argument: _cfs_billing_v1_StartCheckoutRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_billing_v1_StartCheckoutResponse__Output>): grpc.ClientUnaryCall;
  StartCheckout(argument: _cfs_billing_v1_StartCheckoutRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_billing_v1_StartCheckoutResponse__Output>): grpc.ClientUnaryCall;
  StartCheckout(argument: _cfs_billing_v1_StartCheckoutRequest, callback: grpc.requestCallback<_cfs_billing_v1_StartCheckoutResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Starts a checkout for a paid plan: a pending subscription and the provider's hosted checkout,
   * in one transaction (a provider failure leaves nothing). With the local development provider
   * the subscription is active at once. Callers: gateway, dashboard.
   * Errors: INVALID_ARGUMENT for a plan that is not in the catalog or is the default plan;
   * FAILED_PRECONDITION (CONFLICT) when the Site already has a pending, active or past_due
   * subscription, or the plan has no Stripe price on a Stripe deployment; UNAVAILABLE; INTERNAL.
   */
  startCheckout(argument: _cfs_billing_v1_StartCheckoutRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_billing_v1_StartCheckoutResponse__Output>): grpc.ClientUnaryCall;
  startCheckout(argument: _cfs_billing_v1_StartCheckoutRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_billing_v1_StartCheckoutResponse__Output>): grpc.ClientUnaryCall;
  startCheckout(argument: _cfs_billing_v1_StartCheckoutRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_billing_v1_StartCheckoutResponse__Output>): grpc.ClientUnaryCall;
  startCheckout(argument: _cfs_billing_v1_StartCheckoutRequest, callback: grpc.requestCallback<_cfs_billing_v1_StartCheckoutResponse__Output>): grpc.ClientUnaryCall;
  
}

/**
 * Billing subscriptions of Sites through a payment-provider adapter. Status: pending (checkout
 * started, not paid), active, past_due (a payment failed; the plan is kept for a grace period),
 * canceled or expired (the checkout was never completed). At most one pending, active or past_due
 * per Site.
 * 
 * Conventions: ids are prefixed (`bsub_…` for a subscription, `site_…`, `cus_…`); times are
 * RFC 3339 UTC strings with milliseconds. Errors carry the public code in the `cfs-error-code`
 * trailer; CONFLICT is sent as FAILED_PRECONDITION. Every RPC checks its caller's service token
 * first (UNAUTHENTICATED without a known one, PERMISSION_DENIED for a caller not listed for the
 * RPC). On a deployment without a payment provider every RPC answers UNAVAILABLE ("Billing is not
 * configured") and grants nothing. UNAVAILABLE also means the database, the account service or
 * the payment provider was unreachable or the deadline passed: nothing changed, a retry is safe.
 * INTERNAL means the payment provider refused the request for another reason.
 */
export interface BillingServiceHandlers extends grpc.UntypedServiceImplementation {
  /**
   * Cancels at once (the Site returns to the default plan now) or at the end of the paid period.
   * Cancelling a pending subscription expires its checkout at the provider. Asking again for the
   * end of the period answers the subscription unchanged. Callers: gateway, dashboard.
   * Errors: NOT_FOUND when the Site never had a subscription; FAILED_PRECONDITION (CONFLICT) when
   * it has none that is pending, active or past_due, when its checkout was paid meanwhile, or when
   * the subscription changed meanwhile (read it again); UNAVAILABLE; INTERNAL.
   */
  CancelSubscription: grpc.handleUnaryCall<_cfs_billing_v1_CancelSubscriptionRequest__Output, _cfs_billing_v1_CancelSubscriptionResponse>;
  
  /**
   * The Site's latest subscription, whatever its status. Callers: gateway, dashboard.
   * Errors: NOT_FOUND when the Site has no subscription; UNAVAILABLE.
   */
  GetSubscription: grpc.handleUnaryCall<_cfs_billing_v1_GetSubscriptionRequest__Output, _cfs_billing_v1_GetSubscriptionResponse>;
  
  /**
   * A Stripe webhook delivery, exactly as received: the raw body and its Stripe-Signature header.
   * Each event id is processed once; event types billing does not handle are recorded and ignored.
   * Callers: gateway (POST /webhooks/stripe).
   * Errors: INVALID_ARGUMENT when the signature is missing, does not verify, is older than five
   * minutes, or the body is not an event (nothing changes); UNAVAILABLE when the deployment does
   * not bill through Stripe (BILLING_PROVIDER is not stripe), or transiently; INTERNAL.
   */
  ReceiveStripeEvent: grpc.handleUnaryCall<_cfs_billing_v1_ReceiveStripeEventRequest__Output, _cfs_billing_v1_ReceiveStripeEventResponse>;
  
  /**
   * Starts a checkout for a paid plan: a pending subscription and the provider's hosted checkout,
   * in one transaction (a provider failure leaves nothing). With the local development provider
   * the subscription is active at once. Callers: gateway, dashboard.
   * Errors: INVALID_ARGUMENT for a plan that is not in the catalog or is the default plan;
   * FAILED_PRECONDITION (CONFLICT) when the Site already has a pending, active or past_due
   * subscription, or the plan has no Stripe price on a Stripe deployment; UNAVAILABLE; INTERNAL.
   */
  StartCheckout: grpc.handleUnaryCall<_cfs_billing_v1_StartCheckoutRequest__Output, _cfs_billing_v1_StartCheckoutResponse>;
  
}

export interface BillingServiceDefinition extends grpc.ServiceDefinition {
  CancelSubscription: MethodDefinition<_cfs_billing_v1_CancelSubscriptionRequest, _cfs_billing_v1_CancelSubscriptionResponse, _cfs_billing_v1_CancelSubscriptionRequest__Output, _cfs_billing_v1_CancelSubscriptionResponse__Output>
  GetSubscription: MethodDefinition<_cfs_billing_v1_GetSubscriptionRequest, _cfs_billing_v1_GetSubscriptionResponse, _cfs_billing_v1_GetSubscriptionRequest__Output, _cfs_billing_v1_GetSubscriptionResponse__Output>
  ReceiveStripeEvent: MethodDefinition<_cfs_billing_v1_ReceiveStripeEventRequest, _cfs_billing_v1_ReceiveStripeEventResponse, _cfs_billing_v1_ReceiveStripeEventRequest__Output, _cfs_billing_v1_ReceiveStripeEventResponse__Output>
  StartCheckout: MethodDefinition<_cfs_billing_v1_StartCheckoutRequest, _cfs_billing_v1_StartCheckoutResponse, _cfs_billing_v1_StartCheckoutRequest__Output, _cfs_billing_v1_StartCheckoutResponse__Output>
}
