/**
 * Caught-up polls of GET /api/v1/feed/changes answered from the gateway's cache (feed-pages.ts,
 * changesSince): no service call while the Site's feed is unchanged, and never an answer older
 * than an announced change, on this replica and on a second one. A system of its own: the last
 * test stops its feed service.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, type Owner } from '../support/customers.ts';
import { jsonl, tempFile } from '../support/files.ts';
import { expectError, request } from '../support/http.ts';
import { eventually } from '../support/processes.ts';
import { startSystem, type TestSystem } from '../support/system.ts';

const p = `fcc${Date.now().toString(36)}${process.pid}`;
const cat = (name: string) => `${p}-${name}`;
const ANNOUNCED_WITHIN_MS = 2000;

interface Changes {
  data: Array<{ type: string; article?: { id: string }; id?: string }>;
  nextSince: string;
  hasMore: boolean;
}

let system: TestSystem;
let replicas: string[];
beforeAll(async () => {
  system = await startSystem();
  replicas = [system.baseUrl, await system.startGateway()];
  const taxonomy = { categories: ['alpha', 'beta'].map((n) => ({ key: cat(n), name: `Cat ${n}`, topics: [] })) };
  await system.admin('taxonomy', 'import', '--file', tempFile('changes-cache-taxonomy.json', JSON.stringify(taxonomy)));
});
afterAll(async () => {
  await system?.stop();
});

let n = 0;
async function importArticle(category: string): Promise<string> {
  n += 1;
  const id = `${p}-${n}`;
  const row = {
    id,
    title: `Story ${n}`,
    url: `https://news.example.com/${id}`,
    publishedAt: new Date(Date.UTC(2026, 6, 1) + n * 60_000).toISOString(),
    categories: [cat(category)],
  };
  await system.admin('articles', 'import', '--file', tempFile(`changes-cache-${n}.jsonl`, jsonl([row])));
  return id;
}

async function poll(base: string, owner: Owner, since?: string): Promise<Changes> {
  const res = await request(base, 'GET', `/api/v1/feed/changes?limit=100${since ? `&since=${encodeURIComponent(since)}` : ''}`, {
    token: owner.credential.secret,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Changes;
}
const upsertIds = (c: Changes) => c.data.flatMap((x) => (x.article ? [x.article.id] : []));

describe('caught-up polls of the changes feed', () => {
  let owner: Owner;
  let since: string;

  it('a caught-up position answers the same on both replicas, and an import after it shows up on both', async () => {
    owner = await createCustomer(system, '--plan', 'pro');
    expect(
      (await request(system.baseUrl, 'PUT', '/api/v1/subscriptions', { token: owner.credential.secret, body: { categories: [cat('alpha')] } })).status,
    ).toBe(200);
    const first = await importArticle('alpha');
    const all = await poll(system.baseUrl, owner);
    expect(upsertIds(all)).toEqual([first]);
    since = all.nextSince;
    // Twice on each replica: the second is the cached one.
    for (const base of replicas) for (let i = 0; i < 2; i++) expect(await poll(base, owner, since)).toEqual({ data: [], nextSince: since, hasMore: false });

    const second = await importArticle('alpha');
    for (const base of replicas)
      await eventually(async () => upsertIds(await poll(base, owner, since)).includes(second), ANNOUNCED_WITHIN_MS, `the import on ${base}`);
    since = (await poll(system.baseUrl, owner, since)).nextSince;
    for (const base of replicas) expect(await poll(base, owner, since)).toEqual({ data: [], nextSince: since, hasMore: false });
  });

  it('a subscription change after a caught-up position shows up on both replicas', async () => {
    const other = await importArticle('beta');
    since = (await poll(system.baseUrl, owner, since)).nextSince;
    for (const base of replicas) expect(await poll(base, owner, since)).toEqual({ data: [], nextSince: since, hasMore: false });
    expect(
      (await request(replicas[1]!, 'PUT', '/api/v1/subscriptions', { token: owner.credential.secret, body: { categories: [cat('alpha'), cat('beta')] } }))
        .status,
    ).toBe(200);
    for (const base of replicas)
      await eventually(async () => upsertIds(await poll(base, owner, since)).includes(other), ANNOUNCED_WITHIN_MS, `the subscription change on ${base}`);
  });

  it('answers a caught-up poll without the feed service, and only that', async () => {
    const caughtUp = await (async () => {
      let at = since;
      for (let i = 0; i < 10; i++) {
        const answer = await poll(system.baseUrl, owner, at);
        if (answer.data.length === 0 && !answer.hasMore && answer.nextSince === at) return at;
        at = answer.nextSince;
      }
      throw new Error('not caught up');
    })();
    expect(await poll(system.baseUrl, owner, caughtUp)).toEqual({ data: [], nextSince: caughtUp, hasMore: false });
    await system.stopService('feed');
    expect(await poll(system.baseUrl, owner, caughtUp)).toEqual({ data: [], nextSince: caughtUp, hasMore: false });
    // A poll from the beginning needs the feed service.
    expectError(await request(system.baseUrl, 'GET', '/api/v1/feed/changes', { token: owner.credential.secret }), 503, 'SERVICE_UNAVAILABLE');
  });
});
