import { z } from 'zod';
import { DEPLOYABLES, localUrl } from '@cfs/common/deployables';
import { envFields } from '@cfs/common/env';
import { serviceTokenEnvField } from '@cfs/common/service-auth';

const flag = z
  .enum(['true', 'false'])
  .default('false')
  .transform((v) => v === 'true');

/**
 * Payment providers (services/billing/README.md#the-lifecycle, providers): `stripe`; `local`, which grants paid plans without
 * payment, only together with BILLING_ALLOW_UNPAID=true; none, and every billing call is 503.
 */
export const billingEnvSchema = z
  .object({
    ...envFields.listen('billing'),
    /** The account service (plans of Sites change when a subscription starts or ends) and the webhooks service (its events). */
    ...envFields.addresses(DEPLOYABLES.billing.calls),
    GRPC_DEADLINE_MS: envFields.positiveInt(5000),
    /** Billing's own service token, presented to the account and webhooks services (service-auth.ts). */
    SERVICE_TOKEN: serviceTokenEnvField,
    BILLING_PROVIDER: z.enum(['stripe', 'local']).optional(),
    /** Required with BILLING_PROVIDER=local: that provider grants paid plans without payment. */
    BILLING_ALLOW_UNPAID: flag,
    /** Renamed BILLING_PROVIDER; refused so that an old setting does not silently turn billing off. */
    PAYMENT_PROVIDER: z.undefined({ error: 'was renamed BILLING_PROVIDER (and `local` now needs BILLING_ALLOW_UNPAID=true)' }).optional(),
    STRIPE_PRICES: z.undefined({ error: 'is gone: each plan of the catalog names its Stripe price (stripePriceId in plans.json)' }).optional(),
    STRIPE_SECRET_KEY: z.string().min(1).optional(),
    /** The signing secret of the webhook endpoint (whsec_…). */
    STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
    /** A Stripe-compatible server instead of api.stripe.com (stripe-mock, a stand-in in tests). */
    STRIPE_API_URL: z.string().url().optional(),
    CHECKOUT_SUCCESS_URL: z
      .string()
      .url()
      .default(`${localUrl('gateway')}/billing/success`),
    CHECKOUT_CANCEL_URL: z
      .string()
      .url()
      .default(`${localUrl('gateway')}/billing/canceled`),
    /** Days a past_due subscription keeps its plan before the Site returns to the default plan. */
    BILLING_GRACE_DAYS: z.coerce.number().min(0).max(365).default(7),
    /** How often open subscriptions are re-read from the provider (missed webhooks heal); 0: never. */
    BILLING_RECONCILE_INTERVAL_MS: z.coerce
      .number()
      .int()
      .min(0)
      .default(15 * 60_000),
    /** How often plan changes still to make are retried and grace periods ended. */
    BILLING_OUTBOX_INTERVAL_MS: envFields.positiveInt(5000),
    MIGRATE_ON_START: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
  })
  .superRefine((env, ctx) => {
    if (env.BILLING_PROVIDER === 'local' && !env.BILLING_ALLOW_UNPAID) {
      ctx.addIssue({
        code: 'custom',
        path: ['BILLING_ALLOW_UNPAID'],
        message: 'must be true with BILLING_PROVIDER=local: the local provider grants paid plans without payment',
      });
    }
    if (env.BILLING_PROVIDER === 'stripe') {
      for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required with BILLING_PROVIDER=stripe' });
      }
    }
  });

export type BillingEnv = z.output<typeof billingEnvSchema>;
