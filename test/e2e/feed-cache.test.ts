/**
 * The gateway's feed page cache (gateway/src/caches/feed-pages.ts) on two replicas sharing Redis: a hot page
 * costs no call to the feed service and Sites with the same subscriptions share it; an import and a
 * subscription change reach both replicas through the feed's announcements; the quota is still
 * charged on every request, exactly, across the replicas. Categories of its own (a unique prefix).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setFailpoints } from '@cfs/common/failpoints';
import { createCustomer, type Owner } from '../support/customers.ts';
import { jsonl, tempFile } from '../support/files.ts';
import { expectError, request } from '../support/http.ts';
import { eventually } from '../support/processes.ts';
import { startSystem, type TestSystem } from '../support/system.ts';

const p = `fc${Date.now().toString(36)}${process.pid}`;
const cat = (name: string) => `${p}-${name}`;
/** How long an announcement may take to reach the other replica (Redis pub/sub: milliseconds). */
const ANNOUNCED_WITHIN_MS = 1000;

const catalog = {
  defaultPlan: 'roomy',
  plans: {
    roomy: { name: 'Roomy', capabilities: { feed: { quota: null, period: 'month' as const }, subscriptions: { quota: null, period: 'month' as const } } },
    small: { name: 'Small', capabilities: { feed: { quota: 5, period: 'day' as const }, subscriptions: { quota: null, period: 'month' as const } } },
  },
};

interface Page {
  data: Array<{ id: string; categories: string[] }>;
  nextCursor: string | null;
}

let system: TestSystem;
let replicas: string[];
let serial = 0;

async function importArticles(categories: string[], count: number): Promise<string[]> {
  const rows = Array.from({ length: count }, () => {
    serial += 1;
    return {
      id: `${p}-${serial}`,
      title: `Story ${serial}`,
      url: `https://news.example.com/${p}/${serial}`,
      publishedAt: new Date(Date.UTC(2026, 0, 1) + serial * 60_000).toISOString(),
      categories,
    };
  });
  expect(((await system.admin('articles', 'import', '--file', tempFile('cache.jsonl', jsonl(rows)))) as { imported: number }).imported).toBe(count);
  return rows.map((r) => r.id);
}

async function subscribe(base: string, owner: Owner, categories: string[]): Promise<void> {
  expect((await request(base, 'PUT', '/api/v1/subscriptions', { token: owner.credential.secret, body: { categories } })).status).toBe(200);
}

async function feed(base: string, owner: Owner, query = '?limit=5'): Promise<Page> {
  const res = await request(base, 'GET', `/api/v1/feed${query}`, { token: owner.credential.secret });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Page;
}

const idsOf = (page: Page) => page.data.map((a) => a.id);

beforeAll(async () => {
  system = await startSystem({ catalog });
  replicas = [system.baseUrl, await system.startGateway()];
  const taxonomy = { categories: ['alpha', 'beta'].map((n) => ({ key: cat(n), name: `Cache ${n}`, topics: [] })) };
  await system.admin('taxonomy', 'import', '--file', tempFile('cache-taxonomy.json', JSON.stringify(taxonomy)));
  await importArticles([cat('alpha')], 6);
  await importArticles([cat('beta')], 6);
});
afterEach(() => setFailpoints(''));
afterAll(async () => {
  await system?.stop();
});

describe('the feed page cache on two gateway replicas', () => {
  it('serves a page it has read without calling the feed service, to every Site with the same subscriptions', async () => {
    const [a, b] = [await createCustomer(system), await createCustomer(system)];
    for (const owner of [a, b]) await subscribe(system.baseUrl, owner, [cat('alpha')]);
    for (const base of replicas) {
      await feed(base, b); // b's subscription set, learned by each replica
      await feed(base, a); // the page, read once per replica
    }
    const expected = await feed(system.baseUrl, a);
    // Every page read from here on fails in the feed service: a cached page does not reach it.
    setFailpoints('feed.page=error');
    for (const base of replicas) expect(await feed(base, b)).toEqual(expected);
    expectError(await request(system.baseUrl, 'GET', '/api/v1/feed?limit=4', { token: a.credential.secret }), 500, 'INTERNAL_ERROR');
  });

  it('an import reaches both replicas: the next pages show the new articles, deeper pages included', async () => {
    const owner = await createCustomer(system);
    await subscribe(system.baseUrl, owner, [cat('alpha')]);
    const before = await Promise.all(replicas.map((base) => feed(base, owner, '?limit=2')));
    const second = await Promise.all(replicas.map((base, i) => feed(base, owner, `?limit=2&cursor=${encodeURIComponent(before[i]!.nextCursor!)}`)));
    const added = await importArticles([cat('alpha')], 3);
    for (const [i, base] of replicas.entries()) {
      await eventually(async () => idsOf(await feed(base, owner, '?limit=2'))[0] === added[2], ANNOUNCED_WITHIN_MS, `the import on replica ${i}`);
      expect(idsOf(await feed(base, owner, '?limit=2'))).toEqual([added[2], added[1]]);
      // The same cursor as before the import: the page after it is unchanged, and read afresh.
      expect(await feed(base, owner, `?limit=2&cursor=${encodeURIComponent(before[i]!.nextCursor!)}`)).toEqual(second[i]);
    }
  });

  it('a subscription change on one replica applies on it at once and reaches the other', async () => {
    const owner = await createCustomer(system);
    await subscribe(replicas[0]!, owner, [cat('alpha')]);
    for (const base of replicas) expect((await feed(base, owner)).data.every((a) => a.categories.includes(cat('alpha')))).toBe(true);
    await subscribe(replicas[0]!, owner, [cat('beta')]);
    const onlyBeta = (page: Page) => page.data.length > 0 && page.data.every((a) => a.categories.includes(cat('beta')) && !a.categories.includes(cat('alpha')));
    expect(onlyBeta(await feed(replicas[0]!, owner))).toBe(true);
    await eventually(async () => onlyBeta(await feed(replicas[1]!, owner)), ANNOUNCED_WITHIN_MS, 'the subscription change on the other replica');
    await subscribe(replicas[1]!, owner, []);
    for (const base of replicas) await eventually(async () => (await feed(base, owner)).data.length === 0, ANNOUNCED_WITHIN_MS, 'unsubscribed');
  });

  it('charges the quota on every request it answers from the cache: exactly 5 of 12 concurrent requests over both replicas', async () => {
    const owner = await createCustomer(system, '--plan', 'small');
    await subscribe(system.baseUrl, owner, [cat('alpha')]);
    // The page is cached on both replicas by another Site with the same subscriptions.
    const warm = await createCustomer(system);
    await subscribe(system.baseUrl, warm, [cat('alpha')]);
    for (const base of replicas) await feed(base, warm);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => request(replicas[i % 2]!, 'GET', '/api/v1/feed?limit=5', { token: owner.credential.secret })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    for (const refused of answers.filter((a) => a.status !== 200)) expectError(refused, 403, 'QUOTA_EXHAUSTED');
    const usage = await request(system.baseUrl, 'GET', `/api/v1/account/sites/${owner.site.id}/entitlements`, { token: owner.credential.secret });
    expect((usage.body as { capabilities: { feed: { used: number; remaining: number } } }).capabilities.feed).toMatchObject({ used: 5, remaining: 0 });
  });
});
