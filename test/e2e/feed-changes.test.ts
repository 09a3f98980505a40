/**
 * GET /api/v1/feed/changes over HTTP (services/feed/README.md#the-changes-feed): a mirror kept by the changes feed equals the feed
 * walked with GET /api/v1/feed after imports, updates, `articles remove` and subscription changes;
 * caught-up answers repeat their token; tokens are checked before authentication. Categories of its
 * own (a unique prefix), so other test files' articles never show up here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, type Owner } from '../support/customers.ts';
import { jsonl, tempFile } from '../support/files.ts';
import { expectError, request } from '../support/http.ts';
import { startSystem, type TestSystem } from '../support/system.ts';

const p = `fc${Date.now().toString(36)}${process.pid}`;
const cat = (name: string) => `${p}-${name}`;

let system: TestSystem;

interface Item {
  id: string;
  title: string;
  categories: string[];
}
type Change = { type: 'upsert'; article: Item } | { type: 'delete'; id: string; reason: string };
interface Changes {
  data: Change[];
  nextSince: string;
  hasMore: boolean;
}

beforeAll(async () => {
  system = await startSystem();
  const taxonomy = { categories: ['alpha', 'beta', 'gamma'].map((n) => ({ key: cat(n), name: `Cat ${n}`, topics: [] })) };
  await system.admin('taxonomy', 'import', '--file', tempFile('changes-taxonomy.json', JSON.stringify(taxonomy)));
});
afterAll(async () => {
  await system?.stop();
});

let n = 0;
async function importArticles(...rows: Array<{ id?: string; title?: string; categories: string[] }>): Promise<string[]> {
  const lines = rows.map((r) => {
    n += 1;
    const id = r.id ?? `${p}-${n}`;
    return {
      id,
      title: r.title ?? `Story ${n}`,
      url: `https://news.example.com/${id}`,
      publishedAt: new Date(Date.UTC(2026, 5, 1) + n * 60_000).toISOString(),
      categories: r.categories.map(cat),
    };
  });
  await system.admin('articles', 'import', '--file', tempFile(`changes-${n}.jsonl`, jsonl(lines)));
  return lines.map((l) => l.id);
}

class Mirror {
  readonly held = new Map<string, string>();
  since: string | undefined;
  constructor(readonly owner: Owner) {}

  async sync(limit = 3): Promise<Changes[]> {
    const answers: Changes[] = [];
    for (let i = 0; i < 200; i++) {
      const query = `limit=${limit}${this.since ? `&since=${encodeURIComponent(this.since)}` : ''}`;
      const res = await request(system.baseUrl, 'GET', `/api/v1/feed/changes?${query}`, { token: this.owner.credential.secret });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const body = res.body as Changes;
      answers.push(body);
      for (const c of body.data) {
        if (c.type === 'upsert') this.held.set(c.article.id, JSON.stringify([c.article.title, c.article.categories]));
        else this.held.delete(c.id);
      }
      this.since = body.nextSince;
      if (!body.hasMore) return answers;
    }
    throw new Error('too many answers');
  }
}

async function feedWalk(owner: Owner): Promise<Map<string, string>> {
  const all = new Map<string, string>();
  let cursor: string | null = null;
  do {
    const res = await request(system.baseUrl, 'GET', `/api/v1/feed?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, {
      token: owner.credential.secret,
    });
    const page = res.body as { data: Item[]; nextCursor: string | null };
    for (const a of page.data) all.set(a.id, JSON.stringify([a.title, a.categories]));
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}

const subscribe = async (owner: Owner, ...names: string[]) =>
  expect((await request(system.baseUrl, 'PUT', '/api/v1/subscriptions', { token: owner.credential.secret, body: { categories: names.map(cat) } })).status).toBe(
    200,
  );

describe('the changes feed', () => {
  it('keeps a mirror equal to the feed through imports, updates, removals and subscription changes', async () => {
    const owner = await createCustomer(system, '--plan', 'pro');
    const mirror = new Mirror(owner);
    await subscribe(owner, 'alpha');
    const [a1, a2] = await importArticles({ categories: ['alpha'] }, { categories: ['alpha', 'beta'] });
    await importArticles({ categories: ['beta'] });
    const first = await mirror.sync();
    expect(first.flatMap((a) => a.data).every((c) => c.type === 'upsert')).toBe(true);
    expect(mirror.held).toEqual(await feedWalk(owner));

    await importArticles({ id: a1, title: 'Updated', categories: ['alpha'] }, { categories: ['alpha'] });
    await system.admin('articles', 'remove', '--id', a2!);
    const changes = (await mirror.sync()).flatMap((a) => a.data);
    expect(changes).toContainEqual({ type: 'delete', id: a2, reason: 'removed' });
    expect(changes.find((c) => c.type === 'upsert' && c.article.id === a1)).toMatchObject({ article: { title: 'Updated' } });
    expect(mirror.held).toEqual(await feedWalk(owner));

    await subscribe(owner, 'beta');
    const moved = (await mirror.sync()).flatMap((a) => a.data);
    expect(moved).toContainEqual({ type: 'delete', id: a1, reason: 'unsubscribed' });
    expect(mirror.held).toEqual(await feedWalk(owner));
    // An article moved out of the subscribed categories by an update leaves the mirror too.
    const [b] = await importArticles({ categories: ['beta'] });
    await mirror.sync();
    await importArticles({ id: b, categories: ['gamma'] });
    await mirror.sync();
    expect(mirror.held.has(b!)).toBe(false);
    expect(mirror.held).toEqual(await feedWalk(owner));
  });

  it('gives a caught-up client its own token back, the same for every Credential of the Site', async () => {
    const owner = await createCustomer(system, '--plan', 'pro');
    await subscribe(owner, 'gamma');
    await importArticles({ categories: ['gamma'] });
    const mirror = new Mirror(owner);
    await mirror.sync(100);
    const caughtUp = mirror.since!;
    const again = await mirror.sync(100);
    expect(again).toEqual([{ data: [], nextSince: caughtUp, hasMore: false }]);
    const other = (await system.admin('credential', 'create', '--site', owner.site.id, '--scopes', 'feed.read')) as { secret: string };
    const res = await request(system.baseUrl, 'GET', `/api/v1/feed/changes?since=${encodeURIComponent(caughtUp)}`, { token: other.secret });
    expect(res.body).toEqual({ data: [], nextSince: caughtUp, hasMore: false });
  });

  it('refuses a token that was altered or is not one, before authentication, and a token of another Site', async () => {
    const owner = await createCustomer(system, '--plan', 'pro');
    const mirror = new Mirror(owner);
    await mirror.sync();
    const token = mirror.since!;
    const altered = `${token.slice(0, 5)}${token[5] === 'A' ? 'B' : 'A'}${token.slice(6)}`;
    for (const since of [altered, 'not-a-token', `${token}x`])
      expectError(await request(system.baseUrl, 'GET', `/api/v1/feed/changes?since=${encodeURIComponent(since)}`), 400, 'MALFORMED_REQUEST');
    const stranger = await createCustomer(system, '--plan', 'pro');
    expectError(
      await request(system.baseUrl, 'GET', `/api/v1/feed/changes?since=${encodeURIComponent(token)}`, { token: stranger.credential.secret }),
      400,
      'MALFORMED_REQUEST',
    );
    expectError(await request(system.baseUrl, 'GET', '/api/v1/feed/changes?limit=0', { token: owner.credential.secret }), 400, 'MALFORMED_REQUEST');
  });
});
