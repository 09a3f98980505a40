/**
 * Billing (scope billing.manage; not plan-gated). Checkout and cancel accept an Idempotency-Key.
 * At most one pending or active subscription per Site: a second checkout is 409 CONFLICT. When a
 * subscription becomes active the Site gets its plan; cancel returns the Site to the default plan
 * at once. A payment provider that is temporarily unavailable gives 503 and changes nothing.
 */
import { DomainError } from '@cfs/common/errors';
import type { BillingSubscription__Output } from '@cfs/protos/generated/cfs/billing/v1/BillingSubscription.js';
import type { z } from 'zod';
import { defineRoute } from '../route.ts';
import { BillingSubscription, Checkout, CheckoutRequest } from '../schemas.ts';

function present(s: BillingSubscription__Output | null): z.input<typeof BillingSubscription> {
  if (!s) throw new DomainError('INTERNAL_ERROR');
  return {
    id: s.id,
    plan: s.plan,
    status: s.status as z.input<typeof BillingSubscription>['status'],
    provider: s.provider,
    createdAt: s.createdAt,
    activatedAt: s.activatedAt ?? null,
    currentPeriodEnd: s.currentPeriodEnd ?? null,
    canceledAt: s.canceledAt ?? null,
  };
}

const base = { tag: 'Billing', auth: 'credential', scope: 'billing.manage' } as const;

export const billingRoutes = [
  defineRoute({
    ...base,
    method: 'POST',
    path: '/api/v1/billing/checkout',
    operationId: 'startCheckout',
    summary: 'Start a checkout',
    description: 'Starts a subscription to a paid plan for the calling Site. Send an Idempotency-Key to retry safely.',
    body: CheckoutRequest,
    idempotent: true,
    errors: ['CONFLICT'],
    response: { status: 201, description: 'The checkout and its subscription.', schema: Checkout },
    handle: async ({ principal, rpc, body }) => {
      const { checkoutUrl, subscription } = await rpc('billing', 'StartCheckout', {
        siteId: principal.credential.siteId,
        customerId: principal.credential.customerId,
        plan: body.plan,
      });
      return { checkoutUrl, subscription: present(subscription) };
    },
  }),
  defineRoute({
    ...base,
    method: 'GET',
    path: '/api/v1/billing/subscription',
    operationId: 'getBillingSubscription',
    summary: 'Read the subscription',
    description: 'The Site\'s latest billing subscription; 404 when it never had one.',
    errors: ['NOT_FOUND'],
    response: { status: 200, description: 'The subscription.', schema: BillingSubscription },
    handle: async ({ principal, rpc }) => present((await rpc('billing', 'GetSubscription', { siteId: principal.credential.siteId })).subscription),
  }),
  defineRoute({
    ...base,
    method: 'POST',
    path: '/api/v1/billing/subscription/cancel',
    operationId: 'cancelBillingSubscription',
    summary: 'Cancel the subscription',
    description: 'Cancels at once; the Site returns to the default plan now. Send an Idempotency-Key to retry safely.',
    idempotent: true,
    errors: ['NOT_FOUND', 'CONFLICT'],
    response: { status: 200, description: 'The canceled subscription.', schema: BillingSubscription },
    handle: async ({ principal, rpc }) => present((await rpc('billing', 'CancelSubscription', { siteId: principal.credential.siteId })).subscription),
  }),
];
