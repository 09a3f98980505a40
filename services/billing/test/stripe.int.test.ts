/**
 * The billing domain with the stripe provider (official `stripe` package) against a local stand-in
 * of Stripe's API and its signed events, on a real PostgreSQL schema: checkout, every transition of
 * the lifecycle, exactly-once events in any order, the plan outbox across a crash, reconciliation,
 * cancel (now, at period end, pending), and provider failures.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { createPgAdapter } from '@cfs/common/database';
import { Budget, runWithBudget } from '@cfs/common/deadline';
import { DomainError } from '@cfs/common/errors';
import { setFailpoints } from '@cfs/common/failpoints';
import { createLogger } from '@cfs/common/logger';
import { applyMigrations } from '@cfs/common/migrate';
import { Billing } from '../src/billing.ts';
import { PrismaClient } from '../src/generated/prisma/client.ts';
import { SubscriptionLifecycle } from '../src/lifecycle.ts';
import { PlanOutbox, type AccountPort } from '../src/plan-outbox.ts';
import { guarded } from '../src/providers/provider.ts';
import { StripeWebhooks } from '../src/providers/stripe-events.ts';
import { StripeProvider, stripeClient } from '../src/providers/stripe.ts';
import { STANDIN_SECRET_KEY, STANDIN_WEBHOOK_SECRET, startStripeStandIn, type StandIn } from './stripe-standin.ts';

const DAY = 24 * 3600 * 1000;
const schema = `billingstripe_${process.pid}_${Date.now().toString(36)}`;
const logger = createLogger('test', { level: 'silent' });
let db: PrismaClient;
let stripe: StandIn;
let billing: Billing;
let lifecycle: SubscriptionLifecycle;
let outbox: PlanOutbox;
let webhooks: StripeWebhooks;
const clock = { now: Date.now() };
const plans = new Map<string, string>();
const planVersions = new Map<string, number>();
let accountDown = false;
/** A slow account service: SetSitePlan waits for this first (a gate()). */
let accountWaits: ((plan: string) => Promise<void>) | undefined;
const account: AccountPort = {
  catalog: async () => ({
    defaultPlan: 'free',
    plans: [{ id: 'free' }, { id: 'starter', stripePriceId: 'price_starter' }, { id: 'pro', stripePriceId: 'price_pro' }, { id: 'legacy' }],
  }),
  setPlan: async (siteId, plan, version) => {
    if (accountDown) throw new DomainError('SERVICE_UNAVAILABLE');
    await accountWaits?.(plan);
    // As the account service does (services/account/src/account.ts setSitePlan): a stale version
    // changes nothing, and a change without one applies.
    if (version !== undefined && version <= (planVersions.get(siteId) ?? 0)) return;
    if (version !== undefined) planVersions.set(siteId, version);
    plans.set(siteId, plan);
  },
};
/** Times to the answer measured by the tests below, printed at the end. */
const timings: string[] = [];
let site = 0;
const nextSite = () => `site_stripe_${++site}`;

beforeAll(async () => {
  const target = { connectionString: inject('databaseUrl'), schema };
  await applyMigrations({ target, migrationsDir: new URL('../prisma/migrations', import.meta.url).pathname });
  db = new PrismaClient({ adapter: await createPgAdapter(target, 4) });
  stripe = await startStripeStandIn();
  const client = stripeClient(STANDIN_SECRET_KEY, stripe.url);
  const provider = guarded(
    new StripeProvider(client, { secretKey: STANDIN_SECRET_KEY, successUrl: 'https://app.example.com/ok', cancelUrl: 'https://app.example.com/back' }),
    logger,
  );
  const now = () => new Date(clock.now);
  outbox = new PlanOutbox(db, account, logger);
  lifecycle = new SubscriptionLifecycle(db, schema, provider, outbox, logger, 7 * DAY, { wake: () => undefined }, now);
  billing = new Billing(db, provider, account, lifecycle, outbox, logger, now);
  webhooks = new StripeWebhooks(client, STANDIN_WEBHOOK_SECRET);
});
afterAll(async () => {
  // eslint-disable-next-line no-console -- the figures these tests exist to report
  if (timings.length) console.log(`time to the answer with a ${BUDGET_MS} ms budget:\n${timings.join('\n')}`);
  setFailpoints(undefined);
  await stripe?.close();
  await db?.$executeRawUnsafe(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await db?.$disconnect();
});
beforeEach(() => {
  plans.clear();
  clock.now = Date.now();
  accountDown = false;
  accountWaits = undefined;
});

const BUDGET_MS = 300;

/** Runs `work` as a call with a budget of BUDGET_MS would; the answer, and how long it took. */
async function asCall<T>(work: () => Promise<T>): Promise<{ answer: T | DomainError; ms: number }> {
  const started = Date.now();
  let bound: NodeJS.Timeout | undefined;
  const unanswered = new Promise<never>((_, reject) => (bound = setTimeout(() => reject(new Error('no answer within 10 s')), 10_000)));
  try {
    const answer = await Promise.race([runWithBudget(new Budget(Date.now() + BUDGET_MS), work).catch((err: unknown) => err as DomainError), unanswered]);
    return { answer, ms: Date.now() - started };
  } finally {
    clearTimeout(bound);
  }
}

/** A point work stops at until released; `reached` resolves when something waits there. */
const gates: Array<() => void> = [];
afterEach(() => gates.splice(0).forEach((release) => release())); // a failed test leaves nothing waiting
function gate() {
  let release!: () => void;
  let reach!: () => void;
  const opened = new Promise<void>((resolve) => gates.push((release = resolve)));
  const reached = new Promise<void>((resolve) => (reach = resolve));
  return { wait: () => (reach(), opened), reached, release };
}

/** Until `work` has settled or a session of this test's database waits for a lock (bounded). */
async function settledOrWaitingOnLock(work: Promise<unknown>): Promise<void> {
  let settled = false;
  void work.then(
    () => (settled = true),
    () => (settled = true),
  );
  await vi.waitFor(
    async () => {
      if (settled) return;
      const [row] = await db.$queryRaw<
        Array<{ n: bigint }>
      >`SELECT count(*) AS n FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid WHERE NOT l.granted AND a.datname = current_database()`;
      if (!row || row.n === 0n) throw new Error('neither settled nor waiting on a lock');
    },
    { timeout: 10_000, interval: 20 },
  );
}

/** Delivers a signed event about `object`, as Stripe would. */
function deliver(type: string, object: object, options: { id?: string; created?: number } = {}) {
  const e = stripe.event(type, object, options);
  return lifecycle.receive(webhooks.receive(Buffer.from(e.payload), e.signature));
}

/** A Site with a pending checkout for `plan`; the session the customer would pay. */
async function checkout(plan = 'pro', customerId = 'cust_1') {
  const siteId = nextSite();
  const { subscription, checkoutUrl } = await billing.startCheckout(siteId, customerId, plan);
  return { siteId, subscription, checkoutUrl, session: stripe.sessions.get(subscription.checkoutRef!)! };
}

/** A Site whose checkout was paid and delivered. */
async function active(plan = 'pro') {
  const c = await checkout(plan);
  const sub = stripe.completeCheckout(c.session.id);
  await deliver('checkout.session.completed', { ...c.session, form: undefined });
  return { ...c, stripeSub: sub };
}

describe('checkout', () => {
  it("opens a Checkout Session in subscription mode for the plan's price and the Customer's Stripe customer; pending until paid", async () => {
    const { siteId, subscription, checkoutUrl, session } = await checkout('pro', 'cust_checkout');
    expect(checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    expect(subscription).toMatchObject({ status: 'pending', provider: 'stripe', plan: 'pro' });
    expect(session.form.get('mode')).toBe('subscription');
    expect(session.form.get('line_items[0][price]')).toBe('price_pro');
    expect(session.form.get('customer')).toMatch(/^cus_/);
    expect(session.form.get('subscription_data[metadata][subscriptionId]')).toBe(subscription.id);
    expect(plans.get(siteId)).toBeUndefined();
    await expect(billing.startCheckout(siteId, 'cust_checkout', 'starter')).rejects.toMatchObject({ code: 'CONFLICT' });
    // One Stripe customer per Customer, whatever the Site.
    const other = await billing.startCheckout(nextSite(), 'cust_checkout', 'starter');
    expect(stripe.sessions.get(other.subscription.checkoutRef!)!.customer).toBe(session.customer);
  });

  it('refuses a plan without a Stripe price with a clear CONFLICT, creating nothing', async () => {
    const siteId = nextSite();
    await expect(billing.startCheckout(siteId, 'cust_1', 'legacy')).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('not offered'),
    });
    expect(await db.billingSubscription.count({ where: { siteId } })).toBe(0);
  });
});

describe('signed events', () => {
  it('checkout.session.completed activates and sets the plan; the same event again changes nothing', async () => {
    const c = await checkout('pro');
    const sub = stripe.completeCheckout(c.session.id);
    const e = stripe.event('checkout.session.completed', { ...c.session, form: undefined });
    expect(await lifecycle.receive(webhooks.receive(Buffer.from(e.payload), e.signature))).toMatchObject({ processed: true });
    expect(await billing.getSubscription(c.siteId)).toMatchObject({ status: 'active', providerRef: sub.id });
    expect(plans.get(c.siteId)).toBe('pro');
    plans.delete(c.siteId);
    expect(await lifecycle.receive(webhooks.receive(Buffer.from(e.payload), e.signature))).toMatchObject({ processed: false });
    expect(plans.has(c.siteId)).toBe(false);
  });

  it('a delivery whose commit is slower than the budget: 503 with nothing recorded, and the redelivery applies once', async () => {
    const c = await checkout('pro');
    stripe.completeCheckout(c.session.id);
    const e = stripe.event('checkout.session.completed', { ...c.session, form: undefined });
    const deliver = () => lifecycle.receive(webhooks.receive(Buffer.from(e.payload), e.signature));
    setFailpoints('billing.webhook.beforeCommit=1*delay(3000)');
    const slow = await asCall(deliver).finally(() => setFailpoints(undefined));
    expect(slow.answer).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    // Nothing recorded: not the event id (so Stripe's redelivery is processed), not the activation.
    expect(await billing.getSubscription(c.siteId)).toMatchObject({ status: 'pending' });
    expect(plans.has(c.siteId)).toBe(false);
    expect(await deliver()).toMatchObject({ processed: true });
    expect(await billing.getSubscription(c.siteId)).toMatchObject({ status: 'active' });
    expect(plans.get(c.siteId)).toBe('pro');
    expect(await deliver()).toMatchObject({ processed: false });
  });

  it('refuses a delivery whose signature does not verify (wrong secret, altered body, none)', async () => {
    const c = await checkout();
    const bad = stripe.event('checkout.session.completed', { ...c.session, form: undefined }, { id: 'evt_forged' });
    const forged = stripe.event('checkout.session.completed', { ...c.session, form: undefined }, { id: 'evt_forged2' });
    expect(() => webhooks.receive(Buffer.from(bad.payload.replace('"open"', '"complete"')), bad.signature)).toThrow(/does not verify/);
    expect(() => webhooks.receive(Buffer.from(forged.payload), forged.signature.replace(/v1=\w+/, 'v1=00'))).toThrow(DomainError);
    expect(() => webhooks.receive(Buffer.from(forged.payload), '')).toThrow(DomainError);
    expect((await billing.getSubscription(c.siteId)).status).toBe('pending');
  });

  it('applies customer.subscription.updated that arrives before checkout.session.completed; the older event changes nothing', async () => {
    const c = await checkout('starter');
    const sub = stripe.completeCheckout(c.session.id);
    const t = Math.floor(Date.now() / 1000);
    await deliver('customer.subscription.updated', sub, { created: t });
    expect(await billing.getSubscription(c.siteId)).toMatchObject({ status: 'active', providerRef: sub.id });
    expect(plans.get(c.siteId)).toBe('starter');
    await deliver('checkout.session.completed', { ...c.session, form: undefined }, { created: t - 5 });
    expect((await billing.getSubscription(c.siteId)).status).toBe('active');
  });

  it('invoice.payment_failed → past_due, the plan kept through the grace period, then the default plan; invoice.paid → active again with the new period', async () => {
    const a = await active('pro');
    await deliver('invoice.payment_failed', stripe.invoice(a.stripeSub.id, 'open'));
    expect(await billing.getSubscription(a.siteId)).toMatchObject({ status: 'past_due', pastDueSince: expect.any(Date) });
    expect(plans.get(a.siteId)).toBe('pro');
    clock.now += 6 * DAY;
    await lifecycle.endGracePeriods();
    await outbox.flush();
    expect(plans.get(a.siteId)).toBe('pro');
    clock.now += 2 * DAY;
    await lifecycle.endGracePeriods();
    await outbox.flush();
    expect(plans.get(a.siteId)).toBe('free');
    const periodEnd = Math.floor(clock.now / 1000) + 30 * 24 * 3600;
    stripe.updateSubscription(a.stripeSub.id, { status: 'active', periodEnd });
    await deliver('invoice.paid', stripe.invoice(a.stripeSub.id, 'paid'));
    expect(await billing.getSubscription(a.siteId)).toMatchObject({ status: 'active', pastDueSince: null, currentPeriodEnd: new Date(periodEnd * 1000) });
    expect(plans.get(a.siteId)).toBe('pro');
  });

  it('customer.subscription.deleted → canceled, and the Site returns to the default plan', async () => {
    const a = await active('pro');
    await deliver('customer.subscription.deleted', stripe.updateSubscription(a.stripeSub.id, { status: 'canceled' }));
    expect(await billing.getSubscription(a.siteId)).toMatchObject({ status: 'canceled', canceledAt: expect.any(Date) });
    expect(plans.get(a.siteId)).toBe('free');
  });

  it('checkout.session.expired → expired, which frees the Site for a new checkout', async () => {
    const c = await checkout('starter');
    c.session.status = 'expired';
    await deliver('checkout.session.expired', { ...c.session, form: undefined });
    expect((await billing.getSubscription(c.siteId)).status).toBe('expired');
    expect((await billing.startCheckout(c.siteId, 'cust_1', 'starter')).subscription.status).toBe('pending');
  });

  it('forgets processed event ids after 30 days (Stripe redelivers for three)', async () => {
    const e = stripe.event('customer.created', { id: 'cus_old', object: 'customer' });
    await lifecycle.receive(webhooks.receive(Buffer.from(e.payload), e.signature));
    clock.now += 29 * DAY;
    await lifecycle.pruneProcessedEvents();
    expect(await db.processedEvent.count({ where: { id: e.id } })).toBe(1);
    clock.now += 2 * DAY;
    await lifecycle.pruneProcessedEvents();
    expect(await db.processedEvent.count({ where: { id: e.id } })).toBe(0);
  });

  it('ignores event types it does not handle, and events about subscriptions that are not its own', async () => {
    expect(await deliver('customer.created', { id: 'cus_x', object: 'customer' })).toMatchObject({ processed: true });
    expect(await deliver('invoice.paid', { id: 'in_x', object: 'invoice', parent: null, lines: { data: [] } })).toMatchObject({ processed: true });
  });
});

describe('plans follow without a distributed transaction', () => {
  it('a crash between the commit and the plan change leaves the change to make; the next flush makes it', async () => {
    const c = await checkout('pro');
    stripe.completeCheckout(c.session.id);
    setFailpoints('billing.plan.beforeApply=1*unavailable');
    await deliver('checkout.session.completed', { ...c.session, form: undefined });
    setFailpoints(undefined);
    expect((await billing.getSubscription(c.siteId)).status).toBe('active');
    expect(plans.has(c.siteId)).toBe(false);
    expect(await outbox.flush()).toBeGreaterThanOrEqual(1);
    expect(plans.get(c.siteId)).toBe('pro');
  });

  it('an account service that is down keeps the change until it is back', async () => {
    const a = await active('starter');
    accountDown = true;
    await deliver('customer.subscription.deleted', stripe.updateSubscription(a.stripeSub.id, { status: 'canceled' }));
    expect(plans.get(a.siteId)).toBe('starter');
    accountDown = false;
    await outbox.flush();
    expect(plans.get(a.siteId)).toBe('free');
  });
});

describe('reconciliation', () => {
  it('heals a dropped checkout.session.completed, a missed deletion, and closes a checkout left open past 24 h', async () => {
    const paid = await checkout('pro');
    stripe.completeCheckout(paid.session.id);
    const gone = await active('starter');
    stripe.updateSubscription(gone.stripeSub.id, { status: 'canceled' });
    const stale = await checkout('starter');
    clock.now += 25 * 3600 * 1000;
    await lifecycle.reconcile();
    expect((await billing.getSubscription(paid.siteId)).status).toBe('active');
    expect(plans.get(paid.siteId)).toBe('pro');
    expect((await billing.getSubscription(gone.siteId)).status).toBe('canceled');
    expect(plans.get(gone.siteId)).toBe('free');
    expect((await billing.getSubscription(stale.siteId)).status).toBe('expired');
    expect(stripe.sessions.get(stale.session.id)!.status).toBe('expired');
  });
});

describe('cancel', () => {
  it('now: Stripe cancels the subscription, the Site returns to the default plan at once', async () => {
    const a = await active('pro');
    expect(await billing.cancel(a.siteId, { atPeriodEnd: false })).toMatchObject({ status: 'canceled' });
    expect(stripe.subscriptions.get(a.stripeSub.id)!.status).toBe('canceled');
    expect(plans.get(a.siteId)).toBe('free');
  });

  it('at period end: the subscription and the plan stay until Stripe ends it', async () => {
    const a = await active('pro');
    expect(await billing.cancel(a.siteId, { atPeriodEnd: true })).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    expect(stripe.subscriptions.get(a.stripeSub.id)!.cancel_at_period_end).toBe(true);
    expect(plans.get(a.siteId)).toBe('pro');
    await deliver('customer.subscription.deleted', stripe.updateSubscription(a.stripeSub.id, { status: 'canceled' }));
    expect((await billing.getSubscription(a.siteId)).status).toBe('canceled');
    expect(plans.get(a.siteId)).toBe('free');
  });

  it("applies Stripe's answer even when Stripe's clock runs ahead of ours (its events dated after our cancel)", async () => {
    for (const atPeriodEnd of [true, false]) {
      const c = await checkout('pro');
      const sub = stripe.completeCheckout(c.session.id);
      await deliver('checkout.session.completed', { ...c.session, form: undefined }, { created: Math.floor(clock.now / 1000) + 30 });
      const answered = await billing.cancel(c.siteId, { atPeriodEnd });
      expect(answered).toMatchObject(atPeriodEnd ? { status: 'active', cancelAtPeriodEnd: true } : { status: 'canceled' });
      expect(await billing.getSubscription(c.siteId)).toMatchObject({ status: answered.status, cancelAtPeriodEnd: answered.cancelAtPeriodEnd });
      expect(plans.get(c.siteId)).toBe(atPeriodEnd ? 'pro' : 'free');
      // An event older than the ones applied still changes nothing.
      await deliver('customer.subscription.updated', stripe.updateSubscription(sub.id, { status: 'active' }), { created: Math.floor(clock.now / 1000) - 60 });
      expect((await billing.getSubscription(c.siteId)).status).toBe(answered.status);
    }
  });

  it('a pending checkout: its Checkout Session is expired at Stripe, so it can no longer be paid', async () => {
    const c = await checkout('pro');
    expect(await billing.cancel(c.siteId, { atPeriodEnd: false })).toMatchObject({ status: 'canceled' });
    expect(stripe.sessions.get(c.session.id)!.status).toBe('expired');
  });
});

describe('provider failures', () => {
  it('turns a Stripe outage into SERVICE_UNAVAILABLE with nothing changed, and a retry works', async () => {
    const siteId = nextSite();
    await billing.startCheckout(nextSite(), 'cust_outage', 'starter'); // the Stripe customer exists
    stripe.failNext(503);
    stripe.failNext(503);
    const err = await billing.startCheckout(siteId, 'cust_outage', 'pro').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect(err).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect((err as Error).message).not.toMatch(/price|internal detail/);
    expect(await db.billingSubscription.count({ where: { siteId } })).toBe(0);
    expect((await billing.startCheckout(siteId, 'cust_outage', 'pro')).subscription.status).toBe('pending');
  });

  it("bounds a slow Stripe by the call's budget: SERVICE_UNAVAILABLE soon after it, with nothing changed", async () => {
    const siteId = nextSite();
    await billing.startCheckout(nextSite(), 'cust_slow', 'starter');
    stripe.delayNext(3000);
    const started = Date.now();
    const err = await runWithBudget(new Budget(Date.now() + 300), () => billing.startCheckout(siteId, 'cust_slow', 'pro')).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(Date.now() - started).toBeLessThan(2500); // the stand-in would have taken 3 s
    expect(await db.billingSubscription.count({ where: { siteId } })).toBe(0);
    expect((await billing.startCheckout(siteId, 'cust_slow', 'pro')).subscription.status).toBe('pending');
  });

  it('turns any other Stripe error into a generic INTERNAL_ERROR, with nothing changed', async () => {
    const siteId = nextSite();
    await billing.startCheckout(nextSite(), 'cust_400', 'starter');
    stripe.failNext(400);
    const err = (await billing.startCheckout(siteId, 'cust_400', 'pro').catch((e: unknown) => e)) as DomainError;
    expect(err.code).toBe('INTERNAL_ERROR');
    expect(err.message).not.toMatch(/No such price|internal detail/);
    expect(await db.billingSubscription.count({ where: { siteId } })).toBe(0);
  });
});

describe('a committed change is answered as committed', () => {
  it('a slow account service after the commit: cancel and the webhook answer within their budget, and the plan lands once account answers', async () => {
    const a = await active('pro');
    const slow = gate();
    accountWaits = slow.wait;
    const cancel = await asCall(() => billing.cancel(a.siteId, { atPeriodEnd: false }));
    timings.push(`  cancel, account service slow: ${cancel.ms} ms`);
    // 200 with the cancel, not 503: a client has nothing to retry (and so no 409 to puzzle over).
    expect(cancel.answer).toMatchObject({ status: 'canceled' });
    expect(await billing.getSubscription(a.siteId)).toMatchObject({ status: 'canceled' });
    const b = await checkout('starter');
    stripe.completeCheckout(b.session.id);
    const e = stripe.event('checkout.session.completed', { ...b.session, form: undefined });
    const webhook = await asCall(() => lifecycle.receive(webhooks.receive(Buffer.from(e.payload), e.signature)));
    timings.push(`  webhook, account service slow: ${webhook.ms} ms`);
    expect(webhook.answer).toMatchObject({ processed: true });
    expect(plans.get(a.siteId)).toBe('pro');
    slow.release();
    await vi.waitFor(() => expect([plans.get(a.siteId), plans.get(b.siteId)]).toEqual(['free', 'starter']), { timeout: 10_000, interval: 50 });
  });
});

describe("cancel: once Stripe has cancelled, the answer is Stripe's cancel", () => {
  it.each(['delay(3000)', 'unavailable'])(
    'our commit afterwards is late or fails (billing.cancel.beforeCommit=%s): 200 canceled, and the state ends canceled',
    async (action) => {
      const a = await active('pro');
      setFailpoints(`billing.cancel.beforeCommit=1*${action}`);
      const cancel = await asCall(() => billing.cancel(a.siteId, { atPeriodEnd: false })).finally(() => setFailpoints(undefined));
      timings.push(`  cancel, commit after Stripe ${action}: ${cancel.ms} ms`);
      expect(cancel.answer).toMatchObject({ status: 'canceled', canceledAt: expect.any(Date) });
      expect(stripe.subscriptions.get(a.stripeSub.id)!.status).toBe('canceled');
      // The late commit lands, or the reconciliation (as Stripe's webhook would) records the cancel.
      await vi.waitFor(
        async () => {
          await lifecycle.reconcile();
          expect([(await billing.getSubscription(a.siteId)).status, plans.get(a.siteId)]).toEqual(['canceled', 'free']);
        },
        { timeout: 10_000, interval: 100 },
      );
    },
  );
});

describe("a Site's plan follows all its subscriptions", () => {
  it('a late event about an old, cancelled subscription leaves the plan of the newer, paid one', async () => {
    const old = await active('starter');
    await billing.cancel(old.siteId, { atPeriodEnd: false });
    const { subscription } = await billing.startCheckout(old.siteId, 'cust_1', 'pro');
    const session = stripe.sessions.get(subscription.checkoutRef!)!;
    stripe.completeCheckout(session.id);
    await deliver('checkout.session.completed', { ...session, form: undefined });
    expect(plans.get(old.siteId)).toBe('pro');
    // Stripe retries an old delivery about the first subscription (a new event id, dated now).
    await deliver('customer.subscription.deleted', stripe.subscriptions.get(old.stripeSub.id)!);
    await outbox.flush();
    expect(plans.get(old.siteId)).toBe('pro');
    expect(await db.sitePlanSync.findUnique({ where: { siteId: old.siteId } })).toMatchObject({ desiredPlan: 'pro' });
  });

  it('the end of a grace period is decided under the lock: a payment recovering meanwhile keeps the plan', async () => {
    const a = await active('pro');
    await deliver('invoice.payment_failed', stripe.invoice(a.stripeSub.id, 'open'));
    clock.now += 8 * DAY;
    // invoice.paid is being applied (its transaction open) while the grace period ends.
    const commit = gate();
    const recovering = db.$transaction(
      async (tx) => {
        await lifecycle.transition(tx, a.subscription.id, { state: 'active', at: new Date(clock.now) });
        await commit.wait();
      },
      { timeout: 20_000 },
    );
    await commit.reached;
    const ending = lifecycle.endGracePeriods();
    await settledOrWaitingOnLock(ending);
    commit.release();
    await Promise.all([recovering, ending]);
    await outbox.flush();
    expect((await billing.getSubscription(a.siteId)).status).toBe('active');
    expect(plans.get(a.siteId)).toBe('pro');
  });
});

describe('the plan outbox', () => {
  it('two flushes of one Site take turns: the newer plan is the one the account service keeps', async () => {
    const siteId = nextSite();
    await db.$transaction((tx) => outbox.desire(tx, siteId, 'pro', new Date()));
    const slow = gate();
    accountWaits = (plan) => (plan === 'pro' ? slow.wait() : Promise.resolve());
    const older = outbox.flush(siteId);
    await slow.reached; // the older flush is calling the account service with 'pro'
    await db.$transaction((tx) => outbox.desire(tx, siteId, null, new Date()));
    const newer = outbox.flush(siteId);
    await settledOrWaitingOnLock(newer);
    slow.release();
    await Promise.all([older, newer]);
    await outbox.flush(siteId);
    expect(plans.get(siteId)).toBe('free');
    expect(await db.sitePlanSync.findUnique({ where: { siteId } })).toMatchObject({ desiredPlan: null, applied: true });
  });

  it('a plan change that outlives its call and lands after a newer one changes nothing (it carries its version)', async () => {
    const siteId = nextSite();
    await db.$transaction((tx) => outbox.desire(tx, siteId, 'pro', new Date()));
    // The account service receives 'pro' but answers too late: billing gives up, the change lands later.
    let landLate: (() => Promise<void>) | undefined;
    const received = account.setPlan;
    account.setPlan = async (id, plan, version) => {
      landLate = () => received(id, plan, version);
      throw new DomainError('SERVICE_UNAVAILABLE');
    };
    await outbox.flush(siteId);
    account.setPlan = received;
    await db.$transaction((tx) => outbox.desire(tx, siteId, null, new Date()));
    await outbox.flush(siteId);
    expect(plans.get(siteId)).toBe('free');
    await landLate!();
    expect(plans.get(siteId)).toBe('free');
  });
});

describe("a subscription's price must be its plan's", () => {
  it('an event about a subscription billing another price grants nothing (ignored, logged); its deletion still applies', async () => {
    const c = await checkout('pro');
    const sub = stripe.completeCheckout(c.session.id);
    // Changed at Stripe to the cheaper price, then the (late) events arrive.
    stripe.updateSubscription(sub.id, { price: 'price_starter' });
    await deliver('customer.subscription.updated', sub);
    await deliver('checkout.session.completed', { ...c.session, form: undefined });
    expect((await billing.getSubscription(c.siteId)).status).toBe('pending');
    await lifecycle.reconcile();
    expect((await billing.getSubscription(c.siteId)).status).toBe('pending');
    expect(plans.has(c.siteId)).toBe(false);
    // With the plan's price it is paid for.
    stripe.updateSubscription(sub.id, { price: 'price_pro' });
    await deliver('customer.subscription.updated', sub);
    expect((await billing.getSubscription(c.siteId)).status).toBe('active');
    expect(plans.get(c.siteId)).toBe('pro');
    stripe.updateSubscription(sub.id, { price: 'price_starter' });
    await deliver('customer.subscription.deleted', stripe.updateSubscription(sub.id, { status: 'canceled' }));
    expect((await billing.getSubscription(c.siteId)).status).toBe('canceled');
    expect(plans.get(c.siteId)).toBe('free');
  });
});
