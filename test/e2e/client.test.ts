/**
 * @cfs/client (clients/typescript) against the running system, as a customer's program uses it:
 * who am I, subscriptions, the feed page by page, a billing write with its Idempotency-Key, the
 * typed error envelope of a 4xx, and a GET repeated (revalidated when the gateway sends an ETag).
 * This file works in categories of its own (a unique prefix).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, syncFeed, wasRevalidated, type CfsClient, type ErrorCode, type FeedChange } from '@cfs/client';
import { createCustomer, type Owner } from '../support/customers.ts';
import { jsonl, tempFile } from '../support/files.ts';
import { request } from '../support/http.ts';
import { startSystem, type TestSystem } from '../support/system.ts';

const p = `c${Date.now().toString(36)}${process.pid}`;
const category = `${p}-news`;

let system: TestSystem;
let owner: Owner;
let client: CfsClient;

beforeAll(async () => {
  system = await startSystem();
  owner = await createCustomer(system, '--plan', 'pro');
  client = createClient({ baseUrl: system.baseUrl, token: owner.credential.secret });
  const taxonomy = { categories: [{ key: category, name: 'Client news', topics: [] }] };
  await system.admin('taxonomy', 'import', '--file', tempFile('t.json', JSON.stringify(taxonomy)));
  const rows = Array.from({ length: 7 }, (_, i) => ({
    id: `${p}-${i}`,
    title: `Client story ${i}`,
    url: `https://news.example.com/${p}/${i}`,
    publishedAt: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
    categories: [category],
  }));
  expect(await system.admin('articles', 'import', '--file', tempFile('a.jsonl', jsonl(rows)))).toMatchObject({ imported: 7 });
});

afterAll(async () => {
  await system?.stop();
});

describe('@cfs/client against the running system', () => {
  it('GET /api/v1/me: typed data of the calling Credential', async () => {
    const { data, error, response } = await client.GET('/api/v1/me');
    expect(error).toBeUndefined();
    expect(response.status).toBe(200);
    expect(data!.site.id).toBe(owner.site.id);
    expect(data!.credential.id).toBe(owner.credential.id);
  });

  it('PUT /api/v1/subscriptions, then the feed page by page following nextCursor', async () => {
    const put = await client.PUT('/api/v1/subscriptions', { body: { categories: [category] } });
    expect(put.error).toBeUndefined();
    expect(put.data!.categories).toEqual([category]);
    const ids: string[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 10; pages++) {
      const { data, error } = await client.GET('/api/v1/feed', { params: { query: { limit: 3, ...(cursor ? { cursor } : {}) } } });
      expect(error).toBeUndefined();
      expect(data!.data.length).toBeLessThanOrEqual(3);
      ids.push(...data!.data.map((a) => a.id));
      if (!data!.nextCursor) break;
      cursor = data!.nextCursor;
    }
    expect(ids).toEqual([6, 5, 4, 3, 2, 1, 0].map((i) => `${p}-${i}`));
  });

  it('a 4xx comes back as the typed error envelope: 400 for a bad limit, 401 for an unknown Credential', async () => {
    const bad = await client.GET('/api/v1/feed', { params: { query: { limit: 1000 } } });
    expect(bad.data).toBeUndefined();
    expect(bad.response.status).toBe(400);
    const code: ErrorCode | undefined = bad.error?.error.code;
    expect(code).toBe('MALFORMED_REQUEST');
    expect(bad.error!.error.message).toEqual(expect.any(String));
    const stranger = createClient({ baseUrl: system.baseUrl, token: 'cfs_not_a_credential' });
    const refused = await stranger.GET('/api/v1/me');
    expect(refused.response.status).toBe(401);
    expect(refused.error).toEqual({ error: { code: 'UNAUTHENTICATED', message: expect.any(String) } });
  });

  it('sends an Idempotency-Key with a checkout, which the gateway keeps: the same key and body again is replayed', async () => {
    const keys: (string | null)[] = [];
    const recording = createClient({
      baseUrl: system.baseUrl,
      token: owner.credential.secret,
      fetch: (input, init) => {
        keys.push((input instanceof Request ? input.headers : new Headers(init?.headers)).get('Idempotency-Key'));
        return fetch(input, init);
      },
    });
    const { data, error, response } = await recording.POST('/api/v1/billing/checkout', { body: { plan: 'starter' } });
    expect(error).toBeUndefined();
    expect(response.status).toBe(201);
    expect(keys).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/)]);
    const again = await request(system.baseUrl, 'POST', '/api/v1/billing/checkout', {
      token: owner.credential.secret,
      body: { plan: 'starter' },
      headers: { 'idempotency-key': keys[0]! },
    });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((again.body as typeof data)!.subscription.id).toBe(data!.subscription.id);
  });

  it('a GET repeated gives the same data; revalidated (a 304 handed back as the kept 200) when the gateway sends an ETag', async () => {
    const first = await client.GET('/api/v1/taxonomy');
    const second = await client.GET('/api/v1/taxonomy');
    expect(second.response.status).toBe(200);
    expect(second.data).toEqual(first.data);
    expect(wasRevalidated(first.response)).toBe(false);
    expect(wasRevalidated(second.response)).toBe(first.response.headers.get('etag') !== null);
  });

  it('syncFeed: the whole feed as upserts, then only what changed (an import, a removal), its since kept between runs', async () => {
    await client.PUT('/api/v1/subscriptions', { body: { categories: [category] } });
    const mirror = new Map<string, string>();
    const apply = (c: FeedChange) => {
      if (c.type === 'upsert') mirror.set(c.article.id, c.article.title);
      else mirror.delete(c.id);
    };
    const first = syncFeed(client, { limit: 3 });
    for await (const change of first) apply(change);
    expect([...mirror.keys()].sort()).toEqual(Array.from({ length: 7 }, (_, i) => `${p}-${i}`).sort());
    const since = first.since!;
    // Caught up: nothing, and the same position.
    const idle = syncFeed(client, { since });
    for await (const change of idle) apply(change);
    expect(idle.since).toBe(since);
    await system.admin('articles', 'remove', '--id', `${p}-0`);
    const row = {
      id: `${p}-7`,
      title: 'Client story 7',
      url: `https://news.example.com/${p}/7`,
      publishedAt: '2026-02-01T00:00:00.000Z',
      categories: [category],
    };
    await system.admin('articles', 'import', '--file', tempFile('a7.jsonl', jsonl([row])));
    const changes: FeedChange[] = [];
    const next = syncFeed(client, { since });
    for await (const change of next) {
      changes.push(change);
      apply(change);
    }
    expect(changes).toHaveLength(2);
    expect(mirror.has(`${p}-0`)).toBe(false);
    expect(mirror.get(`${p}-7`)).toBe('Client story 7');
    expect(next.since).not.toBe(since);
  });

  it('syncFeed throws the API error for a since it did not issue', async () => {
    const run = syncFeed(client, { since: 'not-a-token' });
    await expect(run[Symbol.asyncIterator]().next()).rejects.toMatchObject({ name: 'SyncFeedError', status: 400, code: 'MALFORMED_REQUEST' });
  });
});
