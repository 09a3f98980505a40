/**
 * WebSub for Sources end to end: a publisher (127.0.0.1) whose feed names a hub, a hub stand-in
 * (127.0.0.1) that speaks the W3C WebSub recommendation, and the gateway as the callback
 * (PUBLIC_BASE_URL = its address). The service subscribes, answers the hub's verification only for
 * its pending request, imports a correctly signed distribution without polling (the item reaches a
 * subscribed Site's changes feed), refuses everything else without importing it, renews before the
 * lease ends, and unsubscribes a paused Source.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, type Owner } from '../support/customers.ts';
import { tempFile } from '../support/files.ts';
import { expectError, request } from '../support/http.ts';
import { startHub, type Hub } from '../support/hub.ts';
import { eventually, freePort } from '../support/processes.ts';
import { rss, startPublisher, type Publisher } from '../support/publisher.ts';
import { measurePushLatency } from '../bench/sources-push.ts';
import { createTestDatabase, startSystem, type TestSystem } from '../support/system.ts';

const p = `ws${Date.now().toString(36)}${process.pid}`;
const cat = `${p}-news`;

let system: TestSystem;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let publisher: Publisher;
let hub: Hub;
let owner: Owner;

type Change = { type: 'upsert'; article: { id: string; title: string } } | { type: 'delete'; id: string };

beforeAll(async () => {
  // The callback must name the gateway before the feed service starts: its port is chosen first.
  const gatewayPort = await freePort();
  database = await createTestDatabase(`websub_${process.pid}`);
  system = await startSystem({
    databaseUrl: database.url,
    gatewayPort,
    feedEnv: {
      FEED_ROLE: 'all',
      SOURCES_MIN_INTERVAL_SECONDS: '1',
      SOURCES_SWEEP_SECONDS: '1',
      PUBLIC_BASE_URL: `http://127.0.0.1:${gatewayPort}`,
    },
  });
  expect(system.baseUrl).toBe(`http://127.0.0.1:${gatewayPort}`);
  publisher = await startPublisher();
  hub = await startHub();
  await system.admin(
    'taxonomy',
    'import',
    '--file',
    tempFile('websub-taxonomy.json', JSON.stringify({ categories: [{ key: cat, name: 'News', topics: [] }] })),
  );
  owner = await createCustomer(system, '--plan', 'pro');
  const res = await request(system.baseUrl, 'PUT', '/api/v1/subscriptions', { token: owner.credential.secret, body: { categories: [cat] } });
  expect(res.status).toBe(200);
}, 120_000);

afterAll(async () => {
  await system?.stop();
  await publisher?.close();
  await hub?.close();
  await database?.drop();
});

/** Every change after `since`, and the caught-up position and its ETag. */
async function changes(since?: string): Promise<{ data: Change[]; since: string; etag: string | null }> {
  const data: Change[] = [];
  for (let i = 0; i < 50; i++) {
    const query = `limit=100${since ? `&since=${encodeURIComponent(since)}` : ''}`;
    const res = await request(system.baseUrl, 'GET', `/api/v1/feed/changes?${query}`, { token: owner.credential.secret });
    expect(res.status).toBe(200);
    const body = res.body as { data: Change[]; nextSince: string };
    data.push(...body.data);
    const caughtUp = body.data.length === 0 && body.nextSince === since;
    since = body.nextSince;
    if (caughtUp) return { data, since, etag: res.headers.get('etag') };
  }
  throw new Error('too many answers');
}

const item = (n: number) => ({ title: `Pushed story ${n}`, link: `https://push.example.com/${p}/${n}`, guid: `${p}-${n}` });

/** Registers a Source whose feed names the hub; answers its id and topic once the hub has verified it. */
async function subscribedSource(path: string): Promise<{ id: string; topic: string; callback: string }> {
  const topic = publisher.url(path);
  publisher.serve(path, { body: rss([item(1)], 'Pushing publisher', { hub: hub.url, self: topic }) });
  const { source } = (await system.admin('source', 'add', '--url', topic, '--categories', cat, '--interval', '3600')) as { source: { id: string } };
  const callback = `${system.baseUrl}/websub/${source.id}`;
  await eventually(async () => hub.subscriptions.get(callback)?.topic === topic, 15_000, 'subscribed at the hub');
  return { id: source.id, topic, callback };
}

describe('WebSub for Sources', () => {
  let source: { id: string; topic: string; callback: string };

  it('subscribes at the hub a feed names; the verification is answered with the challenge', async () => {
    source = await subscribedSource('/pushed.xml');
    const subscribe = hub.requests.find((r) => r.form['hub.callback'] === source.callback)!.form;
    expect(subscribe).toMatchObject({ 'hub.mode': 'subscribe', 'hub.topic': source.topic, 'hub.lease_seconds': String(10 * 24 * 3600) });
    expect(subscribe['hub.secret']).toMatch(/^[0-9a-f]{48}$/);
    const verification = hub.verifications.find((v) => v.callback === source.callback)!;
    expect(verification).toMatchObject({ mode: 'subscribe', status: 200, confirmed: true });
    expect(verification.contentType).toMatch(/^text\/plain/);
    // The callbacks are outside the public API: not in its description.
    const description = (await request(system.baseUrl, 'GET', '/docs/public.json')).body as { paths: Record<string, unknown> };
    expect(Object.keys(description.paths).filter((path) => path.includes('websub'))).toEqual([]);
  });

  it('finds the hub and topic in the Link header too (discovery reads it first)', async () => {
    const path = '/linked.xml';
    const topic = publisher.url('/linked-self.xml');
    publisher.serve(path, { body: rss([item(40)], 'Linking publisher'), headers: { link: `<${hub.url}>; rel="hub", </linked-self.xml>; rel="self"` } });
    const { source: linked } = (await system.admin('source', 'add', '--url', publisher.url(path), '--categories', cat, '--interval', '3600')) as {
      source: { id: string };
    };
    const callback = `${system.baseUrl}/websub/${linked.id}`;
    await eventually(async () => hub.subscriptions.get(callback)?.topic === topic, 15_000, 'subscribed at the hub');
    await system.admin('source', 'remove', '--id', linked.id);
    await eventually(async () => !hub.subscriptions.has(callback), 10_000, 'unsubscribed once removed');
  });

  it('follows a hub that sends the request on with 307', async () => {
    const path = '/moved.xml';
    const topic = publisher.url(path);
    publisher.serve(path, { body: rss([item(50)], 'Moved publisher', { hub: hub.url.replace(/\/hub$/, '/moved-hub'), self: topic }) });
    const { source: moved } = (await system.admin('source', 'add', '--url', topic, '--categories', cat, '--interval', '3600')) as { source: { id: string } };
    const callback = `${system.baseUrl}/websub/${moved.id}`;
    await eventually(async () => hub.subscriptions.get(callback)?.topic === topic, 15_000, 'subscribed at the hub it was sent on to');
    await system.admin('source', 'remove', '--id', moved.id);
    await eventually(async () => !hub.subscriptions.has(callback), 10_000, 'unsubscribed once removed');
  });

  it('a signed distribution is imported without a poll: its new item reaches the changes feed', async () => {
    const before = await changes();
    const fetches = publisher.requestsTo('/pushed.xml').length;
    const [answer] = await hub.distribute(source.topic, rss([item(2), item(1)], 'Pushing publisher', { hub: hub.url, self: source.topic }));
    expect(answer!.status).toBe(200);
    expect(JSON.parse(answer!.body)).toMatchObject({ received: true, created: 1, unchanged: 1 });
    const after = await changes(before.since);
    expect(after.data.map((c) => c.type === 'upsert' && c.article.title)).toEqual(['Pushed story 2']);
    expect(publisher.requestsTo('/pushed.xml')).toHaveLength(fetches);
    // sha1, which most hubs still sign with, is accepted too.
    const [sha1] = await hub.distribute(source.topic, rss([item(3)], 'Pushing publisher'), { sign: 'sha1' });
    expect(sha1!.status).toBe(200);
    expect((await changes(after.since)).data.map((c) => c.type === 'upsert' && c.article.title)).toEqual(['Pushed story 3']);
  });

  it('a wrong signature, no signature, an unknown Source: refused, nothing imported', async () => {
    const before = await changes();
    const doc = rss([item(4)], 'Pushing publisher');
    const [wrong] = await hub.distribute(source.topic, doc, { sign: { secret: 'not-the-secret' } });
    const [none] = await hub.distribute(source.topic, doc, { sign: 'none' });
    expect([wrong!.status, none!.status]).toEqual([400, 400]);
    expect(JSON.parse(wrong!.body)).toEqual({ error: { code: 'MALFORMED_REQUEST', message: expect.stringContaining('X-Hub-Signature') } });
    // A malformed signature (a digit short) is refused as well.
    const signed = createHmac('sha256', 'x').update(doc).digest('hex');
    const malformed = await request(system.baseUrl, 'POST', `/websub/${source.id}`, {
      rawBody: doc,
      headers: { 'content-type': 'application/rss+xml', 'x-hub-signature': `sha256=${signed.slice(0, -1)}` },
    });
    expectError(malformed, 400, 'MALFORMED_REQUEST');
    for (const id of ['src_00000000000000000000', 'nonsense']) {
      const unknown = await request(system.baseUrl, 'POST', `/websub/${id}`, {
        rawBody: doc,
        headers: { 'content-type': 'application/rss+xml', 'x-hub-signature': `sha256=${signed}` },
      });
      expectError(unknown, 404, 'NOT_FOUND');
    }
    const after = await changes(before.since);
    expect(after.data).toEqual([]);
    expect(after.etag).toBe(before.etag);
  });

  it('a verification without a pending request, or of another topic, is 404', async () => {
    const verify = (id: string, topic: string, mode = 'subscribe') =>
      request(system.baseUrl, 'GET', `/websub/${id}?hub.mode=${mode}&hub.topic=${encodeURIComponent(topic)}&hub.challenge=abcDEF123-_.&hub.lease_seconds=100`);
    // Active, nothing pending: a verification nobody asked for.
    expectError(await verify(source.id, source.topic), 404, 'NOT_FOUND');
    expectError(await verify(source.id, source.topic, 'unsubscribe'), 404, 'NOT_FOUND');
    expectError(await verify('src_00000000000000000000', source.topic), 404, 'NOT_FOUND');
    // A Source without a hub has no subscription at all.
    publisher.serve('/plain.xml', { body: rss([item(9)], 'Plain publisher') });
    const { source: plain } = (await system.admin('source', 'add', '--url', publisher.url('/plain.xml'), '--categories', cat, '--interval', '3600')) as {
      source: { id: string };
    };
    expectError(await verify(plain.id, publisher.url('/plain.xml')), 404, 'NOT_FOUND');

    // Pending: only its own topic is answered.
    hub.autoVerify = false;
    try {
      const path = '/held.xml';
      const topic = publisher.url(path);
      publisher.serve(path, { body: rss([item(10)], 'Held publisher', { hub: hub.url, self: topic }) });
      const { source: held } = (await system.admin('source', 'add', '--url', topic, '--categories', cat, '--interval', '3600')) as { source: { id: string } };
      expectError(await verify(held.id, publisher.url('/other-topic.xml')), 404, 'NOT_FOUND');
      const answered = await verify(held.id, topic);
      expect(answered.status).toBe(200);
      expect(answered.text).toBe('abcDEF123-_.');
      // Verified once: the same verification again has nothing pending.
      expectError(await verify(held.id, topic), 404, 'NOT_FOUND');
    } finally {
      hub.autoVerify = true;
      await hub.verifyWaiting();
    }
  });

  it("a hub's denial ends the subscription (distributions refused); the next fetch asks again", async () => {
    const denied = await subscribedSource('/denied.xml');
    expect(await hub.deny(denied.callback, publisher.url('/other.xml'))).toBe(404);
    const signed = hub.subscriptions.get(denied.callback)!;
    expect(await hub.deny(denied.callback, denied.topic)).toBe(200);
    const doc = rss([item(60)], 'Pushing publisher');
    const res = await request(system.baseUrl, 'POST', `/websub/${denied.id}`, {
      rawBody: doc,
      headers: { 'content-type': 'application/rss+xml', 'x-hub-signature': `sha256=${createHmac('sha256', signed.secret).update(doc).digest('hex')}` },
    });
    expectError(res, 404, 'NOT_FOUND');
    expect(await hub.deny(denied.callback, denied.topic)).toBe(404);
    await system.admin('source', 'fetch', '--id', denied.id);
    await eventually(async () => hub.subscriptions.get(denied.callback)?.topic === denied.topic, 10_000, 'subscribed again');
    await system.admin('source', 'remove', '--id', denied.id);
  });

  it('renews before the lease ends', async () => {
    hub.leaseSeconds = 4;
    try {
      const renewed = await subscribedSource('/short-lease.xml');
      const first = hub.subscriptions.get(renewed.callback)!.verifiedAt;
      await eventually(async () => (hub.subscriptions.get(renewed.callback)?.verifiedAt ?? 0) > first, 10_000, 'renewed');
      const requests = hub.requests.filter((r) => r.form['hub.callback'] === renewed.callback && r.form['hub.mode'] === 'subscribe');
      expect(requests.length).toBeGreaterThanOrEqual(2);
      // The renewal was asked for before the lease granted at the first verification ended, with the same secret.
      expect(requests[1]!.at).toBeLessThan(first + 4000);
      expect(requests[1]!.form['hub.secret']).toBe(requests[0]!.form['hub.secret']);
      await system.admin('source', 'pause', '--id', renewed.id);
    } finally {
      hub.leaseSeconds = 3600;
    }
  });

  it('a feed that no longer names its hub is unsubscribed at the next fetch', async () => {
    const dropped = await subscribedSource('/dropped.xml');
    publisher.serve('/dropped.xml', { body: rss([item(30)], 'Pushing publisher') });
    expect(await system.admin('source', 'fetch', '--id', dropped.id)).toMatchObject({ outcome: 'ok', created: 1 });
    await eventually(async () => !hub.subscriptions.has(dropped.callback), 10_000, 'unsubscribed');
    expect(hub.verifications.filter((v) => v.callback === dropped.callback).map((v) => [v.mode, v.confirmed])).toEqual([
      ['subscribe', true],
      ['unsubscribe', true],
    ]);
  });

  it('pausing a Source unsubscribes it; a distribution after that is refused', async () => {
    await system.admin('source', 'pause', '--id', source.id);
    await eventually(async () => !hub.subscriptions.has(source.callback), 10_000, 'unsubscribed');
    const unsubscribe = hub.verifications.find((v) => v.callback === source.callback && v.mode === 'unsubscribe')!;
    expect(unsubscribe).toMatchObject({ status: 200, confirmed: true });
    const doc = rss([item(20)], 'Pushing publisher');
    const res = await request(system.baseUrl, 'POST', `/websub/${source.id}`, { rawBody: doc, headers: { 'content-type': 'application/rss+xml' } });
    expectError(res, 404, 'NOT_FOUND');
  });

  it("the bench's push measurement runs against this system (publisher change → changes feed, by push)", async () => {
    const figures = await measurePushLatency(
      { baseUrl: system.baseUrl, admin: (args) => system.admin(...args), token: owner.credential.secret, category: cat },
      { samples: 3 },
    );
    expect(figures).toMatchObject({ samples: 3, targetMs: 2000 });
    expect(figures.p50Ms).toBeGreaterThan(0);
    expect(figures.maxMs).toBeGreaterThanOrEqual(figures.p95Ms);
  });
});
