/**
 * Webhooks from outside: endpoints managed over the public API, events delivered to receivers this
 * test runs on 127.0.0.1 that verify every request with the official `standardwebhooks` package,
 * retries on a short schedule, a 410 and a redirect, a receiver that never answers, and a delivery
 * that survives its service being stopped and another instance taking over. No delivery leaves
 * 127.0.0.0/8: a literal link-local or unspecified address is refused at creation, before any socket.
 */
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { callUnary, createClient } from '@cfs/common/grpc';
import { createLogger } from '@cfs/common/logger';
import { loadProtos } from '@cfs/protos';
import { ServiceCallers } from '@cfs/common/service-auth';
import { LISTENING_SITES_MAX } from '@cfs/common/webhooks-relay';
import { createWebhooksService, webhooksEnvSchema } from '@cfs/webhooks';
import { createCustomer, type Owner } from '../support/customers.ts';
import { expectError, request, type Answer } from '../support/http.ts';
import { startSystem, type TestSystem } from '../support/system.ts';
import { headersOf, Receiver } from '../support/webhook-receiver.ts';

let system: TestSystem;
let owner: Owner;
const receivers: Receiver[] = [];
const api = (method: string, path: string, body?: unknown, token = owner.credential.secret): Promise<Answer> =>
  request(system.baseUrl, method, path, { token, ...(body === undefined ? {} : { body }) });

async function receiver(): Promise<Receiver> {
  const r = await new Receiver().start();
  receivers.push(r);
  return r;
}

async function endpoint(url: string, events: string[] = ['feed.changed'], who = owner): Promise<{ id: string; secret: string }> {
  const created = await api('POST', '/api/v1/webhooks', { url, events }, who.credential.secret);
  expect(created.status, created.text).toBe(201);
  return created.body as { id: string; secret: string };
}

type Delivery = { id: string; status: string; attempts: number; responseStatus: number | null; nextAttemptAt: string | null };
const deliveries = async (id: string): Promise<Delivery[]> => ((await api('GET', `/api/v1/webhooks/${id}/deliveries`)).body as { data: Delivery[] }).data;

beforeAll(async () => {
  system = await startSystem({
    webhooksEnv: {
      WEBHOOKS_ALLOW_HTTP: 'true',
      WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true',
      WEBHOOK_RETRY_SCHEDULE: '1,1',
      WEBHOOK_TIMEOUT_MS: '2000',
      WEBHOOK_SWEEP_MS: '1000',
    },
  });
  owner = await createCustomer(system, '--plan', 'pro');
}, 120_000);

afterAll(async () => {
  for (const r of receivers) await r.stop();
  await system?.stop();
});

describe('endpoints over the API', () => {
  it('are created (the secret shown once), listed, read, changed and deleted', async () => {
    const r = await receiver();
    const created = await api('POST', '/api/v1/webhooks', { url: r.url(), events: ['feed.changed', 'feed.changed'], description: 'CMS' });
    expect(created.status).toBe(201);
    const body = created.body as Record<string, unknown>;
    expect(body).toMatchObject({ url: r.url(), events: ['feed.changed'], description: 'CMS', enabled: true, status: 'enabled', disabledReason: null });
    expect(body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from((body.secret as string).slice(6), 'base64').length).toBeGreaterThanOrEqual(24);
    const id = body.id as string;

    const listed = await api('GET', '/api/v1/webhooks');
    expect(listed.status).toBe(200);
    expect((listed.body as { data: Array<{ id: string }> }).data.map((e) => e.id)).toContain(id);
    expect(listed.text).not.toContain('whsec_');
    const read = await api('GET', `/api/v1/webhooks/${id}`);
    expect(read.body).toMatchObject({ id, url: r.url() });
    expect(read.text).not.toContain('whsec_');

    const changed = await api('PUT', `/api/v1/webhooks/${id}`, { events: ['feed.changed', 'billing.subscription.updated'], description: '', enabled: false });
    expect(changed.body).toMatchObject({ events: ['feed.changed', 'billing.subscription.updated'], description: '', enabled: false, status: 'disabled' });
    expect((changed.body as { disabledReason: string }).disabledReason).toMatch(/customer/);
    expect((await api('PUT', `/api/v1/webhooks/${id}`, { enabled: true })).body).toMatchObject({ enabled: true, status: 'enabled', disabledReason: null });

    expect((await api('DELETE', `/api/v1/webhooks/${id}`)).status).toBe(200);
    expectError(await api('GET', `/api/v1/webhooks/${id}`), 404, 'NOT_FOUND');
    expectError(await api('DELETE', `/api/v1/webhooks/${id}`), 404, 'NOT_FOUND');
  });

  it('refuses unknown event types, bad URLs and literal blocked addresses with 400, creating nothing (no socket opened)', async () => {
    const before = ((await api('GET', '/api/v1/webhooks')).body as { data: unknown[] }).data.length;
    const bad = [
      { url: 'https://example.com/h', events: ['feed.exploded'] },
      { url: 'https://example.com/h', events: [] },
      { url: 'ftp://example.com/h', events: ['feed.changed'] },
      { url: 'not a url', events: ['feed.changed'] },
      { url: 'https://169.254.169.254/latest/meta-data', events: ['feed.changed'] },
      { url: 'http://0.0.0.0:8080/h', events: ['feed.changed'] },
      { url: 'https://[fe80::1]/h', events: ['feed.changed'] },
      { url: 'https://[::ffff:169.254.169.254]/h', events: ['feed.changed'] },
    ];
    for (const body of bad) expectError(await api('POST', '/api/v1/webhooks', body), 400, 'MALFORMED_REQUEST');
    expect(((await api('GET', '/api/v1/webhooks')).body as { data: unknown[] }).data.length).toBe(before);
  });

  it('answer in the order 400, 401, 403 SCOPE_DENIED, WRONG_AUDIENCE, CAPABILITY_NOT_ENTITLED, QUOTA_EXHAUSTED', async () => {
    const starter = await createCustomer(system, '--plan', 'starter');
    const unknownEvent = { url: 'https://example.com/h', events: ['nope'] };
    const good = { url: 'https://example.com/h', events: ['feed.changed'] };
    expectError(await request(system.baseUrl, 'POST', '/api/v1/webhooks', { body: unknownEvent }), 400, 'MALFORMED_REQUEST');
    expectError(await request(system.baseUrl, 'POST', '/api/v1/webhooks', { body: good }), 401, 'UNAUTHENTICATED');
    const reader = (await system.admin('credential', 'create', '--site', starter.site.id, '--scopes', 'feed.read', '--name', 'reader')) as { secret: string };
    expectError(await api('POST', '/api/v1/webhooks', good, reader.secret), 403, 'SCOPE_DENIED');
    const sibling = (await system.admin(
      'credential',
      'create',
      '--site',
      starter.site.id,
      '--scopes',
      'webhooks.manage',
      '--name',
      'seo',
      '--audience',
      'seo-suite',
    )) as {
      secret: string;
    };
    expectError(await api('POST', '/api/v1/webhooks', good, sibling.secret), 403, 'WRONG_AUDIENCE');
    const free = await createCustomer(system);
    expectError(await api('POST', '/api/v1/webhooks', good, free.credential.secret), 403, 'CAPABILITY_NOT_ENTITLED');
    expectError(await api('GET', '/api/v1/webhooks', undefined, free.credential.secret), 403, 'CAPABILITY_NOT_ENTITLED');

    // The starter plan holds 3 endpoints at once; deleting one frees its place.
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await endpoint(`https://example.com/h${i}`, ['feed.changed'], starter)).id);
    expectError(await api('POST', '/api/v1/webhooks', good, starter.credential.secret), 403, 'QUOTA_EXHAUSTED');
    // The entitlements show what the Site holds, with no period; the refused creation took nothing.
    const held = async () =>
      (
        (await api('GET', `/api/v1/account/sites/${starter.site.id}/entitlements`, undefined, starter.credential.secret)).body as {
          capabilities: Record<string, unknown>;
        }
      ).capabilities.webhooks;
    expect(await held()).toEqual({ included: true, quota: 3, used: 3, remaining: 0, period: null, resetsAt: null });
    expect((await api('DELETE', `/api/v1/webhooks/${ids[0]}`, undefined, starter.credential.secret)).status).toBe(200);
    expect(await held()).toMatchObject({ used: 2, remaining: 1 });
    expect((await api('POST', '/api/v1/webhooks', good, starter.credential.secret)).status).toBe(201);
    expectError(await api('POST', '/api/v1/webhooks', good, starter.credential.secret), 403, 'QUOTA_EXHAUSTED');
  });

  it("another Customer's endpoint or delivery is 404 on every route", async () => {
    const r = await receiver();
    const mine = await endpoint(r.url());
    const delivery = (await api('POST', `/api/v1/webhooks/${mine.id}/test`)).body as { id: string };
    const other = await createCustomer(system, '--plan', 'pro');
    const as = other.credential.secret;
    expectError(await api('GET', `/api/v1/webhooks/${mine.id}`, undefined, as), 404, 'NOT_FOUND');
    expectError(await api('PUT', `/api/v1/webhooks/${mine.id}`, { enabled: false }, as), 404, 'NOT_FOUND');
    expectError(await api('DELETE', `/api/v1/webhooks/${mine.id}`, undefined, as), 404, 'NOT_FOUND');
    expectError(await api('POST', `/api/v1/webhooks/${mine.id}/rotate-secret`, undefined, as), 404, 'NOT_FOUND');
    expectError(await api('POST', `/api/v1/webhooks/${mine.id}/test`, undefined, as), 404, 'NOT_FOUND');
    expectError(await api('GET', `/api/v1/webhooks/${mine.id}/deliveries`, undefined, as), 404, 'NOT_FOUND');
    expectError(await api('POST', `/api/v1/webhooks/${mine.id}/deliveries/${delivery.id}/retry`, undefined, as), 404, 'NOT_FOUND');
    const theirs = await endpoint(r.url(), ['feed.changed'], other);
    expectError(await api('POST', `/api/v1/webhooks/${theirs.id}/deliveries/${delivery.id}/retry`, undefined, as), 404, 'NOT_FOUND');
    expect((await api('GET', `/api/v1/webhooks/${mine.id}`)).status).toBe(200);
  });
});

describe('delivery', () => {
  it('a test event arrives signed by the Standard Webhooks scheme and verifies', async () => {
    const r = await receiver();
    const { id, secret } = await endpoint(r.url('/in'), ['feed.changed']);
    const queued = await api('POST', `/api/v1/webhooks/${id}/test`);
    expect(queued.status).toBe(200);
    expect(queued.body).toMatchObject({ eventType: 'webhook.test', status: 'pending', attempts: 0 });
    await expect.poll(() => r.received.length, { timeout: 10_000 }).toBe(1);
    const got = r.received[0]!;
    expect(got.path).toBe('/in');
    expect(got.headers['content-type']).toMatch(/^application\/json/);
    expect(got.headers['webhook-id']).toBe((queued.body as { id: string }).id);
    expect(Math.abs(Number(got.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    const payload = new Webhook(secret).verify(got.body, headersOf(got)) as { type: string; timestamp: string; data: Record<string, unknown> };
    expect(payload.type).toBe('webhook.test');
    expect(Date.parse(payload.timestamp)).not.toBeNaN();
    expect(payload.data).toMatchObject({ endpointId: id });
    expect(got.body).not.toContain('whsec_');
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(got.body, headersOf(got))).toThrow();
    await expect
      .poll(async () => (await deliveries(id))[0], { timeout: 5000 })
      .toMatchObject({ status: 'succeeded', attempts: 1, responseStatus: 204, nextAttemptAt: null });
  });

  it('after a rotation both secrets sign for 24 hours, and each verifies', async () => {
    const r = await receiver();
    const { id, secret: old } = await endpoint(r.url());
    const rotated = await api('POST', `/api/v1/webhooks/${id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    const { secret: fresh, previousSecretExpiresAt } = rotated.body as { secret: string; previousSecretExpiresAt: string };
    expect(fresh).not.toBe(old);
    expect(Date.parse(previousSecretExpiresAt) - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    await api('POST', `/api/v1/webhooks/${id}/test`);
    await expect.poll(() => r.received.length, { timeout: 10_000 }).toBe(1);
    const got = r.received[0]!;
    expect(got.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(got.headers['webhook-signature']).toMatch(/^v1,\S+ v1,\S+$/);
    expect(new Webhook(fresh).verify(got.body, headersOf(got))).toMatchObject({ type: 'webhook.test' });
    expect(new Webhook(old).verify(got.body, headersOf(got))).toMatchObject({ type: 'webhook.test' });
  });

  it('a failing receiver is retried on the schedule with the same webhook-id until it succeeds', async () => {
    const r = await receiver();
    let calls = 0;
    r.answer = (_req, res) => {
      calls += 1;
      res.writeHead(calls < 3 ? 500 : 200).end('a body that is never shown');
    };
    const { id } = await endpoint(r.url());
    await api('POST', `/api/v1/webhooks/${id}/test`);
    await expect.poll(() => r.received.length, { timeout: 15_000 }).toBe(3);
    expect(new Set(r.received.map((g) => g.headers['webhook-id'])).size).toBe(1);
    // About a second apart (the schedule "1,1", jitter at most 10 %).
    expect(r.received[1]!.at - r.received[0]!.at).toBeGreaterThanOrEqual(850);
    await expect.poll(async () => (await deliveries(id))[0], { timeout: 5000 }).toMatchObject({ status: 'succeeded', attempts: 3, responseStatus: 200 });
    expect((await api('GET', `/api/v1/webhooks/${id}/deliveries`)).text).not.toContain('never shown');
  });

  it('after the schedule the delivery fails; a retry by the API is one more attempt of it', async () => {
    const r = await receiver();
    r.answer = (_req, res) => res.writeHead(503).end();
    const { id } = await endpoint(r.url());
    const delivery = (await api('POST', `/api/v1/webhooks/${id}/test`)).body as { id: string };
    await expect.poll(async () => (await deliveries(id))[0], { timeout: 15_000 }).toMatchObject({ status: 'failed', attempts: 3, responseStatus: 503 });
    expect(r.received).toHaveLength(3);
    r.answer = (_req, res) => res.writeHead(200).end();
    const retried = await api('POST', `/api/v1/webhooks/${id}/deliveries/${delivery.id}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ id: delivery.id, status: 'pending' });
    await expect.poll(async () => (await deliveries(id))[0], { timeout: 10_000 }).toMatchObject({ status: 'succeeded', attempts: 4, responseStatus: 200 });
    expect(r.received.map((g) => g.headers['webhook-id'])).toEqual(Array(4).fill(delivery.id));
  });

  it('a redirect is a failure and is not followed', async () => {
    const r = await receiver();
    r.answer = (req, res) => (req.path === '/moved' ? res.writeHead(200).end() : res.writeHead(302, { location: r.url('/moved') }).end());
    const { id } = await endpoint(r.url('/old'));
    await api('POST', `/api/v1/webhooks/${id}/test`);
    await expect.poll(async () => (await deliveries(id))[0], { timeout: 15_000 }).toMatchObject({ status: 'failed', attempts: 3, responseStatus: 302 });
    expect(r.received.map((g) => g.path)).toEqual(['/old', '/old', '/old']);
  });

  it('a 410 disables the endpoint with its reason; PUT enabled: true re-enables it for new events', async () => {
    const r = await receiver();
    r.answer = (_req, res) => res.writeHead(410).end();
    const { id } = await endpoint(r.url());
    await api('POST', `/api/v1/webhooks/${id}/test`);
    await expect.poll(async () => (await api('GET', `/api/v1/webhooks/${id}`)).body, { timeout: 10_000 }).toMatchObject({ enabled: false, status: 'disabled' });
    expect(((await api('GET', `/api/v1/webhooks/${id}`)).body as { disabledReason: string }).disabledReason).toMatch(/410/);
    expect((await deliveries(id))[0]).toMatchObject({ status: 'failed', attempts: 1, responseStatus: 410 });
    expectError(await api('POST', `/api/v1/webhooks/${id}/test`), 409, 'CONFLICT');
    r.answer = (_req, res) => res.writeHead(204).end();
    expect((await api('PUT', `/api/v1/webhooks/${id}`, { enabled: true })).body).toMatchObject({ enabled: true, disabledReason: null });
    await api('POST', `/api/v1/webhooks/${id}/test`);
    await expect.poll(() => r.received.length, { timeout: 10_000 }).toBe(2);
  });

  it("a receiver that never answers does not delay another endpoint's test event", async () => {
    const hanging = await receiver();
    hanging.answer = () => undefined;
    const quick = await receiver();
    const stuck = await endpoint(hanging.url());
    const fine = await endpoint(quick.url());
    for (let i = 0; i < 3; i++) await api('POST', `/api/v1/webhooks/${stuck.id}/test`);
    await expect.poll(() => hanging.received.length, { timeout: 5000 }).toBeGreaterThan(0);
    const sent = Date.now();
    await api('POST', `/api/v1/webhooks/${fine.id}/test`);
    await expect.poll(() => quick.received.length, { timeout: 5000 }).toBe(1);
    // Well within the hanging attempt's 2 s timeout: nothing waited for it.
    expect(quick.received[0]!.at - sent).toBeLessThan(1500);
    // The hanging endpoint has one attempt in flight at a time.
    expect(hanging.received.length).toBe(1);
  });

  it('pages deliveries newest first', async () => {
    const r = await receiver();
    const { id } = await endpoint(r.url());
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(((await api('POST', `/api/v1/webhooks/${id}/test`)).body as { id: string }).id);
    const first = (await api('GET', `/api/v1/webhooks/${id}/deliveries?limit=2`)).body as { data: Delivery[]; nextCursor: string };
    expect(first.data.map((d) => d.id)).toEqual([ids[2], ids[1]]);
    const second = (await api('GET', `/api/v1/webhooks/${id}/deliveries?limit=2&cursor=${first.nextCursor}`)).body as {
      data: Delivery[];
      nextCursor: string | null;
    };
    expect(second.data.map((d) => d.id)).toEqual([ids[0]]);
    expect(second.nextCursor).toBeNull();
    expectError(await api('GET', `/api/v1/webhooks/${id}/deliveries?limit=0`), 400, 'MALFORMED_REQUEST');
    expectError(await api('GET', `/api/v1/webhooks/${id}/deliveries?limit=101`), 400, 'MALFORMED_REQUEST');
  });
});

describe('events from producers (EnqueueEvents, ListeningSites)', () => {
  const producer = (caller: 'media' | 'gateway' = 'media') =>
    createClient(loadProtos().cfs.webhooks.v1.WebhooksService, system.addresses.webhooks, system.serviceTokens[caller]);
  const event = (id: string, type = 'ai.budget.status_changed', siteId = owner.site.id) => ({
    id,
    siteId,
    type,
    dataJson: JSON.stringify({ period: '2026-11', status: 'warning', used: 8, budget: 10 }),
    occurredAt: '2026-11-27T10:00:00.000Z',
  });

  it('become one signed delivery per endpoint that lists the type, and an event sent again adds nothing', async () => {
    const wants = await receiver();
    const other = await receiver();
    const { secret } = await endpoint(wants.url(), ['ai.budget.status_changed']);
    await endpoint(other.url(), ['feed.changed']);
    const listening = await callUnary(
      producer(),
      'ListeningSites',
      { type: 'ai.budget.status_changed', siteIds: [owner.site.id, 'site_nobody'] },
      { deadlineMs: 5000 },
    );
    expect(listening.siteIds).toEqual([owner.site.id]);
    const id = `media_${Date.now()}`;
    const first = await callUnary(producer(), 'EnqueueEvents', { events: [event(id)] }, { deadlineMs: 5000 });
    expect(first).toMatchObject({ accepted: 1, deliveries: 1 });
    const again = await callUnary(producer(), 'EnqueueEvents', { events: [event(id)] }, { deadlineMs: 5000 });
    expect(again).toMatchObject({ accepted: 0, deliveries: 0 });
    await expect.poll(() => wants.received.length, { timeout: 10_000 }).toBe(1);
    const payload = new Webhook(secret).verify(wants.received[0]!.body, headersOf(wants.received[0]!)) as { type: string; timestamp: string; data: unknown };
    expect(payload).toEqual({
      type: 'ai.budget.status_changed',
      timestamp: '2026-11-27T10:00:00.000Z',
      data: { period: '2026-11', status: 'warning', used: 8, budget: 10 },
    });
    // Nothing for the endpoint that does not list the type, nor a second delivery of the repeat.
    await api('POST', `/api/v1/webhooks/${(await endpoint(wants.url(), ['feed.changed'])).id}/test`);
    await expect.poll(() => wants.received.length, { timeout: 10_000 }).toBe(2);
    expect(other.received).toHaveLength(0);
    expect(wants.received.filter((r) => r.body.includes('ai.budget.status_changed'))).toHaveLength(1);
  });

  it('refuse webhook.test, unknown types, data that is not an object and callers not listed', async () => {
    await expect(callUnary(producer(), 'EnqueueEvents', { events: [event('x1', 'webhook.test')] }, { deadlineMs: 5000 })).rejects.toMatchObject({
      code: 'MALFORMED_REQUEST',
    });
    await expect(callUnary(producer(), 'EnqueueEvents', { events: [event('x2', 'site.deleted')] }, { deadlineMs: 5000 })).rejects.toMatchObject({
      code: 'MALFORMED_REQUEST',
    });
    await expect(callUnary(producer(), 'EnqueueEvents', { events: [{ ...event('x3'), dataJson: '[1]' }] }, { deadlineMs: 5000 })).rejects.toMatchObject({
      code: 'MALFORMED_REQUEST',
    });
    await expect(callUnary(producer(), 'EnqueueEvents', { events: [] }, { deadlineMs: 5000 })).rejects.toMatchObject({ code: 'MALFORMED_REQUEST' });
    const refused = await callUnary(producer('gateway'), 'EnqueueEvents', { events: [event('x4')] }, { deadlineMs: 5000 }).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(Error);
    expect(refused).not.toMatchObject({ code: 'MALFORMED_REQUEST' });
    expect(String((refused as Error).message)).not.toContain('x4');
  });

  it('answer ListeningSites for up to the relays’ batch of Sites, and refuse a question about more', async () => {
    const listener = await createCustomer(system, '--plan', 'pro');
    await endpoint((await receiver()).url(), ['billing.subscription.updated'], listener);
    const sites = [...Array.from({ length: LISTENING_SITES_MAX - 1 }, (_, i) => `site_many_${i}`), listener.site.id];
    const ask = (siteIds: string[]) => callUnary(producer(), 'ListeningSites', { type: 'billing.subscription.updated', siteIds }, { deadlineMs: 5000 });
    expect((await ask(sites)).siteIds).toEqual([listener.site.id]);
    await expect(ask([...sites, 'site_one_too_many'])).rejects.toMatchObject({ code: 'MALFORMED_REQUEST' });
  });
});

describe('durability', () => {
  it('a pending delivery survives its service stopping: another instance delivers it', async () => {
    const r = await receiver();
    const port = r.port;
    await r.stop(); // nothing listens: the first attempt fails and the delivery waits for its retry
    const { id, secret } = await endpoint(`http://127.0.0.1:${port}/back`);
    const delivery = (await api('POST', `/api/v1/webhooks/${id}/test`)).body as { id: string };
    await expect.poll(async () => (await deliveries(id))[0]?.attempts, { timeout: 10_000 }).toBe(1);
    await system.stopService('webhooks');
    const back = await new Receiver().start(port);
    receivers.push(back);
    const logger = createLogger('test', { level: process.env.TEST_LOG_LEVEL ?? 'silent' });
    const replacement = await createWebhooksService(
      webhooksEnvSchema.parse({
        WEBHOOKS_ALLOW_HTTP: 'true',
        WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true',
        WEBHOOK_RETRY_SCHEDULE: '1,1',
        WEBHOOK_SWEEP_MS: '1000',
      }),
      { logger, database: { connectionString: inject('databaseUrl'), schema: 'webhooks' }, poolSize: 2, callers: ServiceCallers.ofTokens({}) },
    );
    try {
      await expect.poll(() => back.received.length, { timeout: 15_000 }).toBe(1);
      expect(back.received[0]!.headers['webhook-id']).toBe(delivery.id);
      expect(new Webhook(secret).verify(back.received[0]!.body, headersOf(back.received[0]!))).toMatchObject({ type: 'webhook.test' });
    } finally {
      await replacement.shutdown(1000);
    }
  });
});
