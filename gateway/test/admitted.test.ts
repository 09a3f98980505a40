/**
 * What admission learned is handed to the route's handler, so nothing is read twice: on a warm
 * plan-gated request (GET /api/v1/feed with its Credential and Site cached) the handler gets the
 * Credential, its Site and the request id from admission, and neither the Credential cache nor the
 * Site cache is read again past admission. The identity, account and feed services are fakes.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mintToken } from '@cfs/common/credential-token';
import { createLogger } from '@cfs/common/logger';
import { Authenticator } from '../src/caches/authenticator.ts';
import type { ServiceClients } from '../src/clients/clients.ts';
import { gatewayEnvSchema } from '../src/env.ts';
import { createGateway } from '../src/gateway.ts';
import { SiteDirectory } from '../src/caches/sites.ts';
import { createMemoryStores } from '../src/stores/index.ts';
import { serve } from './support.ts';

type Callback = (err: unknown, res?: unknown) => void;
const token = mintToken().token;
const plan = { id: 'pro', name: 'Pro', capabilities: [{ capability: 'feed', quota: 1000, period: 'day' }] };
const at = '2026-11-27T00:00:00.000Z';
const requestIds: string[] = [];

const clients = {
  identity: {
    Authenticate(_req: unknown, _md: unknown, _opts: unknown, cb: Callback) {
      cb(null, {
        credential: { id: 'cred_1', siteId: 'site_1', customerId: 'cus_1', name: 'n', scopes: ['feed.read'], audience: 'content-feed', createdAt: at },
      });
    },
  },
  account: {
    ResolveSite(_req: unknown, _md: unknown, _opts: unknown, cb: Callback) {
      cb(null, {
        site: { id: 'site_1', customerId: 'cus_1', name: 'S', url: 'https://site.example', plan: 'pro', createdAt: at, updatedAt: at },
        customer: { id: 'cus_1', name: 'C', email: 'c@example.com', createdAt: at, updatedAt: at },
        plan,
      });
    },
  },
  feed: {
    GetSubscriptions(_req: unknown, _md: unknown, _opts: unknown, cb: Callback) {
      cb(null, { categories: ['tech'] });
    },
    GetFeedPage(_req: unknown, md: { get(key: string): unknown[] }, _opts: unknown, cb: Callback) {
      requestIds.push(String(md.get('x-request-id')[0]));
      cb(null, { articles: [], next: null });
    },
  },
  billing: {},
  seo: {},
  media: {},
} as unknown as ServiceClients;

let server: Awaited<ReturnType<typeof serve>>;

beforeAll(async () => {
  const app = createGateway({
    env: gatewayEnvSchema.parse({ CURSOR_SECRET: 'x'.repeat(32) }),
    clients,
    logger: createLogger('test', { level: 'silent' }),
    stores: createMemoryStores(),
    apiReference: null,
  });
  server = await serve(app);
});
afterAll(() => server.close());
afterEach(() => vi.restoreAllMocks());

const feed = (limit: number) =>
  fetch(`${server.base}/api/v1/feed?limit=${limit}`, { headers: { authorization: `Bearer ${token}`, 'x-request-id': `req-${limit}` } });

describe('a route handler gets what admission learned', () => {
  it('reads the Credential and the Site cache once each on a warm GET /api/v1/feed', async () => {
    expect((await feed(5)).status).toBe(200); // cold: identity, the Site and the pages are loaded
    const reads = [
      vi.spyOn(Authenticator.prototype, 'cached'),
      vi.spyOn(Authenticator.prototype, 'authenticate'),
      vi.spyOn(SiteDirectory.prototype, 'cached'),
      vi.spyOn(SiteDirectory.prototype, 'get'),
    ];
    const res = await feed(6); // a page not cached yet: the handler asks the feed service, with the request id
    expect(res.status).toBe(200);
    expect(reads.map((spy) => spy.mock.calls.length)).toEqual([1, 0, 1, 0]);
    expect(requestIds.at(-1)).toBe('req-6');
  });
});
