/** The schemas of the billing routes (api/routes/billing.ts). */
import { z } from 'zod';
import * as rules from '@cfs/common/rules';
import { EX, id, planId, timestamp } from './blocks.ts';

const subscriptionExample = {
  id: EX.subscriptionId,
  plan: 'starter',
  status: 'active',
  provider: 'stripe',
  createdAt: EX.created,
  activatedAt: '2026-01-15T09:32:10.000Z',
  currentPeriodEnd: '2026-02-15T09:32:10.000Z',
  cancelAtPeriodEnd: false,
  pastDueSince: null,
  canceledAt: null,
};

export const BillingSubscription = z
  .object({
    id,
    plan: planId,
    status: z.enum(['pending', 'active', 'past_due', 'canceled', 'expired']).meta({
      description:
        'pending: checkout started, not yet paid; active: paid, the Site has the plan; past_due: a payment failed, the Site keeps the plan for a grace period; canceled: ended (the Site has the default plan); expired: checkout never completed.',
    }),
    provider: z.enum(['local', 'stripe']).meta({ description: 'The payment provider: local (grants plans without payment, evaluation only) or stripe.' }),
    createdAt: timestamp,
    activatedAt: timestamp.nullable(),
    currentPeriodEnd: timestamp.nullable().meta({ description: 'End of the paid period; the subscription renews then unless cancelAtPeriodEnd.' }),
    cancelAtPeriodEnd: z
      .boolean()
      .meta({ description: 'True when the subscription ends at currentPeriodEnd instead of renewing (the Site keeps its plan until then).' }),
    pastDueSince: timestamp.nullable().meta({ description: 'When the payment failed (status past_due).' }),
    canceledAt: timestamp.nullable(),
  })
  .meta({ id: 'BillingSubscription', examples: [subscriptionExample] });

/** The subscription after POST .../cancel without atPeriodEnd. */
export const canceledSubscriptionExample: z.output<typeof BillingSubscription> = {
  ...subscriptionExample,
  status: 'canceled',
  provider: 'stripe',
  canceledAt: '2026-02-01T12:00:00.000Z',
};

export const CancelRequest = z
  .strictObject({
    atPeriodEnd: z
      .boolean()
      .optional()
      .meta({ description: 'true: keep the subscription and the plan until the end of the paid period; false or absent: end it now.' }),
  })
  .optional()
  .meta({ id: 'CancelRequest', examples: [{ atPeriodEnd: true }] });

export const CheckoutRequest = z
  .strictObject({ plan: planId.meta({ description: 'A paid plan id of the catalog (not the default plan).' }) })
  .meta({ id: 'CheckoutRequest', examples: [{ plan: 'starter' }] });

export const Checkout = z
  .object({
    checkoutUrl: rules.providerAddress(4096).meta({ description: "Where the customer pays (hosted checkout): the payment provider's address, as it gave it." }),
    subscription: BillingSubscription,
  })
  .meta({
    id: 'Checkout',
    examples: [
      {
        checkoutUrl: 'https://checkout.stripe.com/c/pay/cs_test_a1B2c3D4e5F6g7H8',
        subscription: { ...subscriptionExample, status: 'pending', activatedAt: null, currentPeriodEnd: null },
      },
    ],
  });
