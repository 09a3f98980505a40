/**
 * The stripe provider (official `stripe` package) against a local stand-in of Stripe's API, driven
 * through the billing domain on a real PostgreSQL schema.
 */
import { Budget, runWithBudget } from '@cfs/common/deadline';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { createPgAdapter } from '@cfs/common/database';
import { DomainError } from '@cfs/common/errors';
import { createLogger } from '@cfs/common/logger';
import { applyMigrations } from '@cfs/common/migrate';
import { Billing, type AccountPort } from '../src/billing.ts';
import { PrismaClient } from '../src/generated/prisma/client.ts';
import { guarded } from '../src/providers/provider.ts';
import { StripeProvider } from '../src/providers/stripe.ts';
import { startStripeStandIn, type StandIn } from './stripe-standin.ts';

const schema = `billingstripe_${process.pid}_${Date.now().toString(36)}`;
let db: PrismaClient;
let stripe: StandIn;
let billing: Billing;
const plans = new Map<string, string>();
const account: AccountPort = {
  catalog: async () => ({ defaultPlan: 'free', plans: ['free', 'starter', 'pro'] }),
  setPlan: async (siteId, plan) => {
    plans.set(siteId, plan);
  },
};
let site = 0;
const nextSite = () => `site_stripe_${++site}`;

beforeAll(async () => {
  const target = { connectionString: inject('databaseUrl'), schema };
  await applyMigrations({ target, migrationsDir: new URL('../prisma/migrations', import.meta.url).pathname });
  db = new PrismaClient({ adapter: await createPgAdapter(target, 4) });
  stripe = await startStripeStandIn();
  const provider = new StripeProvider({
    secretKey: 'sk_test_standin',
    prices: { starter: 'price_starter', pro: 'price_pro' },
    successUrl: 'https://app.example.com/ok',
    cancelUrl: 'https://app.example.com/back',
    apiUrl: stripe.url,
  });
  billing = new Billing(db, guarded(provider, createLogger('test', { level: 'silent' })), account);
});
afterAll(async () => {
  await stripe?.close();
  await db?.$executeRawUnsafe(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await db?.$disconnect();
});
beforeEach(() => plans.clear());

describe('the stripe provider', () => {
  it('opens a Checkout Session for the plan\'s price; the subscription is pending until Stripe completes it', async () => {
    const siteId = nextSite();
    const { checkoutUrl, subscription } = await billing.startCheckout(siteId, 'cus_1', 'pro');
    expect(checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    expect(subscription).toMatchObject({ status: 'pending', provider: 'stripe', plan: 'pro' });
    const session = stripe.sessions.get(subscription.providerRef!)!;
    expect(session.form.get('mode')).toBe('subscription');
    expect(session.form.get('line_items[0][price]')).toBe('price_pro');
    expect(session.form.get('client_reference_id')).toBe(siteId);
    expect(plans.get(siteId)).toBeUndefined();

    expect((await billing.getSubscription(siteId)).status).toBe('pending');
    await expect(billing.startCheckout(siteId, 'cus_1', 'starter')).rejects.toMatchObject({ code: 'CONFLICT' });

    Object.assign(session, { status: 'complete', subscription: 'sub_123' });
    expect(await billing.getSubscription(siteId)).toMatchObject({ status: 'active', providerRef: 'sub_123' });
    expect(plans.get(siteId)).toBe('pro');

    expect((await billing.cancel(siteId)).status).toBe('canceled');
    expect(stripe.canceled).toContain('sub_123');
    expect(plans.get(siteId)).toBe('free');
  });

  it('marks a checkout that Stripe let expire, which frees the Site for a new one', async () => {
    const siteId = nextSite();
    const { subscription } = await billing.startCheckout(siteId, 'cus_1', 'starter');
    stripe.sessions.get(subscription.providerRef!)!.status = 'expired';
    expect((await billing.getSubscription(siteId)).status).toBe('expired');
    expect((await billing.startCheckout(siteId, 'cus_1', 'starter')).subscription.status).toBe('pending');
  });

  it('turns a Stripe outage into SERVICE_UNAVAILABLE with nothing changed, and a retry works', async () => {
    const siteId = nextSite();
    stripe.failNext(503);
    stripe.failNext(503);
    const err = await billing.startCheckout(siteId, 'cus_1', 'pro').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect(err).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect((err as Error).message).not.toMatch(/price|internal detail/);
    expect(await db.billingSubscription.count({ where: { siteId } })).toBe(0);
    expect((await billing.startCheckout(siteId, 'cus_1', 'pro')).subscription.status).toBe('pending');
  });

  it('bounds a slow Stripe by the call\'s budget: SERVICE_UNAVAILABLE soon after it, with nothing changed', async () => {
    const siteId = nextSite();
    stripe.delayNext(3000);
    const started = Date.now();
    const err = await runWithBudget(new Budget(Date.now() + 300), () => billing.startCheckout(siteId, 'cus_1', 'pro')).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(Date.now() - started).toBeLessThan(2500); // the stand-in would have taken 3 s
    expect(await db.billingSubscription.count({ where: { siteId } })).toBe(0);
    expect((await billing.startCheckout(siteId, 'cus_1', 'pro')).subscription.status).toBe('pending');
  });

  it('turns any other Stripe error into a generic INTERNAL_ERROR, with nothing changed', async () => {
    const siteId = nextSite();
    stripe.failNext(400);
    const err = (await billing.startCheckout(siteId, 'cus_1', 'pro').catch((e: unknown) => e)) as DomainError;
    expect(err.code).toBe('INTERNAL_ERROR');
    expect(err.message).not.toMatch(/No such price|internal detail/);
    expect(await db.billingSubscription.count({ where: { siteId } })).toBe(0);
  });
});
