/**
 * Billing that really bills, over HTTP: with no payment provider every billing route is
 * 503 and grants nothing; with Stripe (the official package against a stand-in that speaks Stripe's
 * shapes) a checkout stays pending until a signed event arrives at POST /webhooks/stripe, every
 * transition of the lifecycle follows the events, each event is processed once, a forged one
 * changes nothing, the plan survives a crash between the billing commit and the plan change, and
 * the reconciliation heals an event that was never delivered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setFailpoints } from '@cfs/common/failpoints';
import { loadPlanCatalog } from '@cfs/account';
import { billingEnvSchema } from '@cfs/billing';
import { STANDIN_SECRET_KEY, STANDIN_WEBHOOK_SECRET, startStripeStandIn, type StandIn } from '@cfs/billing/testing/stripe-standin';
import { createCustomer, type Owner } from '../support/customers.ts';
import { acceptInvitationOverHttp } from '../support/dashboard-http.ts';
import { expectError, request } from '../support/http.ts';
import { eventually } from '../support/processes.ts';
import { startSystem, type TestSystem } from '../support/system.ts';

let stripe: StandIn;
let system: TestSystem;
let unconfigured: TestSystem;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  const catalog = loadPlanCatalog();
  catalog.plans.starter!.stripePriceId = 'price_starter_eur';
  catalog.plans.pro!.stripePriceId = 'price_pro_eur';
  system = await startSystem({
    catalog,
    billingEnv: {
      BILLING_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: STANDIN_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: STANDIN_WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
      BILLING_OUTBOX_INTERVAL_MS: '200',
      BILLING_RECONCILE_INTERVAL_MS: '500',
    },
  });
  unconfigured = await startSystem({ billingEnv: {} });
}, 60_000);
afterAll(async () => {
  setFailpoints(undefined);
  await system?.stop();
  await unconfigured?.stop();
  await stripe?.close();
});

const call = (owner: Owner, method: string, path: string, options: Parameters<typeof request>[3] = {}) =>
  request(system.baseUrl, method, path, { token: owner.credential.secret, ...options });
const planOf = async (owner: Owner, on = system) =>
  ((await request(on.baseUrl, 'GET', '/api/v1/me', { token: owner.credential.secret })).body as { site: { plan: string } }).site.plan;
const subscriptionOf = async (owner: Owner) => (await call(owner, 'GET', '/api/v1/billing/subscription')).body as Record<string, unknown>;

/** POSTs a signed delivery to /webhooks/stripe as Stripe does. */
function post(delivery: { payload: string; signature: string }, signature = delivery.signature) {
  return request(system.baseUrl, 'POST', '/webhooks/stripe', {
    headers: { 'stripe-signature': signature, 'content-type': 'application/json; charset=utf-8' },
    rawBody: delivery.payload,
  });
}
const deliver = (type: string, object: object, options?: { created?: number }) => post(stripe.event(type, object, options));
const sessionBody = (id: string) => {
  const { form: _form, ...session } = stripe.sessions.get(id)!;
  return session;
};

/** A Customer whose Site started a checkout for `plan`; the Stripe session it opened. */
async function checkout(plan = 'pro') {
  const owner = await createCustomer(system);
  const res = await call(owner, 'POST', '/api/v1/billing/checkout', { body: { plan } });
  expect(res.status).toBe(201);
  const url = (res.body as { checkoutUrl: string }).checkoutUrl;
  const sessionId = /\/pay\/(cs_\w+)/.exec(url)![1]!;
  return { owner, sessionId };
}

describe('no payment provider configured (the default)', () => {
  it('answers 503 with a clear message on every billing route and grants nothing', async () => {
    const owner = await createCustomer(unconfigured);
    const call0 = (method: string, path: string, body?: unknown) =>
      request(unconfigured.baseUrl, method, path, { token: owner.credential.secret, ...(body ? { body } : {}) });
    for (const [method, path, body] of [
      ['POST', '/api/v1/billing/checkout', { plan: 'pro' }],
      ['GET', '/api/v1/billing/subscription', undefined],
      ['POST', '/api/v1/billing/subscription/cancel', undefined],
    ] as const) {
      const res = await call0(method, path, body);
      expectError(res, 503, 'SERVICE_UNAVAILABLE');
      expect((res.body as { error: { message: string } }).error.message).toBe('Billing is not configured on this deployment.');
    }
    expect(await planOf(owner, unconfigured)).toBe('free');
    expectError(
      await request(unconfigured.baseUrl, 'POST', '/webhooks/stripe', { headers: { 'stripe-signature': 't=1,v1=00' }, body: {} }),
      503,
      'SERVICE_UNAVAILABLE',
    );
  });

  it('refuses the local provider unless BILLING_ALLOW_UNPAID=true says so, and the old variable name', () => {
    const parsed = billingEnvSchema.safeParse({ BILLING_PROVIDER: 'local' });
    expect(parsed.success).toBe(false);
    expect(JSON.stringify(parsed.error?.issues)).toContain('grants paid plans without payment');
    expect(billingEnvSchema.safeParse({ BILLING_PROVIDER: 'local', BILLING_ALLOW_UNPAID: 'true' }).success).toBe(true);
    expect(billingEnvSchema.safeParse({ PAYMENT_PROVIDER: 'local' }).success).toBe(false);
    expect(billingEnvSchema.safeParse({ BILLING_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk' }).success).toBe(false);
  });
});

describe('Stripe: the lifecycle through signed webhooks', () => {
  it('pending until checkout.session.completed; then active with the plan; the same delivery again changes nothing', async () => {
    const { owner, sessionId } = await checkout('pro');
    expect(await subscriptionOf(owner)).toMatchObject({ status: 'pending', provider: 'stripe', cancelAtPeriodEnd: false });
    expect(await planOf(owner)).toBe('free');
    stripe.completeCheckout(sessionId);
    const delivery = stripe.event('checkout.session.completed', sessionBody(sessionId));
    const first = await post(delivery);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ received: true, eventType: 'checkout.session.completed', duplicate: false });
    expect(await subscriptionOf(owner)).toMatchObject({ status: 'active', currentPeriodEnd: expect.any(String) });
    expect(await planOf(owner)).toBe('pro');
    const again = await post(delivery);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ duplicate: true });
  });

  it('refuses a bad or missing signature with 400 MALFORMED_REQUEST, and nothing changes', async () => {
    const { owner, sessionId } = await checkout('starter');
    const forged = stripe.event('checkout.session.completed', { ...sessionBody(sessionId), status: 'complete' }, {});
    expectError(await post(forged, forged.signature.replace(/v1=\w+/, 'v1=0badc0de')), 400, 'MALFORMED_REQUEST');
    const otherSecret = stripe.event('checkout.session.completed', sessionBody(sessionId), { secret: 'whsec_someone_else' } as never);
    expectError(await post(otherSecret), 400, 'MALFORMED_REQUEST');
    expectError(await request(system.baseUrl, 'POST', '/webhooks/stripe', { body: { id: 'evt_x' } }), 400, 'MALFORMED_REQUEST');
    expect(await subscriptionOf(owner)).toMatchObject({ status: 'pending' });
    expect(await planOf(owner)).toBe('free');
  });

  it('handles customer.subscription.updated delivered before checkout.session.completed', async () => {
    const { owner, sessionId } = await checkout('starter');
    const sub = stripe.completeCheckout(sessionId);
    const t = Math.floor(Date.now() / 1000);
    expect((await deliver('customer.subscription.updated', sub, { created: t })).status).toBe(200);
    expect(await subscriptionOf(owner)).toMatchObject({ status: 'active' });
    expect(await planOf(owner)).toBe('starter');
    expect((await deliver('checkout.session.completed', sessionBody(sessionId), { created: t - 2 })).status).toBe(200);
    expect(await subscriptionOf(owner)).toMatchObject({ status: 'active' });
  });

  it('invoice.payment_failed → past_due with the plan kept (grace); invoice.paid → active; customer.subscription.deleted → canceled and the default plan', async () => {
    const { owner, sessionId } = await checkout('pro');
    const sub = stripe.completeCheckout(sessionId);
    await deliver('checkout.session.completed', sessionBody(sessionId));
    await deliver('invoice.payment_failed', stripe.invoice(sub.id, 'open'));
    expect(await subscriptionOf(owner)).toMatchObject({ status: 'past_due', pastDueSince: expect.any(String) });
    expect(await planOf(owner)).toBe('pro');
    await deliver('invoice.paid', stripe.invoice(sub.id, 'paid'));
    expect(await subscriptionOf(owner)).toMatchObject({ status: 'active', pastDueSince: null });
    await deliver('customer.subscription.deleted', stripe.updateSubscription(sub.id, { status: 'canceled' }));
    expect(await subscriptionOf(owner)).toMatchObject({ status: 'canceled', canceledAt: expect.any(String) });
    expect(await planOf(owner)).toBe('free');
  });

  it('checkout.session.expired → expired, and the Site may check out again', async () => {
    const { owner, sessionId } = await checkout('pro');
    stripe.sessions.get(sessionId)!.status = 'expired';
    await deliver('checkout.session.expired', sessionBody(sessionId));
    expect(await subscriptionOf(owner)).toMatchObject({ status: 'expired' });
    expect((await call(owner, 'POST', '/api/v1/billing/checkout', { body: { plan: 'starter' } })).status).toBe(201);
  });

  it("a Stripe-compatible server whose Checkout pages are on an IP address (stripe-mock's): 201 with its URL as given", async () => {
    stripe.checkoutOnOwnAddress();
    try {
      const owner = await createCustomer(system);
      const res = await call(owner, 'POST', '/api/v1/billing/checkout', { body: { plan: 'pro' } });
      expect(res.status, res.text).toBe(201);
      const { checkoutUrl, subscription } = res.body as { checkoutUrl: string; subscription: { status: string } };
      expect(checkoutUrl).toBe(`${stripe.url}/c/pay/${[...stripe.sessions.keys()].at(-1)}`);
      expect(subscription.status).toBe('pending');
    } finally {
      stripe.checkoutOnDomain();
    }
  });
});

describe('Stripe: checkout from the dashboard', () => {
  it('offers the hosted checkout as a link, and the plan changes only once Stripe says it is paid', async () => {
    const owner = (await createCustomer(system)) as Owner & { invite: { url: string } };
    const dashboard = await acceptInvitationOverHttp(owner.invite.url, 'a long enough password');
    const started = await dashboard.post(`/sites/${owner.site.id}/billing/checkout`, { plan: 'starter' });
    expect(started.status).toBe(201);
    const link = /href="([^"]*\/pay\/(cs_\w+)[^"]*)"[^>]*>Continue to the payment page/.exec(started.text);
    expect(link, 'a link to the hosted checkout').not.toBeNull();
    expect(link![1]).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_/);
    expect(await planOf(owner)).toBe('free');
    // Once paid, the Billing page shows the subscription active on the new plan.
    stripe.completeCheckout(link![2]!);
    expect((await post(stripe.event('checkout.session.completed', sessionBody(link![2]!)))).status).toBe(200);
    await eventually(async () => (await planOf(owner)) === 'starter', 10_000, 'the starter plan');
    const billing = await dashboard.get(`/sites/${owner.site.id}/billing`);
    expect(billing.text).toMatch(/<span class="tag">active<\/span>/);
    expect(billing.text).toContain('The Site is on the <strong>Starter</strong> plan.');
  });
});

describe('Stripe: failures between the parts', () => {
  it('a crash between the billing commit and the plan change (failpoint): the event is acknowledged, and the plan follows shortly', async () => {
    const { owner, sessionId } = await checkout('pro');
    stripe.completeCheckout(sessionId);
    setFailpoints('billing.plan.beforeApply=1*unavailable');
    try {
      expect((await deliver('checkout.session.completed', sessionBody(sessionId))).status).toBe(200);
      expect(await subscriptionOf(owner)).toMatchObject({ status: 'active' });
    } finally {
      setFailpoints(undefined);
    }
    await eventually(async () => (await planOf(owner)) === 'pro', 10_000, 'the outbox sets the plan');
  });

  it('the reconciliation heals a checkout.session.completed that was never delivered', async () => {
    const { owner, sessionId } = await checkout('starter');
    stripe.completeCheckout(sessionId);
    await eventually(async () => (await subscriptionOf(owner)).status === 'active', 10_000, 'reconciled');
    await eventually(async () => (await planOf(owner)) === 'starter', 10_000, 'plan set');
  });
});

describe('Stripe: cancel', () => {
  it('at period end keeps the subscription and the plan, visible as cancelAtPeriodEnd; now ends both', async () => {
    const { owner, sessionId } = await checkout('pro');
    const sub = stripe.completeCheckout(sessionId);
    await deliver('checkout.session.completed', sessionBody(sessionId));
    const later = await call(owner, 'POST', '/api/v1/billing/subscription/cancel', { body: { atPeriodEnd: true } });
    expect(later.status).toBe(200);
    expect(later.body).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    expect(stripe.subscriptions.get(sub.id)!.cancel_at_period_end).toBe(true);
    expect(await planOf(owner)).toBe('pro');
    const now = await call(owner, 'POST', '/api/v1/billing/subscription/cancel');
    expect(now.body).toMatchObject({ status: 'canceled' });
    expect(stripe.subscriptions.get(sub.id)!.status).toBe('canceled');
    expect(await planOf(owner)).toBe('free');
  });

  it("Stripe cancelled, then our commit is slower than the deadline (billing.cancel.beforeCommit): 200 with Stripe's cancel, and the state ends so", async () => {
    const { owner, sessionId } = await checkout('pro');
    const sub = stripe.completeCheckout(sessionId);
    await deliver('checkout.session.completed', sessionBody(sessionId));
    setFailpoints('billing.cancel.beforeCommit=1*delay(6000)');
    const started = Date.now();
    const answer = await call(owner, 'POST', '/api/v1/billing/subscription/cancel').finally(() => setFailpoints(undefined));
    // eslint-disable-next-line no-console -- a figure this test exists to report
    console.log(`cancel answered in ${Date.now() - started} ms with its commit delayed past the deadline`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: 'canceled' });
    expect(stripe.subscriptions.get(sub.id)!.status).toBe('canceled');
    await eventually(async () => (await subscriptionOf(owner)).status === 'canceled' && (await planOf(owner)) === 'free', 15_000, 'the cancel recorded');
  });

  it('a pending checkout: its Checkout Session is expired at Stripe, so it can no longer be paid', async () => {
    const { owner, sessionId } = await checkout('pro');
    expect((await call(owner, 'POST', '/api/v1/billing/subscription/cancel')).body).toMatchObject({ status: 'canceled' });
    expect(stripe.sessions.get(sessionId)!.status).toBe('expired');
    expectError(await call(owner, 'POST', '/api/v1/billing/subscription/cancel', { body: { atPeriodEnd: 'yes' } }), 400, 'MALFORMED_REQUEST');
  });
});
