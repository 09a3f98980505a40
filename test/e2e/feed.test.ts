/**
 * Taxonomy, subscriptions, article ingestion and the cursor feed, end to end. This file works in
 * categories of its own (a unique prefix), so other test files' articles never show up here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setFailpoints } from '@cfs/common/failpoints';
import { createCustomer, type Owner } from '../support/customers.ts';
import { jsonl, tempFile } from '../support/files.ts';
import { expectError, request } from '../support/http.ts';
import { startSystem, type TestSystem } from '../support/system.ts';

const p = `f${Date.now().toString(36)}${process.pid}`;
const cat = (name: string) => `${p}-${name}`;

let system: TestSystem;
let owner: Owner;
const api = (method: string, path: string, options: Parameters<typeof request>[3] = {}) =>
  request(system.baseUrl, method, path, { token: owner.credential.secret, ...options });

async function importArticles(rows: unknown[]) {
  return (await system.admin('articles', 'import', '--file', tempFile('a.jsonl', jsonl(rows)))) as {
    imported: number;
    rejected: Array<{ line: number; reason: string }>;
  };
}

function article(n: number, categories: string[], publishedAt: string, extra: Record<string, unknown> = {}) {
  return { id: `${p}-${String(n).padStart(3, '0')}`, title: `Story ${n}`, url: `https://news.example.com/${p}/${n}`, publishedAt, categories, ...extra };
}

interface Page {
  data: Array<{ id: string; publishedAt: string; categories: string[]; title: string; imageUrl: string | null }>;
  nextCursor: string | null;
}

async function readAll(limit: number, between?: (pageIndex: number) => Promise<void>): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 100; i++) {
    const res = await api('GET', `/api/v1/feed?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(res.status).toBe(200);
    const page = res.body as Page;
    expect(page.data.length).toBeLessThanOrEqual(limit);
    ids.push(...page.data.map((a) => a.id));
    cursor = page.nextCursor;
    if (!cursor) return ids;
    await between?.(i);
  }
  throw new Error('too many pages');
}

beforeAll(async () => {
  system = await startSystem();
  owner = await createCustomer(system, '--plan', 'pro');
  const taxonomy = {
    categories: ['alpha', 'beta', 'gamma', 'delta'].map((n) => ({ key: cat(n), name: `Cat ${n}`, topics: [{ key: `${n}-topic`, name: `Topic ${n}` }] })),
  };
  expect(await system.admin('taxonomy', 'import', '--file', tempFile('t.json', JSON.stringify(taxonomy)))).toEqual({ created: 4, updated: 0 });
});
afterAll(async () => {
  setFailpoints('');
  await system?.stop();
});

describe('taxonomy', () => {
  it('ships a demo taxonomy and lists imported categories with their topics', async () => {
    const res = await api('GET', '/api/v1/taxonomy');
    expect(res.status).toBe(200);
    const keys = (res.body as { categories: Array<{ key: string }> }).categories.map((c) => c.key);
    expect(keys).toEqual(expect.arrayContaining(['technology', 'business', 'science', cat('alpha'), cat('delta')]));
    const alpha = (res.body as { categories: Array<{ key: string; name: string; topics: unknown[] }> }).categories.find((c) => c.key === cat('alpha'));
    expect(alpha).toEqual({ key: cat('alpha'), name: 'Cat alpha', topics: [{ key: 'alpha-topic', name: 'Topic alpha' }] });
  });

  it('taxonomy import updates existing categories and refuses a bad file', async () => {
    const file = tempFile('t.json', JSON.stringify({ categories: [{ key: cat('delta'), name: 'Delta renamed', topics: [] }] }));
    expect(await system.admin('taxonomy', 'import', '--file', file)).toEqual({ created: 0, updated: 1 });
    const delta = ((await api('GET', '/api/v1/taxonomy')).body as { categories: Array<{ key: string; name: string }> }).categories.find(
      (c) => c.key === cat('delta'),
    );
    expect(delta?.name).toBe('Delta renamed');
    await expect(system.admin('taxonomy', 'import', '--file', tempFile('bad.json', '{"categories":[{"key":"Bad Key","name":"x"}]}'))).rejects.toMatchObject({
      code: 'MALFORMED_REQUEST',
    });
  });
});

describe('subscriptions', () => {
  it('are replaced as a whole', async () => {
    expect((await api('GET', '/api/v1/subscriptions')).body).toEqual({ categories: [] });
    expect((await api('PUT', '/api/v1/subscriptions', { body: { categories: [cat('beta'), cat('alpha'), cat('alpha')] } })).body).toEqual({
      categories: [cat('alpha'), cat('beta')],
    });
    expect((await api('PUT', '/api/v1/subscriptions', { body: { categories: [cat('gamma')] } })).body).toEqual({ categories: [cat('gamma')] });
    expect((await api('GET', '/api/v1/subscriptions')).body).toEqual({ categories: [cat('gamma')] });
  });

  it('are replaced as a whole also when replacements of one Site race: the result is one of the sets, never a union', async () => {
    const o = await createCustomer(system);
    const sets = [['technology'], ['business', 'science'], ['health'], ['sports', 'culture'], ['technology', 'health']];
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all(
        sets.map((categories) => request(system.baseUrl, 'PUT', '/api/v1/subscriptions', { token: o.credential.secret, body: { categories } })),
      );
      for (const a of answers) expect(a.status).toBe(200);
      const got = ((await request(system.baseUrl, 'GET', '/api/v1/subscriptions', { token: o.credential.secret })).body as { categories: string[] }).categories;
      expect(sets.map((s) => [...s].sort())).toContainEqual(got);
    }
  });

  it('refuse an unknown category key with 400, before authentication too, and change nothing', async () => {
    expectError(await api('PUT', '/api/v1/subscriptions', { body: { categories: [cat('alpha'), 'no-such-category'] } }), 400, 'MALFORMED_REQUEST');
    expectError(await request(system.baseUrl, 'PUT', '/api/v1/subscriptions', { body: { categories: ['no-such-category'] } }), 400, 'MALFORMED_REQUEST');
    expectError(await request(system.baseUrl, 'PUT', '/api/v1/subscriptions', { body: { categories: 'alpha' } }), 400, 'MALFORMED_REQUEST');
    expectError(await request(system.baseUrl, 'PUT', '/api/v1/subscriptions', { body: { categories: [], extra: true } }), 400, 'MALFORMED_REQUEST');
    expect((await api('GET', '/api/v1/subscriptions')).body).toEqual({ categories: [cat('gamma')] });
  });

  it('accept a category imported a moment ago (the gateway learns of imports at once)', async () => {
    const file = tempFile('t.json', JSON.stringify({ categories: [{ key: cat('fresh'), name: 'Fresh' }] }));
    await system.admin('taxonomy', 'import', '--file', file);
    const res = await api('PUT', '/api/v1/subscriptions', { body: { categories: [cat('fresh')] } });
    expect(res.status).toBe(200);
  });

  it('need subscription.manage', async () => {
    const reader = (await system.admin('credential', 'create', '--site', owner.site.id, '--scopes', 'feed.read')) as { secret: string };
    expectError(await request(system.baseUrl, 'GET', '/api/v1/subscriptions', { token: reader.secret }), 403, 'SCOPE_DENIED');
    expectError(await request(system.baseUrl, 'GET', '/api/v1/taxonomy', { token: reader.secret }), 403, 'SCOPE_DENIED');
  });
});

describe('article import', () => {
  it('imports good lines, reports bad ones with their line and reason, and updates on re-import', async () => {
    const result = await importArticles([
      article(900, [cat('delta')], '2026-01-01T00:00:00Z'),
      '{"title": "broken json"',
      { title: 'No url', publishedAt: '2026-01-01T00:00:00Z', categories: [cat('delta')] },
      article(901, ['no-such-category'], '2026-01-01T00:00:00Z'),
      article(902, [cat('delta')], 'yesterday'),
      article(903, [cat('delta')], '2026-01-01T00:00:00Z', { title: 42 }),
      article(904, [cat('delta')], '2026-01-02T00:00:00Z', { imageKey: 'covers/904.png', summary: 'S' }),
    ]);
    expect(result.imported).toBe(2);
    expect(result.rejected.map((r) => r.line)).toEqual([2, 3, 4, 5, 6]);
    expect(result.rejected[0]!.reason).toMatch(/JSON/);
    expect(result.rejected[1]!.reason).toMatch(/url/);
    expect(result.rejected[2]!.reason).toMatch(/unknown category/);
    expect(result.rejected[3]!.reason).toMatch(/publishedAt/);
    expect(result.rejected[4]!.reason).toMatch(/title/);

    await api('PUT', '/api/v1/subscriptions', { body: { categories: [cat('delta')] } });
    let page = (await api('GET', '/api/v1/feed')).body as Page;
    expect(page.data.map((a) => a.id)).toEqual([`${p}-904`, `${p}-900`]);
    expect(page.data[0]).toMatchObject({ imageUrl: '/media/generated/covers/904.png', title: 'Story 904' });

    expect((await importArticles([article(900, [cat('delta')], '2026-01-03T00:00:00Z', { title: 'Updated' })])).imported).toBe(1);
    page = (await api('GET', '/api/v1/feed')).body as Page;
    expect(page.data.map((a) => [a.id, a.title])).toEqual([
      [`${p}-900`, 'Updated'],
      [`${p}-904`, 'Story 904'],
    ]);
  });
});

describe('the feed', () => {
  const expected: string[] = [];

  beforeAll(async () => {
    // 66 articles over alpha and beta, with ties on publishedAt and some in both categories.
    const rows = [];
    for (let n = 1; n <= 66; n++) {
      const publishedAt = new Date(Date.UTC(2026, 5, 1) + Math.floor(n / 3) * 3_600_000).toISOString();
      rows.push(article(n, n % 5 === 0 ? [cat('alpha'), cat('beta')] : [n % 2 ? cat('alpha') : cat('beta')], publishedAt));
    }
    expect((await importArticles(rows)).imported).toBe(66);
    rows.sort((a, b) => (a.publishedAt === b.publishedAt ? (a.id < b.id ? 1 : -1) : a.publishedAt < b.publishedAt ? 1 : -1));
    expected.push(...rows.map((r) => r.id));
    await api('PUT', '/api/v1/subscriptions', { body: { categories: [cat('alpha'), cat('beta')] } });
  });

  it('pages through 66 articles with limit 7: newest first, ties by id, each article once, then nextCursor null', async () => {
    const ids = await readAll(7);
    expect(ids).toEqual(expected);
    expect(new Set(ids).size).toBe(66);
  });

  it('defaults to 20 a page and lists every category of an article', async () => {
    const page = (await api('GET', '/api/v1/feed')).body as Page;
    expect(page.data).toHaveLength(20);
    expect(page.data.find((a) => a.id === `${p}-065`)?.categories).toEqual([cat('alpha'), cat('beta')]);
  });

  it('has no duplicates and no gaps while articles are imported between pages', async () => {
    let extra = 0;
    const ids = await readAll(7, async (pageIndex) => {
      if (pageIndex > 3) return;
      extra += 1;
      // A newer article (lands before the cursor: not in this walk) and an older one (after it: must appear).
      await importArticles([article(700 + extra, [cat('alpha')], '2027-01-01T00:00:00Z'), article(800 + extra, [cat('beta')], '2026-01-01T00:00:00Z')]);
    });
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => expected.includes(id))).toEqual(expected);
    for (let i = 1; i <= extra; i++) expect(ids).toContain(`${p}-${800 + i}`);
  });

  it.each(['0', '101', '-1', '1.5', 'abc', '', '1e1', '007x'])('answers limit=%s with 400 before authentication', async (limit) => {
    expectError(await request(system.baseUrl, 'GET', `/api/v1/feed?limit=${limit}`), 400, 'MALFORMED_REQUEST');
    expectError(await api('GET', `/api/v1/feed?limit=${limit}`), 400, 'MALFORMED_REQUEST');
  });

  it('answers a forged, truncated or altered cursor with 400 before authentication', async () => {
    const { nextCursor } = (await api('GET', '/api/v1/feed?limit=5')).body as Page;
    const good = nextCursor!;
    const [payload, mac] = good.split('.') as [string, string];
    const forgedPosition = Buffer.from('2030-01-01T00:00:00.000Z|x', 'utf8').toString('base64url');
    const bad = [
      'garbage',
      good.slice(0, -3),
      `${forgedPosition}.${mac}`,
      `${payload.slice(0, -2)}AA.${mac}`,
      `${payload}.${mac.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`,
      'x'.repeat(400),
    ];
    for (const cursor of bad) {
      expectError(await request(system.baseUrl, 'GET', `/api/v1/feed?cursor=${encodeURIComponent(cursor)}`), 400, 'MALFORMED_REQUEST');
      expectError(await api('GET', `/api/v1/feed?cursor=${encodeURIComponent(cursor)}`), 400, 'MALFORMED_REQUEST');
    }
    expect((await api('GET', `/api/v1/feed?limit=5&cursor=${encodeURIComponent(good)}`)).status).toBe(200);
  });

  it('is empty for a Site with no subscriptions', async () => {
    const other = await createCustomer(system);
    expect((await request(system.baseUrl, 'GET', '/api/v1/feed', { token: other.credential.secret })).body).toEqual({ data: [], nextCursor: null });
  });

  it('needs feed.read, and is a plan capability (CAPABILITY_NOT_ENTITLED without it)', async () => {
    const noFeed = (await system.admin('credential', 'create', '--site', owner.site.id, '--scopes', 'subscription.manage')) as { secret: string };
    expectError(await request(system.baseUrl, 'GET', '/api/v1/feed', { token: noFeed.secret }), 403, 'SCOPE_DENIED');
    const other = await createCustomer(system, '--plan', 'pro');
    await system.admin('site', 'set-plan', '--site', other.site.id, '--plan', 'free');
    expect((await request(system.baseUrl, 'GET', '/api/v1/feed', { token: other.credential.secret })).status).toBe(200);
  });

  it('answers 500 with a generic message on an unexpected failure, and 503 on a transient one', async () => {
    setFailpoints('feed.page=1*error');
    const failed = await api('GET', '/api/v1/feed?limit=3');
    expectError(failed, 500, 'INTERNAL_ERROR');
    expect((failed.body as { error: { message: string } }).error.message).not.toMatch(/failpoint|feed\.page/);
    setFailpoints('feed.page=1*unavailable');
    expectError(await api('GET', '/api/v1/feed?limit=3'), 503, 'SERVICE_UNAVAILABLE');
    expect((await api('GET', '/api/v1/feed?limit=3')).status).toBe(200);
  });
});
