/**
 * The feed cursor and the changes token at the edge, through the real route table: every refusal
 * is a 400 with the same message before authentication, whatever fails (the length, the pattern,
 * the MAC, the payload), and a refusal of another query parameter is told alone. A token that is
 * accepted is read once (src/tokens/), and its typed position is what the feed service is sent.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mintToken } from '@cfs/common/credential-token';
import { createLogger } from '@cfs/common/logger';
import type { ServiceClients } from '../src/clients/clients.ts';
import { ChangesTokenCodec, Signer } from '@cfs/common/tokens';
import { FeedCursorCodec } from '../src/tokens/feed-cursor.ts';
import { gatewayEnvSchema } from '../src/env.ts';
import { createGateway } from '../src/gateway.ts';
import { createMemoryStores } from '../src/stores/index.ts';

const SECRET = 'x'.repeat(32);
const cursors = new FeedCursorCodec(SECRET);
const tokens = new ChangesTokenCodec(SECRET);
const cursor = cursors.encode({ publishedAt: '2026-03-01T10:00:00.000Z', articleId: 'art_1' });
const since = tokens.encode({ siteId: 'site_1', seq: '42', version: 1, walk: null });
const [cursorPayload, cursorMac] = cursor.split('.') as [string, string];
const [sincePayload, sinceMac] = since.split('.') as [string, string];
const otherSecret = 'y'.repeat(32);

let server: Server;
let base: string;

beforeAll(async () => {
  const app = createGateway({
    env: gatewayEnvSchema.parse({ CURSOR_SECRET: SECRET }),
    clients: { identity: {}, account: {}, feed: {}, billing: {}, seo: {}, media: {} } as unknown as ServiceClients,
    logger: createLogger('test', { level: 'silent' }),
    stores: createMemoryStores(),
    apiReference: null,
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function refusal(pathAndQuery: string): Promise<{ status: number; code: string; message: string }> {
  const res = await fetch(`${base}${pathAndQuery}`);
  const body = (await res.json()) as { error: { code: string; message: string } };
  return { status: res.status, code: body.error.code, message: body.error.message };
}

const q = encodeURIComponent;
const NOT_A_CURSOR = 'query.cursor: not a cursor this API issued';
const NOT_A_TOKEN = 'query.since: not a token this API issued';

describe('GET /api/v1/feed refuses a cursor before authentication, always with one message', () => {
  const cases: Array<[string, string, string]> = [
    ['garbage', '/api/v1/feed?cursor=abc', NOT_A_CURSOR],
    ['no payload', `/api/v1/feed?cursor=${q(`.${cursorMac}`)}`, NOT_A_CURSOR],
    ['no MAC', `/api/v1/feed?cursor=${q(cursorPayload)}`, NOT_A_CURSOR],
    ['a truncated MAC', `/api/v1/feed?cursor=${q(`${cursorPayload}.${cursorMac.slice(0, -1)}`)}`, NOT_A_CURSOR],
    ['a padded MAC', `/api/v1/feed?cursor=${q(`${cursor}==`)}`, NOT_A_CURSOR],
    ['a second dot', `/api/v1/feed?cursor=${q(`${cursorPayload}.x.${cursorMac}`)}`, NOT_A_CURSOR],
    ['padding in the payload', `/api/v1/feed?cursor=${q(`${cursorPayload}=.${cursorMac}`)}`, NOT_A_CURSOR],
    [
      'another secret',
      `/api/v1/feed?cursor=${q(new FeedCursorCodec(otherSecret).encode({ publishedAt: '2026-03-01T10:00:00.000Z', articleId: 'a' }))}`,
      NOT_A_CURSOR,
    ],
    ['a changes token', `/api/v1/feed?cursor=${q(since)}`, NOT_A_CURSOR],
    ['a signed non-position', `/api/v1/feed?cursor=${q(cursors.encode({ publishedAt: 'not a date', articleId: 'a' }))}`, NOT_A_CURSOR],
    ['an empty id', `/api/v1/feed?cursor=${q(cursors.encode({ publishedAt: '2026-03-01T10:00:00.000Z', articleId: '' }))}`, NOT_A_CURSOR],
    ['an empty cursor', '/api/v1/feed?cursor=', 'query.cursor: Too small: expected string to have >=1 characters'],
    ['a cursor too long', `/api/v1/feed?cursor=${'a'.repeat(301)}`, 'query.cursor: Too big: expected string to have <=300 characters'],
    ['a bad limit with a bad cursor', '/api/v1/feed?limit=0&cursor=abc', 'query.limit: must be an integer from 1 to 100'],
    ['a bad limit with a good cursor', `/api/v1/feed?limit=101&cursor=${q(cursor)}`, 'query.limit: must be an integer from 1 to 100'],
  ];
  it.each(cases)('%s', async (_name, url, message) => {
    expect(await refusal(url)).toEqual({ status: 400, code: 'MALFORMED_REQUEST', message });
  });

  it('lets a cursor it issued through to authentication', async () => {
    expect(await refusal(`/api/v1/feed?limit=5&cursor=${q(cursor)}`)).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
  });
});

describe('GET /api/v1/feed/changes refuses a since token before authentication, with the same messages as before', () => {
  const PATTERN = 'query.since: Invalid string: must match pattern /^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]{22}$/';
  const cases: Array<[string, string, string]> = [
    ['garbage', '/api/v1/feed/changes?since=abc', PATTERN],
    ['no MAC', `/api/v1/feed/changes?since=${q(sincePayload)}`, PATTERN],
    ['a padded MAC', `/api/v1/feed/changes?since=${q(`${since}==`)}`, PATTERN],
    ['an altered MAC', `/api/v1/feed/changes?since=${q(`${sincePayload}.${sinceMac.slice(0, -1)}${sinceMac.at(-1) === 'A' ? 'B' : 'A'}`)}`, NOT_A_TOKEN],
    [
      'another secret',
      `/api/v1/feed/changes?since=${q(new ChangesTokenCodec(otherSecret).encode({ siteId: 's', seq: '1', version: 0, walk: null }))}`,
      NOT_A_TOKEN,
    ],
    ['a cursor', `/api/v1/feed/changes?since=${q(cursor)}`, NOT_A_TOKEN],
    ['an empty since', '/api/v1/feed/changes?since=', `query.since: Too small: expected string to have >=1 characters; ${PATTERN}`],
    ['a since too long', `/api/v1/feed/changes?since=${'a'.repeat(401)}`, `query.since: Too big: expected string to have <=400 characters; ${PATTERN}`],
    [
      'a bad limit with a bad token',
      `/api/v1/feed/changes?limit=0&since=${q(`${sincePayload}.${'A'.repeat(22)}`)}`,
      'query.limit: must be an integer from 1 to 100',
    ],
    ['a bad limit with garbage', '/api/v1/feed/changes?limit=0&since=abc', `${PATTERN}; query.limit: must be an integer from 1 to 100`],
  ];
  it.each(cases)('%s', async (_name, url, message) => {
    expect(await refusal(url)).toEqual({ status: 400, code: 'MALFORMED_REQUEST', message });
  });

  it('lets a token it issued through to authentication', async () => {
    expect(await refusal(`/api/v1/feed/changes?since=${q(since)}`)).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
  });
});

describe('a request reads its token once, and the gRPC request carries the typed position', () => {
  const credential = mintToken().token;
  const calls: Array<{ method: string; request: Record<string, unknown> }> = [];
  const at = { publishedAt: '2026-03-01T10:00:00.000Z', articleId: 'art_1' };
  const position = { siteId: 'site_1', seq: '42', version: 1, walk: null };
  /** A grpc-js client whose unary methods answer from `answers` and record each request. */
  const fake = (answers: Record<string, (request: Record<string, unknown>) => unknown>) =>
    Object.fromEntries(
      Object.entries(answers).map(([method, answer]) => [
        method,
        (request: Record<string, unknown>, _md: unknown, _opts: unknown, cb: (err: unknown, res?: unknown) => void) => {
          calls.push({ method, request });
          cb(null, answer(request));
        },
      ]),
    );
  let app: Server;
  let url: string;

  beforeAll(async () => {
    const gateway = createGateway({
      env: gatewayEnvSchema.parse({ CURSOR_SECRET: SECRET }),
      clients: {
        identity: fake({
          Authenticate: () => ({
            credential: {
              id: 'cred_1',
              siteId: 'site_1',
              customerId: 'cus_1',
              name: 'n',
              scopes: ['feed.read'],
              audience: 'content-feed',
              createdAt: new Date().toISOString(),
            },
          }),
        }),
        account: fake({
          ResolveSite: () => ({
            site: { id: 'site_1', customerId: 'cus_1', plan: 'feed' },
            customer: { id: 'cus_1' },
            plan: { id: 'feed', name: 'Feed', capabilities: [{ capability: 'feed', quota: 1000, period: 'day' }] },
          }),
        }),
        feed: fake({
          GetSubscriptions: () => ({ categories: ['tech'] }),
          GetFeedPage: () => ({ articles: [], next: null }),
          GetChanges: (request) => ({ changes: [], next: request.since, hasMore: false }),
        }),
        billing: {},
        seo: {},
        media: {},
      } as unknown as ServiceClients,
      logger: createLogger('test', { level: 'silent' }),
      stores: createMemoryStores(),
      apiReference: null,
    });
    app = gateway.listen(0, '127.0.0.1');
    await new Promise((resolve) => app.once('listening', resolve));
    url = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => app.close(() => resolve())));

  const get = (path: string) => fetch(`${url}${path}`, { headers: { authorization: `Bearer ${credential}` } });
  const spies = () => ({
    cursor: vi.spyOn(FeedCursorCodec.prototype, 'parse'),
    token: vi.spyOn(ChangesTokenCodec.prototype, 'parse'),
    verify: vi.spyOn(Signer.prototype, 'verify'),
  });
  afterEach(() => vi.restoreAllMocks());

  it('GET /api/v1/feed: one parse and one MAC check; the page is asked from the typed position', async () => {
    calls.length = 0;
    const spy = spies();
    const res = await get(`/api/v1/feed?limit=5&cursor=${q(cursor)}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: [], nextCursor: null });
    expect([spy.cursor.mock.calls.length, spy.token.mock.calls.length, spy.verify.mock.calls.length]).toEqual([1, 0, 1]);
    expect(calls.find((c) => c.method === 'GetFeedPage')?.request).toMatchObject({ limit: 5, after: at });
  });

  it('GET /api/v1/feed/changes: one parse and one MAC check per poll; a caught-up answer gives the token back', async () => {
    const token = tokens.encode(position);
    for (let poll = 1; poll <= 2; poll++) {
      calls.length = 0;
      const spy = spies();
      const res = await get(`/api/v1/feed/changes?since=${q(token)}`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ data: [], nextSince: token, hasMore: false });
      expect([spy.cursor.mock.calls.length, spy.token.mock.calls.length, spy.verify.mock.calls.length]).toEqual([0, 1, 1]);
      // The first poll asks the feed service with the typed position; the second is answered from the cache.
      expect(calls.filter((c) => c.method === 'GetChanges').map((c) => c.request)).toEqual(poll === 1 ? [expect.objectContaining({ since: position })] : []);
      vi.restoreAllMocks();
    }
  });
});
