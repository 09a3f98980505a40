import { z } from 'zod';
import { envFields } from '@cfs/common/env';
import { serviceTokenEnvField } from '@cfs/common/service-auth';

export const billingEnvSchema = z
  .object({
    BILLING_GRPC_PORT: envFields.port(7004),
    BILLING_GRPC_HOST: z.string().default('0.0.0.0'),
    /** The account service (plans of Sites change when a subscription starts or ends). */
    ACCOUNT_ADDR: envFields.address('127.0.0.1:7002'),
    GRPC_DEADLINE_MS: envFields.positiveInt(5000),
    /** Billing's own service token, presented to the account service (service-auth.ts). */
    SERVICE_TOKEN: serviceTokenEnvField,
    /** local: a simulated hosted checkout confirmed at once (development, tests). stripe: Stripe Checkout. */
    PAYMENT_PROVIDER: z.enum(['local', 'stripe']).default('local'),
    STRIPE_SECRET_KEY: z.string().min(1).optional(),
    /** Plan id → Stripe price id, e.g. "starter=price_123,pro=price_456". */
    STRIPE_PRICES: z.string().default(''),
    /** Stripe's API address; only for a stand-in in tests (default: Stripe's own). */
    STRIPE_API_URL: z.string().url().optional(),
    CHECKOUT_SUCCESS_URL: z.string().url().default('http://127.0.0.1:8080/billing/success'),
    CHECKOUT_CANCEL_URL: z.string().url().default('http://127.0.0.1:8080/billing/canceled'),
    MIGRATE_ON_START: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  })
  .refine((env) => env.PAYMENT_PROVIDER !== 'stripe' || env.STRIPE_SECRET_KEY, {
    message: 'STRIPE_SECRET_KEY is required when PAYMENT_PROVIDER=stripe',
    path: ['STRIPE_SECRET_KEY'],
  });

export type BillingEnv = z.output<typeof billingEnvSchema>;

export function parsePrices(spec: string): Record<string, string> {
  return Object.fromEntries(
    spec
      .split(',')
      .map((pair) => pair.trim())
      .filter(Boolean)
      .map((pair) => pair.split('=').map((x) => x.trim()) as [string, string]),
  );
}
