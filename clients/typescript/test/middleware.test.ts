/**
 * The client's middleware against a tiny local HTTP server that answers what each test scripts:
 * retries of 429 and 503 (Retry-After in seconds and as an HTTP-date, the bounds on attempts and on
 * waiting), the Idempotency-Key of billing writes (one per call, the same on its retries), and
 * revalidation of GETs with their ETag (a 304 handed back as the kept 200).
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clientWithClock, createClient, type ClientOptions } from '../src/client.ts';
import { wasRevalidated } from '../src/etags.ts';
import { DEFAULT_RETRY, retryAfterMs, type RetryClock } from '../src/retry.ts';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}
interface Scripted {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

let server: Server;
let baseUrl: string;
let seen: Seen[];
let script: Scripted[];
/** What the server answers once the script is used up. */
let fallback: Scripted;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += String(c)));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      const answer = script.shift() ?? fallback;
      const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
      res.writeHead(answer.status, { ...(text ? { 'content-type': 'application/json' } : {}), 'x-request-id': `req-${seen.length}`, ...answer.headers });
      res.end(text);
    });
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen = [];
  script = [];
  fallback = { status: 200, body: {} };
});

const envelope = (code: string) => ({ error: { code, message: `${code} for the test` } });
const ME = { customer: { id: 'cus_1' }, site: { id: 'site_1' }, credential: { id: 'cred_1' } };

/** A clock that never waits: it records the waits asked for, and its time stands still unless moved. */
function fakeClock(now = Date.parse('2026-11-25T10:00:00Z')): RetryClock & { waits: number[] } {
  const waits: number[] = [];
  return { waits, now: () => now, random: () => 1, sleep: async (ms) => void waits.push(ms) };
}

function client(options: Partial<ClientOptions> = {}, clock: RetryClock = fakeClock()) {
  return clientWithClock({ baseUrl, token: 'cfs_test', ...options }, clock);
}

describe('Retry-After', () => {
  it('reads delay-seconds and HTTP-dates (a past date is no wait), and nothing else', () => {
    const now = Date.parse('2026-11-25T10:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs(' 0 ', now)).toBe(0);
    expect(retryAfterMs('Wed, 25 Nov 2026 10:00:07 GMT', now)).toBe(7000);
    expect(retryAfterMs('Wed, 25 Nov 2026 09:59:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs('-1', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });
});

describe('retries of 429 and 503', () => {
  it('retries a 429 after the Retry-After seconds and hands back the answer that followed', async () => {
    script = [
      { status: 429, headers: { 'retry-after': '2' }, body: envelope('RATE_LIMITED') },
      { status: 200, body: ME },
    ];
    const clock = fakeClock();
    const { data, error, response } = await client({}, clock).GET('/api/v1/me');
    expect(error).toBeUndefined();
    expect(data).toEqual(ME);
    expect(response.status).toBe(200);
    expect(clock.waits).toEqual([2000]);
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual(['GET /api/v1/me', 'GET /api/v1/me']);
    expect(seen[1]!.headers.authorization).toBe('Bearer cfs_test');
  });

  it('retries a 503 after a Retry-After given as an HTTP-date', async () => {
    const clock = fakeClock(Date.parse('2026-11-25T10:00:00Z'));
    script = [
      { status: 503, headers: { 'retry-after': 'Wed, 25 Nov 2026 10:00:04 GMT' }, body: envelope('SERVICE_UNAVAILABLE') },
      { status: 200, body: ME },
    ];
    const { data } = await client({}, clock).GET('/api/v1/me');
    expect(data).toEqual(ME);
    expect(clock.waits).toEqual([4000]);
  });

  it('gives up after maxAttempts tries in all, handing back the last answer with its typed error', async () => {
    fallback = { status: 429, headers: { 'retry-after': '1' }, body: envelope('RATE_LIMITED') };
    const clock = fakeClock();
    const { data, error, response } = await client({ retry: { maxAttempts: 3 } }, clock).GET('/api/v1/me');
    expect(data).toBeUndefined();
    expect(error?.error.code).toBe('RATE_LIMITED');
    expect(response.status).toBe(429);
    expect(seen).toHaveLength(3);
    expect(clock.waits).toEqual([1000, 1000]);
  });

  it('does not wait longer than maxWaitMs: an answer asking for more is handed back at once, Retry-After included', async () => {
    script = [{ status: 429, headers: { 'retry-after': '120' }, body: envelope('RATE_LIMITED') }];
    const clock = fakeClock();
    const { error, response } = await client({ retry: { maxWaitMs: 30_000 } }, clock).GET('/api/v1/me');
    expect(error?.error.code).toBe('RATE_LIMITED');
    expect(response.headers.get('retry-after')).toBe('120');
    expect(seen).toHaveLength(1);
    expect(clock.waits).toEqual([]);
  });

  it('without Retry-After, backs off exponentially from baseDelayMs (jittered to half of it at least), capped at maxWaitMs', async () => {
    fallback = { status: 503, body: envelope('SERVICE_UNAVAILABLE') };
    const clock = { ...fakeClock(), random: () => 0 };
    await client({ retry: { maxAttempts: 5, baseDelayMs: 1000, maxWaitMs: 3000 } }, clock).GET('/api/v1/me');
    expect(clock.waits).toEqual([500, 1000, 1500, 1500]);
    const top = fakeClock(); // random() = 1: the whole backoff
    await client({ retry: { maxAttempts: 4, baseDelayMs: 1000, maxWaitMs: 3000 } }, top).GET('/api/v1/me');
    expect(top.waits).toEqual([1000, 2000, 3000]);
  });

  it('retries nothing else (400, 401, 403, 500), and nothing with retry: false', async () => {
    for (const [status, code] of [
      [400, 'MALFORMED_REQUEST'],
      [401, 'UNAUTHENTICATED'],
      [403, 'QUOTA_EXHAUSTED'],
      [500, 'INTERNAL_ERROR'],
    ] as const) {
      seen = [];
      fallback = { status, body: envelope(code) };
      const { error } = await client().GET('/api/v1/me');
      expect(error?.error.code).toBe(code);
      expect(seen).toHaveLength(1);
    }
    seen = [];
    fallback = { status: 429, headers: { 'retry-after': '0' }, body: envelope('RATE_LIMITED') };
    await client({ retry: false }).GET('/api/v1/me');
    expect(seen).toHaveLength(1);
  });

  it('sends the same body again on a retried write', async () => {
    script = [
      { status: 503, headers: { 'retry-after': '0' }, body: envelope('SERVICE_UNAVAILABLE') },
      { status: 200, body: { categories: ['sports'] } },
    ];
    const { data } = await client().PUT('/api/v1/subscriptions', { body: { categories: ['sports'] } });
    expect(data).toEqual({ categories: ['sports'] });
    expect(seen.map((s) => s.body)).toEqual(['{"categories":["sports"]}', '{"categories":["sports"]}']);
  });

  it('stops waiting when the call is aborted', async () => {
    fallback = { status: 429, headers: { 'retry-after': '30' }, body: envelope('RATE_LIMITED') };
    const abort = new AbortController();
    const call = createClient({ baseUrl, token: 'cfs_test' }).GET('/api/v1/me', { signal: abort.signal });
    setTimeout(() => abort.abort(new Error('stopped by the test')), 50);
    await expect(call).rejects.toThrow('stopped by the test');
    expect(seen).toHaveLength(1);
  });
});

describe('Idempotency-Key on billing writes', () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it('sends a random UUID with a checkout, the same on each retry of the call, another on the next call', async () => {
    const checkout = { checkoutUrl: 'https://checkout.example/1' };
    script = [
      { status: 503, headers: { 'retry-after': '0' }, body: envelope('SERVICE_UNAVAILABLE') },
      { status: 429, headers: { 'retry-after': '0' }, body: envelope('RATE_LIMITED') },
      { status: 201, body: checkout },
      { status: 201, body: checkout },
    ];
    const api = client();
    const first = await api.POST('/api/v1/billing/checkout', { body: { plan: 'pro' } });
    expect(first.response.status).toBe(201);
    await api.POST('/api/v1/billing/checkout', { body: { plan: 'pro' } });
    const keys = seen.map((s) => s.headers['idempotency-key']);
    expect(keys[0]).toMatch(UUID);
    expect(keys.slice(0, 3)).toEqual([keys[0], keys[0], keys[0]]);
    expect(keys[3]).toMatch(UUID);
    expect(keys[3]).not.toBe(keys[0]);
  });

  it('sends one with a cancel too, keeps a key the caller gave, and sends none with other writes', async () => {
    fallback = { status: 200, body: {} };
    const api = client();
    await api.POST('/api/v1/billing/subscription/cancel', { body: {} });
    await api.POST('/api/v1/billing/checkout', { body: { plan: 'pro' }, params: { header: { 'Idempotency-Key': 'my-own-key' } } });
    await api.POST('/api/v1/account/sites', { body: { name: 'A', url: 'https://a.example' } });
    await api.PUT('/api/v1/subscriptions', { body: { categories: [] } });
    expect(seen.map((s) => s.headers['idempotency-key'])).toEqual([expect.stringMatching(UUID), 'my-own-key', undefined, undefined]);
  });
});

describe('ETag revalidation of GETs', () => {
  const page1 = { data: [{ id: 'a1' }], nextCursor: null };
  const page2 = { data: [{ id: 'a2' }], nextCursor: null };

  it('sends If-None-Match with the kept ETag, and hands back a 304 as the kept 200 with the 304’s headers', async () => {
    script = [
      { status: 200, headers: { etag: '"v1"', 'cache-control': 'private, no-cache' }, body: page1 },
      { status: 304, headers: { etag: '"v1"', 'ratelimit-remaining': '7' } },
    ];
    const api = client();
    const first = await api.GET('/api/v1/feed', { params: { query: { limit: 1 } } });
    expect(wasRevalidated(first.response)).toBe(false);
    const second = await api.GET('/api/v1/feed', { params: { query: { limit: 1 } } });
    expect(seen[0]!.headers['if-none-match']).toBeUndefined();
    expect(seen[1]!.headers['if-none-match']).toBe('"v1"');
    expect(second.response.status).toBe(200);
    expect(second.error).toBeUndefined();
    expect(second.data).toEqual(page1);
    expect(wasRevalidated(second.response)).toBe(true);
    expect(second.response.headers.get('x-request-id')).toBe('req-2');
    expect(second.response.headers.get('ratelimit-remaining')).toBe('7');
    expect(second.response.headers.get('content-type')).toBe('application/json');
  });

  it('takes a changed answer (a new ETag) and revalidates with it from then on; another URL is kept apart', async () => {
    script = [
      { status: 200, headers: { etag: '"v1"' }, body: page1 },
      { status: 200, headers: { etag: '"v2"' }, body: page2 },
      { status: 304, headers: { etag: '"v2"' } },
      { status: 200, headers: { etag: '"other"' }, body: page1 },
    ];
    const api = client();
    await api.GET('/api/v1/feed');
    expect((await api.GET('/api/v1/feed')).data).toEqual(page2);
    expect((await api.GET('/api/v1/feed')).data).toEqual(page2);
    await api.GET('/api/v1/feed', { params: { query: { limit: 5 } } });
    expect(seen.map((s) => s.headers['if-none-match'])).toEqual([undefined, '"v1"', '"v2"', undefined]);
  });

  it('revalidates after a retry: a 503, then a 304 for the If-None-Match the call carried', async () => {
    script = [
      { status: 200, headers: { etag: '"v1"' }, body: page1 },
      { status: 503, headers: { 'retry-after': '0' }, body: envelope('SERVICE_UNAVAILABLE') },
      { status: 304, headers: { etag: '"v1"' } },
    ];
    const api = client();
    await api.GET('/api/v1/feed');
    const again = await api.GET('/api/v1/feed');
    expect(seen.map((s) => s.headers['if-none-match'])).toEqual([undefined, '"v1"', '"v1"']);
    expect(again.data).toEqual(page1);
    expect(wasRevalidated(again.response)).toBe(true);
  });

  it('keeps nothing without an ETag, leaves a caller’s own If-None-Match alone, and forgets the least recently used', async () => {
    script = [{ status: 200, body: page1 }];
    const api = client({ etagCache: { maxEntries: 1 } });
    await api.GET('/api/v1/feed');
    fallback = { status: 200, headers: { etag: '"t"' }, body: page1 };
    await api.GET('/api/v1/feed');
    script = [{ status: 304, headers: { etag: '"mine"' } }];
    const own = await api.GET('/api/v1/feed', { params: { header: { 'If-None-Match': '"mine"' } as never } });
    expect(own.response.status).toBe(304);
    expect(wasRevalidated(own.response)).toBe(false);
    await api.GET('/api/v1/taxonomy'); // the one kept answer is now the taxonomy's
    await api.GET('/api/v1/feed');
    expect(seen.map((s) => s.headers['if-none-match'])).toEqual([undefined, undefined, '"mine"', undefined, undefined]);
  });

  it('does not revalidate writes, and not at all with etagCache: false', async () => {
    fallback = { status: 200, headers: { etag: '"w"' }, body: { categories: [] } };
    const api = client({ etagCache: false });
    await api.GET('/api/v1/subscriptions');
    await api.GET('/api/v1/subscriptions');
    const writes = client();
    await writes.PUT('/api/v1/subscriptions', { body: { categories: [] } });
    await writes.PUT('/api/v1/subscriptions', { body: { categories: [] } });
    expect(seen.map((s) => s.headers['if-none-match'])).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('default bounds are documented values', () => {
    expect(DEFAULT_RETRY).toEqual({ maxAttempts: 3, maxWaitMs: 30_000, baseDelayMs: 500 });
  });
});
