/**
 * The webhook events of media and billing from outside: AI usage recorded by the operator and a
 * plan change move a Site's AI budget status (`ai.budget.status_changed`, one event per change,
 * none when the status stays), checkout and cancel change a subscription
 * (`billing.subscription.updated`, the subscription as GET /api/v1/billing/subscription shows it).
 * Receivers on 127.0.0.1 verify every request with the official `standardwebhooks` package; an
 * endpoint that does not list a type gets nothing of it. Durability: with the webhooks service
 * stopped the change still commits, and its event arrives once the service is back.
 */
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createLogger } from '@cfs/common/logger';
import { ServiceCallers } from '@cfs/common/service-auth';
import { createWebhooksService, webhooksEnvSchema } from '@cfs/webhooks';
import { createCustomer, type Owner } from '../support/customers.ts';
import { request } from '../support/http.ts';
import { startSystem, type TestSystem } from '../support/system.ts';
import { headersOf, Receiver } from '../support/webhook-receiver.ts';

const WEBHOOKS_ENV = { WEBHOOKS_ALLOW_HTTP: 'true', WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true', WEBHOOK_RETRY_SCHEDULE: '1,1', WEBHOOK_SWEEP_MS: '1000' };

let system: TestSystem;
let db: pg.Pool;
const receivers: Receiver[] = [];

beforeAll(async () => {
  system = await startSystem({ webhooksEnv: WEBHOOKS_ENV });
  db = new pg.Pool({ connectionString: inject('databaseUrl'), max: 2 });
}, 120_000);

afterAll(async () => {
  for (const r of receivers) await r.stop();
  await system?.stop();
  await db?.end();
});

const api = (owner: Owner, method: string, path: string, body?: unknown) =>
  request(system.baseUrl, method, path, { token: owner.credential.secret, ...(body === undefined ? {} : { body }) });

async function endpoint(owner: Owner, events: string[]): Promise<{ id: string; secret: string; receiver: Receiver }> {
  const receiver = await new Receiver().start();
  receivers.push(receiver);
  const created = await api(owner, 'POST', '/api/v1/webhooks', { url: receiver.url(), events });
  expect(created.status, created.text).toBe(201);
  return { ...(created.body as { id: string; secret: string }), receiver };
}

type Payload = { type: string; timestamp: string; data: Record<string, unknown> };
/** What the receiver got, each verified with the endpoint's secret. */
const verified = (e: { secret: string; receiver: Receiver }): Payload[] =>
  e.receiver.received.map((got) => new Webhook(e.secret).verify(got.body, headersOf(got)) as Payload);

type Delivery = { eventType: string; status: string };
const deliveries = async (owner: Owner, id: string): Promise<Delivery[]> =>
  ((await api(owner, 'GET', `/api/v1/webhooks/${id}/deliveries`)).body as { data: Delivery[] }).data;

/** Outbox rows of this Site still waiting in a producer's schema (none: all handed to the webhooks service). */
const waiting = async (schema: 'media' | 'billing', siteId: string): Promise<number> =>
  Number((await db.query(`SELECT count(*) AS n FROM "${schema}".webhook_outbox WHERE site_id = $1`, [siteId])).rows[0].n);

/**
 * Settled: the producer's outbox holds nothing of the Site and every delivery it made has been
 * answered, so nothing more is on its way (the deliveries commit in the call that takes the events).
 */
async function settled(owner: Owner, schema: 'media' | 'billing', endpointId: string): Promise<void> {
  await expect.poll(() => waiting(schema, owner.site.id), { timeout: 20_000 }).toBe(0);
  await expect.poll(async () => (await deliveries(owner, endpointId)).every((d) => d.status === 'succeeded'), { timeout: 20_000 }).toBe(true);
}

const record = (owner: Owner, units: number) => system.admin('ai-usage', 'record', '--site', owner.site.id, '--units', String(units));

describe('ai.budget.status_changed', () => {
  it('one event per change of the status (ok → warning → exhausted → ok on a larger plan), none while it stays', async () => {
    const owner = await createCustomer(system, '--plan', 'starter');
    const budget = await endpoint(owner, ['ai.budget.status_changed']);
    const other = await endpoint(owner, ['feed.changed', 'billing.subscription.updated']);

    await record(owner, 500); // 50 %: still ok
    await record(owner, 300); // 80 %: warning
    await expect.poll(() => budget.receiver.received.length, { timeout: 20_000 }).toBe(1);
    await record(owner, 10); // 81 %: still warning
    await record(owner, 190); // all of it: exhausted
    await expect.poll(() => budget.receiver.received.length, { timeout: 20_000 }).toBe(2);
    await record(owner, 5); // past it: still exhausted
    await system.admin('site', 'set-plan', '--site', owner.site.id, '--plan', 'pro'); // 10 000 units: ok again
    await expect.poll(() => budget.receiver.received.length, { timeout: 20_000 }).toBe(3);
    await settled(owner, 'media', budget.id);

    const events = verified(budget);
    expect(events.map((e) => e.type)).toEqual(Array(3).fill('ai.budget.status_changed'));
    const data = events.map((e) => e.data).sort((a, b) => Number(a.used) - Number(b.used) || Number(a.budget) - Number(b.budget));
    expect(data).toEqual([
      { period: 'month', status: 'warning', used: 800, budget: 1000 },
      { period: 'month', status: 'exhausted', used: 1000, budget: 1000 },
      { period: 'month', status: 'ok', used: 1005, budget: 10000 },
    ]);
    // What the last event says is what the API shows now.
    expect((await api(owner, 'GET', '/api/v1/ai-usage')).body).toMatchObject({ status: 'ok', used: 1005, budget: 10000 });
    expect(new Set(budget.receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(3);
    expect(other.receiver.received).toEqual([]);
    expect(await deliveries(owner, other.id)).toEqual([]);
  });
});

describe('billing.subscription.updated', () => {
  it('a checkout, a cancel and a checkout of another plan: each the subscription as the API shows it', async () => {
    const owner = await createCustomer(system, '--plan', 'starter');
    const billing = await endpoint(owner, ['billing.subscription.updated']);
    const other = await endpoint(owner, ['ai.budget.status_changed']);

    expect((await api(owner, 'POST', '/api/v1/billing/checkout', { plan: 'starter' })).status).toBe(201);
    await expect.poll(() => billing.receiver.received.length, { timeout: 20_000 }).toBe(1);
    const active = (await api(owner, 'GET', '/api/v1/billing/subscription')).body as Record<string, unknown>;
    expect(verified(billing)[0]).toMatchObject({ type: 'billing.subscription.updated', data: active });
    expect(active).toMatchObject({ status: 'active', plan: 'starter' });

    const canceled = await api(owner, 'POST', '/api/v1/billing/subscription/cancel');
    expect(canceled.status).toBe(200);
    await expect.poll(() => billing.receiver.received.length, { timeout: 20_000 }).toBe(2);
    expect(verified(billing)[1]!.data).toEqual(canceled.body);

    expect((await api(owner, 'POST', '/api/v1/billing/checkout', { plan: 'pro' })).status).toBe(201);
    await expect.poll(() => billing.receiver.received.length, { timeout: 20_000 }).toBe(3);
    const pro = (await api(owner, 'GET', '/api/v1/billing/subscription')).body as Record<string, unknown>;
    expect(pro).toMatchObject({ status: 'active', plan: 'pro' });
    expect(verified(billing)[2]!.data).toEqual(pro);
    await settled(owner, 'billing', billing.id);

    expect(billing.receiver.received).toHaveLength(3);
    for (const got of billing.receiver.received) expect(got.body).not.toMatch(/checkoutUrl|checkoutRef|providerRef|priceRef|cus_|whsec_/);
    expect(other.receiver.received).toEqual([]);
  });
});

describe('durability', () => {
  it('with the webhooks service stopped the change commits; its event arrives once it is back, once', async () => {
    const owner = await createCustomer(system, '--plan', 'starter');
    const budget = await endpoint(owner, ['ai.budget.status_changed']);
    const address = system.addresses.webhooks;
    await system.stopService('webhooks');

    await record(owner, 850); // warning, while nothing takes the event
    expect((await api(owner, 'GET', '/api/v1/ai-usage')).body).toMatchObject({ status: 'warning', used: 850 });
    expect(await waiting('media', owner.site.id)).toBe(1);

    const logger = createLogger('test', { level: process.env.TEST_LOG_LEVEL ?? 'silent' });
    const back = await createWebhooksService(webhooksEnvSchema.parse(WEBHOOKS_ENV), {
      logger,
      database: { connectionString: inject('databaseUrl'), schema: 'webhooks' },
      poolSize: 2,
      callers: ServiceCallers.ofTokens(system.serviceTokens),
    });
    try {
      await back.listen(address);
      await expect.poll(() => budget.receiver.received.length, { timeout: 30_000 }).toBe(1);
      expect(verified(budget)[0]!.data).toEqual({ period: 'month', status: 'warning', used: 850, budget: 1000 });
      await expect.poll(() => waiting('media', owner.site.id), { timeout: 20_000 }).toBe(0);
      // A later change is delivered too, and the first is not delivered again.
      await record(owner, 150);
      await expect.poll(() => budget.receiver.received.length, { timeout: 20_000 }).toBe(2);
      await expect.poll(async () => (await deliveries(owner, budget.id)).every((d) => d.status === 'succeeded'), { timeout: 20_000 }).toBe(true);
      expect(verified(budget).map((e) => e.data.status)).toEqual(['warning', 'exhausted']);
      expect(new Set(budget.receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(2);
    } finally {
      await back.shutdown(1000);
    }
  });
});
