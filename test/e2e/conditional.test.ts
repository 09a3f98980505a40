/**
 * Conditional requests (docs/api.md#conditional-requests) over HTTP on the real system:
 * GET /api/v1/feed, /taxonomy, /subscriptions and /seo-profile carry a strong ETag of their content,
 * the same for every Credential of a Site, and `Cache-Control: private, no-cache`; a matching
 * If-None-Match (a list, a weak tag or `*`; with or without `Cache-Control: no-cache` and
 * `Pragma: no-cache`) is a 304 without a body that is checked in the pipeline's order, counted by
 * the rate limit and never charged against the plan's quota. Categories of its own (a unique prefix).
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, type Owner } from '../support/customers.ts';
import { jsonl, tempFile } from '../support/files.ts';
import { expectError, request, type Answer } from '../support/http.ts';
import { checkAgainstOpenApi, checkHeadersAgainstOpenApi } from '../support/openapi.ts';
import { eventually } from '../support/processes.ts';
import { startSystem, type TestSystem } from '../support/system.ts';

const p = `cr${Date.now().toString(36)}${process.pid}`;
const cat = (name: string) => `${p}-${name}`;
const RATE_LIMIT = 30;
/** How long an announcement may take to reach a replica (Redis pub/sub: milliseconds). */
const ANNOUNCED_WITHIN_MS = 2000;
const ETAG = /^"[A-Za-z0-9_-]{43}"$/;
const REVALIDATE = 'private, no-cache';

const roomy = { quota: 1000, period: 'day' as const };
const catalog = {
  defaultPlan: 'basic',
  plans: {
    basic: { name: 'Basic', capabilities: { feed: roomy, subscriptions: roomy, seo_profile: roomy } },
    tiny: { name: 'Tiny', capabilities: { feed: { quota: 2, period: 'day' as const }, subscriptions: roomy } },
    nothing: { name: 'Nothing', capabilities: {} },
  },
};

/** The four conditional GETs, and the capability each is charged against. */
const ROUTES = [
  { path: '/api/v1/feed?limit=5', capability: 'feed' },
  { path: '/api/v1/feed/changes?limit=5', capability: 'feed' },
  { path: '/api/v1/taxonomy', capability: 'subscriptions' },
  { path: '/api/v1/subscriptions', capability: 'subscriptions' },
  { path: '/api/v1/seo-profile', capability: 'seo_profile' },
] as const;
const ALL_SCOPES = 'feed.read,subscription.manage,seo.profile.manage';
const profile = { siteName: 'Conditional', locale: 'en-US', keywords: ['etag'], tone: 'plain', topics: ['caching'] };

let system: TestSystem;
let other: string;
let serial = 0;

beforeAll(async () => {
  system = await startSystem({
    catalog,
    gatewayEnv: { RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT) },
    redisPrefix: `cfs:conditional:${process.pid}:${Date.now()}:`,
  });
  other = await system.startGateway();
  const taxonomy = { categories: ['alpha', 'beta'].map((n) => ({ key: cat(n), name: `Conditional ${n}`, topics: [] })) };
  await system.admin('taxonomy', 'import', '--file', tempFile('conditional-taxonomy.json', JSON.stringify(taxonomy)));
  await importArticles(cat('alpha'), 3);
  await importArticles(cat('beta'), 3);
});
afterAll(async () => {
  await system?.stop();
});

async function importArticles(category: string, count: number): Promise<void> {
  const rows = Array.from({ length: count }, () => {
    serial += 1;
    return {
      id: `${p}-${serial}`,
      title: `Story ${serial}`,
      url: `https://news.example.com/${p}/${serial}`,
      publishedAt: new Date(Date.UTC(2026, 0, 1) + serial * 60_000).toISOString(),
      categories: [category],
    };
  });
  expect(((await system.admin('articles', 'import', '--file', tempFile('conditional.jsonl', jsonl(rows)))) as { imported: number }).imported).toBe(count);
}

/** A Credential of the Site of its own (its own rate-limit window). */
async function credential(owner: Owner, scopes = ALL_SCOPES, ...flags: string[]): Promise<string> {
  return ((await system.admin('credential', 'create', '--site', owner.site.id, '--scopes', scopes, ...flags)) as { secret: string }).secret;
}

/** A Site subscribed to `categories`, with an SEO profile, and a Credential of its own for the test. */
async function site(categories = [cat('alpha')], ...flags: string[]): Promise<{ owner: Owner; token: string }> {
  const owner = await createCustomer(system, ...flags);
  const put = (path: string, body: unknown) => request(system.baseUrl, 'PUT', path, { token: owner.credential.secret, body });
  expect((await put('/api/v1/subscriptions', { categories })).status).toBe(200);
  if (flags.length === 0) expect((await put('/api/v1/seo-profile', profile)).status).toBe(200);
  return { owner, token: await credential(owner) };
}

const get = (path: string, token: string | undefined, ifNoneMatch?: string, base = system.baseUrl) =>
  request(base, 'GET', path, { ...(token ? { token } : {}), ...(ifNoneMatch === undefined ? {} : { headers: { 'if-none-match': ifNoneMatch } }) });

/** The route's answer now: 200, and its ETag. */
async function etagOf(path: string, token: string, base = system.baseUrl): Promise<string> {
  const res = await get(path, token, undefined, base);
  expect(res.status, `${path}: ${res.text}`).toBe(200);
  return res.headers.get('etag')!;
}

/**
 * A GET through node:http, with exactly the headers given (fetch adds `Cache-Control: no-cache` and
 * `Pragma: no-cache` to every request with If-None-Match), checked against the description as well.
 */
function rawGet(path: string, headers: Record<string, string>): Promise<{ status: number; headers: Headers; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(system.baseUrl + path, { headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        const status = res.statusCode ?? 0;
        const mismatch = checkAgainstOpenApi('GET', path, status, text ? JSON.parse(text) : undefined);
        if (mismatch) return reject(new Error(`OpenAPI drift: ${mismatch}`));
        const all = new Headers();
        for (const [name, value] of Object.entries(res.headers)) if (typeof value === 'string') all.set(name, value);
        resolve({ status, headers: all, text });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

const accountants = new Map<string, string>();
/** Units of `capability` used this period, read with a Credential of its own. */
async function used(owner: Owner, capability: string): Promise<number> {
  let token = accountants.get(owner.site.id);
  if (!token) accountants.set(owner.site.id, (token = await credential(owner, 'account.manage')));
  const res = await request(system.baseUrl, 'GET', `/api/v1/account/sites/${owner.site.id}/entitlements`, { token });
  expect(res.status).toBe(200);
  return (res.body as { capabilities: Record<string, { used: number }> }).capabilities[capability]!.used;
}

/**
 * Runs a check again (up to 3 times) when it fails: the taxonomy is every Site's, and other test
 * files import categories while this one runs, so its answer (and its tag) may change between two
 * reads. A check that fails for another reason fails every time.
 */
async function retried(check: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await check();
    } catch (err) {
      if (attempt === 3) throw err;
    }
  }
}

function expectNotModified(res: { status: number; headers: Headers; text: string }, etag: string): void {
  expect(res.status).toBe(304);
  expect(res.text).toBe('');
  expect(res.headers.get('etag')).toBe(etag);
  expect(res.headers.get('cache-control')).toBe(REVALIDATE);
  expect(res.headers.get('content-type')).toBeNull();
}

/** An error answer of a conditional route: the envelope, without a validator, never stored. */
function expectRefused(res: Answer, status: number, code: string): void {
  expectError(res, status, code);
  expect(res.headers.get('etag')).toBeNull();
  expect(res.headers.get('cache-control')).toBe('no-store');
}

describe('the ETag and Cache-Control of the conditional GETs', () => {
  it('are a strong tag of the content and private, no-cache on the feed, taxonomy, subscriptions and SEO profile; no-store elsewhere', async () => {
    const { owner, token } = await site();
    for (const { path } of ROUTES) {
      await retried(async () => {
        const res = await get(path, token);
        expect(res.status, path).toBe(200);
        expect(res.headers.get('etag'), path).toMatch(ETAG);
        expect(res.headers.get('cache-control'), path).toBe(REVALIDATE);
        expect(checkHeadersAgainstOpenApi('GET', path, res.status, res.headers), path).toBeNull();
        // Stable: the same content, the same tag, on this replica and on another.
        expect(await etagOf(path, token), path).toBe(res.headers.get('etag'));
        expect(await etagOf(path, token, other), path).toBe(res.headers.get('etag'));
      });
    }
    const me = await request(system.baseUrl, 'GET', '/api/v1/me', { token: owner.credential.secret, headers: { 'if-none-match': '*' } });
    expect(me.status).toBe(200);
    expect([me.headers.get('etag'), me.headers.get('cache-control')]).toEqual([null, 'no-store']);
  });

  it('are the same for every Credential of a Site, a new one included, and differ between Sites whose answers differ', async () => {
    const a = await site([cat('alpha')]);
    const second = await credential(a.owner);
    const b = await site([cat('beta')]);
    for (const { path } of ROUTES) {
      await retried(async () => {
        const tag = await etagOf(path, a.token);
        expect(await etagOf(path, second), path).toBe(tag);
        // A Credential made after the tag was given (a rotated key) revalidates the copy: 304.
        expectNotModified(await get(path, await credential(a.owner), tag), tag);
      });
    }
    const differs = async (path: string) => expect(await etagOf(path, b.token), path).not.toBe(await etagOf(path, a.token));
    await differs('/api/v1/feed?limit=5');
    await differs('/api/v1/subscriptions');
    // The same content is the same tag, whatever the Site: the taxonomy is everyone's.
    await retried(async () => expect(await etagOf('/api/v1/taxonomy', b.token)).toBe(await etagOf('/api/v1/taxonomy', a.token)));
  });
});

describe('a matching If-None-Match', () => {
  it('is a 304 with no body, with the ETag, Cache-Control and RateLimit headers', async () => {
    const { token } = await site();
    for (const { path } of ROUTES) {
      await retried(async () => {
        const etag = await etagOf(path, token);
        const res = await get(path, token, etag);
        expectNotModified(res, etag);
        expect(res.headers.get('ratelimit-limit')).toBe(String(RATE_LIMIT));
        expect(Number(res.headers.get('ratelimit-remaining'))).toBeLessThan(RATE_LIMIT);
        expect(res.headers.get('ratelimit-reset')).toMatch(/^[0-9]+$/);
        expect(res.headers.get('x-request-id')).toBeTruthy();
        expect(checkHeadersAgainstOpenApi('GET', path, 304, res.headers), path).toBeNull();
      });
    }
  });

  it('is a 304 with Cache-Control: no-cache, with Pragma: no-cache, with both (as fetch sends) and with neither', async () => {
    const { token } = await site();
    const path = '/api/v1/feed?limit=5';
    const etag = await etagOf(path, token);
    const base = { authorization: `Bearer ${token}`, 'if-none-match': etag };
    const extras: Array<Record<string, string>> = [
      {},
      { 'cache-control': 'no-cache' },
      { pragma: 'no-cache' },
      { 'cache-control': 'no-cache, max-age=0', pragma: 'no-cache' },
    ];
    for (const extra of extras) {
      expectNotModified(await rawGet(path, { ...base, ...extra }), etag);
    }
    expectNotModified(await get(path, token, etag), etag);
  });

  it('matches a list of tags holding it, its weak form and *; anything else is a 200 with the tag', async () => {
    const { token } = await site();
    const path = '/api/v1/subscriptions';
    const etag = await etagOf(path, token);
    for (const header of [`"stale", ${etag}`, `${etag},"stale"`, `W/"stale", W/${etag}`, '*']) expectNotModified(await get(path, token, header), etag);
    for (const header of ['"stale"', '"stale", W/"older"', etag.slice(1, -1), `${etag.slice(0, -2)}"`]) {
      const res = await get(path, token, header);
      expect(res.status, header).toBe(200);
      expect(res.body).toEqual({ categories: [cat('alpha')] });
      expect(res.headers.get('etag')).toBe(etag);
    }
  });
});

describe('a 304 and the plan quota', () => {
  it('is never charged: N 304s leave `used` where it was, N 200s take N, on every conditional route', async () => {
    const { owner } = await site();
    const N = 4;
    for (const { path, capability } of ROUTES) {
      await retried(async () => {
        // A Credential of its own: its first request on the other replica is checked on no cache (the
        // unit taken in a call of its own), the others on the caches (taken in the rate limit's script).
        const token = await credential(owner);
        const etag = await etagOf(path, token);
        const before = await used(owner, capability);
        for (let i = 0; i < N; i++) expectNotModified(await get(path, token, etag, other), etag);
        for (let i = 0; i < N; i++) expectNotModified(await get(path, token, etag), etag);
        expect(await used(owner, capability), path).toBe(before);
        for (let i = 0; i < N; i++) expect((await get(path, token)).status).toBe(200);
        expect(await used(owner, capability), path).toBe(before + N);
      });
    }
  });

  it('leaves the quota to the 200s: with 2 units a day, any number of 304s, then 2 answers, then QUOTA_EXHAUSTED (not 304)', async () => {
    const { owner } = await site([cat('alpha')], '--plan', 'tiny');
    const path = '/api/v1/feed?limit=5';
    const token = await credential(owner);
    const etag = await etagOf(path, token); // 1 of 2
    for (let i = 0; i < 6; i++) expectNotModified(await get(path, token, etag), etag);
    expect(await used(owner, 'feed')).toBe(1);
    expect((await get(path, token)).status).toBe(200); // 2 of 2
    expectRefused(await get(path, token, etag), 403, 'QUOTA_EXHAUSTED');
    expectRefused(await get(path, await credential(owner), etag), 403, 'QUOTA_EXHAUSTED');
    expect(await used(owner, 'feed')).toBe(2);
  });
});

describe('a conditional request answered 200', () => {
  it('is charged once, after its answer is known; under concurrency never more than the quota', async () => {
    const { owner } = await site([cat('alpha')], '--plan', 'tiny');
    const path = '/api/v1/feed?limit=5';
    const token = await credential(owner);
    const stale = await get(path, token, '"stale"');
    expect(stale.status).toBe(200);
    expect(stale.headers.get('etag')).toMatch(ETAG);
    expect(await used(owner, 'feed')).toBe(1);
    // Six stale revalidations at once over two replicas, for the one unit left: each is checked in
    // admission without taking, and the unit is taken after the answer: one 200, five refusals.
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => get(path, token, '"stale"', i % 2 ? other : system.baseUrl)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 200)) expectRefused(refused, 403, 'QUOTA_EXHAUSTED');
    expect(await used(owner, 'feed')).toBe(2);
  });
});

describe('the order of checks before a 304', () => {
  it('400, 401, 403 SCOPE_DENIED, WRONG_AUDIENCE and CAPABILITY_NOT_ENTITLED come first, with a matching If-None-Match', async () => {
    const { owner, token } = await site();
    const path = '/api/v1/feed?limit=5';
    const etag = await etagOf(path, token);
    expectNotModified(await get(path, token, etag), etag);
    expectRefused(await get('/api/v1/feed?limit=0', token, etag), 400, 'MALFORMED_REQUEST');
    expectRefused(await get('/api/v1/feed?limit=5&cursor=forged', token, etag), 400, 'MALFORMED_REQUEST');
    expectRefused(await get('/api/v1/feed?limit=0', undefined, etag), 400, 'MALFORMED_REQUEST');
    expectRefused(await get(path, undefined, etag), 401, 'UNAUTHENTICATED');
    expectRefused(await get(path, `${token.slice(0, -4)}AAAA`, etag), 401, 'UNAUTHENTICATED');
    const revoked = (await system.admin('credential', 'create', '--site', owner.site.id, '--scopes', ALL_SCOPES)) as { id: string; secret: string };
    expectNotModified(await get(path, revoked.secret, etag), etag);
    await system.admin('credential', 'revoke', '--site', owner.site.id, '--credential', revoked.id);
    expectRefused(await get(path, revoked.secret, etag), 401, 'UNAUTHENTICATED');
    expectRefused(await get(path, await credential(owner, 'subscription.manage'), etag), 403, 'SCOPE_DENIED');
    expectRefused(await get(path, await credential(owner, 'feed.read', '--audience', 'seo-suite'), etag), 403, 'WRONG_AUDIENCE');
    const taxonomy = await etagOf('/api/v1/taxonomy', token);
    const empty = await createCustomer(system, '--plan', 'nothing');
    expectRefused(await get('/api/v1/taxonomy', await credential(empty), taxonomy), 403, 'CAPABILITY_NOT_ENTITLED');
    expectRefused(await get('/api/v1/taxonomy', await credential(empty), '*'), 403, 'CAPABILITY_NOT_ENTITLED');
  });

  it('is counted by the security rate limit: 304s until the window is used up, then 429 RATE_LIMITED', async () => {
    const { token } = await site();
    const path = '/api/v1/subscriptions';
    const etag = await etagOf(path, token); // 1 of the window
    let remaining = RATE_LIMIT - 1;
    for (let i = 1; i < RATE_LIMIT; i++) {
      const res = await get(path, token, etag);
      expectNotModified(res, etag);
      remaining -= 1;
      expect(Number(res.headers.get('ratelimit-remaining'))).toBe(remaining);
    }
    const limited = await get(path, token, etag);
    expectRefused(limited, 429, 'RATE_LIMITED');
    expect(limited.headers.get('retry-after')).toMatch(/^[0-9]+$/);
  });
});

describe('the ETag changes with the answer', () => {
  it('of the feed after an import into a subscribed category, and not after one elsewhere', async () => {
    const { token } = await site([cat('alpha')]);
    const path = '/api/v1/feed?limit=5';
    const etag = await etagOf(path, token);
    await importArticles(cat('beta'), 1);
    // Every page is dropped on an import; the page read again is the same bytes: the same tag.
    await eventually(async () => (await get(path, token, etag)).status === 304, ANNOUNCED_WITHIN_MS, 'the unchanged feed revalidated');
    await importArticles(cat('alpha'), 1);
    for (const base of [system.baseUrl, other]) {
      await eventually(async () => (await get(path, token, etag, base)).status === 200, ANNOUNCED_WITHIN_MS, 'the new article');
      const res = await get(path, token, etag, base);
      expect(res.headers.get('etag')).toMatch(ETAG);
      expect(res.headers.get('etag')).not.toBe(etag);
      expect((res.body as { data: Array<{ id: string }> }).data[0]!.id).toBe(`${p}-${serial}`);
      expectNotModified(await get(path, token, res.headers.get('etag')!, base), res.headers.get('etag')!);
    }
  });

  it('of the subscriptions and the feed after a subscription change', async () => {
    const { owner, token } = await site([cat('alpha')]);
    const subscriptions = await etagOf('/api/v1/subscriptions', token);
    const feed = await etagOf('/api/v1/feed?limit=5', token);
    const put = await request(system.baseUrl, 'PUT', '/api/v1/subscriptions', { token: owner.credential.secret, body: { categories: [cat('beta')] } });
    expect(put.status).toBe(200);
    expect(put.headers.get('etag')).toBeNull();
    expect(put.headers.get('cache-control')).toBe('no-store');
    const now = await get('/api/v1/subscriptions', token, subscriptions);
    expect(now.status).toBe(200);
    expect(now.body).toEqual({ categories: [cat('beta')] });
    expect(now.headers.get('etag')).not.toBe(subscriptions);
    expect((await get('/api/v1/feed?limit=5', token, feed)).status).toBe(200);
    await eventually(
      async () => (await get('/api/v1/feed?limit=5', token, feed, other)).status === 200,
      ANNOUNCED_WITHIN_MS,
      'the change on the other replica',
    );
  });

  it('of the SEO profile after a replace, and of the taxonomy after an import', async () => {
    const { owner, token } = await site();
    const seo = await etagOf('/api/v1/seo-profile', token);
    const taxonomy = await etagOf('/api/v1/taxonomy', token);
    const put = await request(system.baseUrl, 'PUT', '/api/v1/seo-profile', { token: owner.credential.secret, body: { ...profile, tone: 'warm' } });
    expect(put.status).toBe(200);
    const now = await get('/api/v1/seo-profile', token, seo);
    expect(now.status).toBe(200);
    expect((now.body as { tone: string }).tone).toBe('warm');
    expect(now.headers.get('etag')).not.toBe(seo);
    const added = { categories: [{ key: cat(`gamma${serial}`), name: 'Conditional gamma', topics: [] }] };
    await system.admin('taxonomy', 'import', '--file', tempFile('conditional-taxonomy.json', JSON.stringify(added)));
    const fresh = await get('/api/v1/taxonomy', token, taxonomy);
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('etag')).not.toBe(taxonomy);
  });
});
