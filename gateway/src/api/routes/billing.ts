/**
 * Billing (scope billing.manage; not plan-gated). Checkout and cancel accept an Idempotency-Key.
 * At most one pending, active or past_due subscription per Site: a second checkout is 409 CONFLICT.
 * The payment itself and everything after it reach billing from the provider (pipeline/webhooks.ts); a
 * deployment without a payment provider answers 503 on every billing route.
 */
import { DomainError } from '@cfs/common/errors';
import type { BillingSubscription__Output } from '@cfs/protos/generated/cfs/billing/v1/BillingSubscription.js';
import type { z } from 'zod';
import { defineRoute, type AnyRoute } from '../../pipeline/route.ts';
import { BillingSubscription, CancelRequest, canceledSubscriptionExample, Checkout, CheckoutRequest } from '../../schemas/billing-schemas.ts';

function present(s: BillingSubscription__Output | null): z.input<typeof BillingSubscription> {
  if (!s) throw new DomainError('INTERNAL_ERROR');
  return {
    id: s.id,
    plan: s.plan,
    status: s.status as z.input<typeof BillingSubscription>['status'],
    provider: s.provider as z.input<typeof BillingSubscription>['provider'],
    createdAt: s.createdAt,
    activatedAt: s.activatedAt ?? null,
    currentPeriodEnd: s.currentPeriodEnd ?? null,
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    pastDueSince: s.pastDueSince ?? null,
    canceledAt: s.canceledAt ?? null,
  };
}

const base = { tag: 'Billing', auth: 'credential', scope: 'billing.manage' } as const;

export const billingRoutes = (): AnyRoute[] => [
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
    errorNotes: {
      CONFLICT:
        'The Site already has a pending, active or past_due subscription, the plan is not offered for purchase here, or the Idempotency-Key was used with another request (or its first request is still running).',
    },
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
    description: "The Site's latest billing subscription; 404 when it never had one.",
    errors: ['NOT_FOUND'],
    errorNotes: { NOT_FOUND: 'The Site never had a billing subscription.' },
    response: { status: 200, description: 'The subscription.', schema: BillingSubscription },
    handle: async ({ principal, rpc }) => present((await rpc('billing', 'GetSubscription', { siteId: principal.credential.siteId })).subscription),
  }),
  defineRoute({
    ...base,
    method: 'POST',
    path: '/api/v1/billing/subscription/cancel',
    operationId: 'cancelBillingSubscription',
    summary: 'Cancel the subscription',
    description:
      'Cancels now (the Site returns to the default plan at once), or with {"atPeriodEnd": true} at the end of the paid period (the Site keeps its plan until then; cancelAtPeriodEnd shows it). Cancelling a pending checkout closes it, so it can no longer be paid. Send an Idempotency-Key to retry safely.',
    body: CancelRequest,
    idempotent: true,
    errors: ['NOT_FOUND', 'CONFLICT'],
    errorNotes: {
      NOT_FOUND: 'The Site never had a billing subscription.',
      CONFLICT:
        'The Site has no pending, active or past_due subscription, its checkout was just paid, it changed meanwhile, or the Idempotency-Key was used with another request (or its first request is still running).',
    },
    response: { status: 200, description: 'The subscription after the cancel.', schema: BillingSubscription, example: canceledSubscriptionExample },
    handle: async ({ principal, rpc, body }) =>
      present((await rpc('billing', 'CancelSubscription', { siteId: principal.credential.siteId, atPeriodEnd: body?.atPeriodEnd ?? false })).subscription),
  }),
];
