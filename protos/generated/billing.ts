import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { BillingServiceClient as _cfs_billing_v1_BillingServiceClient, BillingServiceDefinition as _cfs_billing_v1_BillingServiceDefinition } from './cfs/billing/v1/BillingService.js';
import type { BillingSubscription as _cfs_billing_v1_BillingSubscription, BillingSubscription__Output as _cfs_billing_v1_BillingSubscription__Output } from './cfs/billing/v1/BillingSubscription.js';
import type { CancelSubscriptionRequest as _cfs_billing_v1_CancelSubscriptionRequest, CancelSubscriptionRequest__Output as _cfs_billing_v1_CancelSubscriptionRequest__Output } from './cfs/billing/v1/CancelSubscriptionRequest.js';
import type { CancelSubscriptionResponse as _cfs_billing_v1_CancelSubscriptionResponse, CancelSubscriptionResponse__Output as _cfs_billing_v1_CancelSubscriptionResponse__Output } from './cfs/billing/v1/CancelSubscriptionResponse.js';
import type { GetSubscriptionRequest as _cfs_billing_v1_GetSubscriptionRequest, GetSubscriptionRequest__Output as _cfs_billing_v1_GetSubscriptionRequest__Output } from './cfs/billing/v1/GetSubscriptionRequest.js';
import type { GetSubscriptionResponse as _cfs_billing_v1_GetSubscriptionResponse, GetSubscriptionResponse__Output as _cfs_billing_v1_GetSubscriptionResponse__Output } from './cfs/billing/v1/GetSubscriptionResponse.js';
import type { ReceiveStripeEventRequest as _cfs_billing_v1_ReceiveStripeEventRequest, ReceiveStripeEventRequest__Output as _cfs_billing_v1_ReceiveStripeEventRequest__Output } from './cfs/billing/v1/ReceiveStripeEventRequest.js';
import type { ReceiveStripeEventResponse as _cfs_billing_v1_ReceiveStripeEventResponse, ReceiveStripeEventResponse__Output as _cfs_billing_v1_ReceiveStripeEventResponse__Output } from './cfs/billing/v1/ReceiveStripeEventResponse.js';
import type { StartCheckoutRequest as _cfs_billing_v1_StartCheckoutRequest, StartCheckoutRequest__Output as _cfs_billing_v1_StartCheckoutRequest__Output } from './cfs/billing/v1/StartCheckoutRequest.js';
import type { StartCheckoutResponse as _cfs_billing_v1_StartCheckoutResponse, StartCheckoutResponse__Output as _cfs_billing_v1_StartCheckoutResponse__Output } from './cfs/billing/v1/StartCheckoutResponse.js';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  cfs: {
    billing: {
      v1: {
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
        BillingService: SubtypeConstructor<typeof grpc.Client, _cfs_billing_v1_BillingServiceClient> & { service: _cfs_billing_v1_BillingServiceDefinition }
        BillingSubscription: MessageTypeDefinition<_cfs_billing_v1_BillingSubscription, _cfs_billing_v1_BillingSubscription__Output>
        CancelSubscriptionRequest: MessageTypeDefinition<_cfs_billing_v1_CancelSubscriptionRequest, _cfs_billing_v1_CancelSubscriptionRequest__Output>
        CancelSubscriptionResponse: MessageTypeDefinition<_cfs_billing_v1_CancelSubscriptionResponse, _cfs_billing_v1_CancelSubscriptionResponse__Output>
        GetSubscriptionRequest: MessageTypeDefinition<_cfs_billing_v1_GetSubscriptionRequest, _cfs_billing_v1_GetSubscriptionRequest__Output>
        GetSubscriptionResponse: MessageTypeDefinition<_cfs_billing_v1_GetSubscriptionResponse, _cfs_billing_v1_GetSubscriptionResponse__Output>
        ReceiveStripeEventRequest: MessageTypeDefinition<_cfs_billing_v1_ReceiveStripeEventRequest, _cfs_billing_v1_ReceiveStripeEventRequest__Output>
        ReceiveStripeEventResponse: MessageTypeDefinition<_cfs_billing_v1_ReceiveStripeEventResponse, _cfs_billing_v1_ReceiveStripeEventResponse__Output>
        StartCheckoutRequest: MessageTypeDefinition<_cfs_billing_v1_StartCheckoutRequest, _cfs_billing_v1_StartCheckoutRequest__Output>
        StartCheckoutResponse: MessageTypeDefinition<_cfs_billing_v1_StartCheckoutResponse, _cfs_billing_v1_StartCheckoutResponse__Output>
      }
    }
  }
}

