/**
 * The facts admission needs, shared by the gateway replicas in Redis (gateway/src/caches/shared-facts.ts),
 * over HTTP on replicas of one Redis: a replica that never saw a Site admits it from what another
 * recorded, and every change reaches every replica on its next request, whether it cached the facts
 * or only finds the shared record, and whether or not it heard the announcement (the "deaf"
 * replicas hear none): a revocation (the marker), a plan change and a subscription change (the
 * Site's generation, moved on by the owning service). A record of another Customer's Site is not
 * used, and with Redis out of reach nothing cached is admitted unconfirmed. The last test stops
 * identity and account.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { mintToken, parseToken } from '@cfs/common/credential-token';
import { createLogger } from '@cfs/common/logger';
import { createRedisStores, type GatewayStores } from '@cfs/gateway';
import { createCustomer, type Owner } from '../support/customers.ts';
import { jsonl, tempFile } from '../support/files.ts';
import { expectError, request } from '../support/http.ts';
import { eventually } from '../support/processes.ts';
import { probe } from '../support/probe-routes.ts';
import { startTcpProxy } from '../support/proxy.ts';
import { startSystem, type TestSystem } from '../support/system.ts';

const p = `sf${Date.now().toString(36)}${process.pid}`;
const cat = (name: string) => `${p}-${name}`;
const prefix = `cfs:shared-facts:${process.pid}:${Date.now()}:`;
/** How long a replica's write of a record it loaded may take to land (it is not awaited by the request). */
const WRITTEN_WITHIN_MS = 2000;

const unlimited = { quota: null, period: 'month' as const };
const catalog = {
  defaultPlan: 'roomy',
  plans: {
    roomy: { name: 'Roomy', capabilities: { feed: unlimited, subscriptions: unlimited, webhooks: { quota: 3, period: 'month' as const } } },
    bare: { name: 'Bare', capabilities: { subscriptions: unlimited } },
  },
};

let system: TestSystem;
/** Reads Redis as the replicas do (the same prefix). */
let inspector: GatewayStores;
beforeAll(async () => {
  system = await startSystem({ catalog, extraRoutes: [probe], redisPrefix: prefix, gatewayEnv: { RATE_LIMIT_PER_MINUTE: '1000000' } });
  inspector = createRedisStores({ url: inject('redisUrl'), prefix, logger: createLogger('test', { level: 'silent' }) });
  const taxonomy = { categories: ['alpha'].map((n) => ({ key: cat(n), name: `Shared ${n}`, topics: [] })) };
  await system.admin('taxonomy', 'import', '--file', tempFile('shared-facts-taxonomy.json', JSON.stringify(taxonomy)));
  const rows = [1, 2].map((n) => ({
    id: `${p}-${n}`,
    title: `Story ${n}`,
    url: `https://news.example.com/${p}/${n}`,
    publishedAt: new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString(),
    categories: [cat('alpha')],
  }));
  await system.admin('articles', 'import', '--file', tempFile('shared-facts.jsonl', jsonl(rows)));
});
afterAll(async () => {
  await inspector?.close();
  await system?.stop();
});

const tokenKey = (token: string) => createHash('sha256').update(token).digest('base64url');
let bucket = 0;
/** What Redis holds for a token (the Credential's record and its Site's) and for a Site, read as a replica reads it. */
const sharedFor = async (token: string) => (await inspector.rateLimits.hit(`inspect:${++bucket}`, 60_000, { facts: { tokenKey: tokenKey(token) } })).facts!;
const sharedOf = async (siteId: string) => (await inspector.rateLimits.hit(`inspect:${++bucket}`, 60_000, { facts: { siteId, records: true } })).facts!;

/** A replica's requests have recorded the Credential, its Site and (when `subscriptions`) its set. */
async function recorded(token: string, subscriptions = false): Promise<void> {
  await eventually(
    async () => {
      const found = await sharedFor(token);
      return Boolean(found.credential && found.site && (!subscriptions || found.subscriptions));
    },
    WRITTEN_WITHIN_MS,
    'recorded in Redis',
  );
}

const get = (base: string, owner: { credential: { secret: string } } | string, path: string) =>
  request(base, 'GET', path, { token: typeof owner === 'string' ? owner : owner.credential.secret });

async function subscribe(owner: Owner, categories: string[]): Promise<void> {
  expect((await request(system.baseUrl, 'PUT', '/api/v1/subscriptions', { token: owner.credential.secret, body: { categories } })).status).toBe(200);
}

describe('a revocation', () => {
  it('is refused on the next request by a replica that cached the Credential and by one that only finds its shared record', async () => {
    const owner = await createCustomer(system);
    const made = (await system.admin('credential', 'create', '--site', owner.site.id, '--scopes', 'feed.read,account.read')) as { id: string; secret: string };
    const cached = await system.startGateway({ deaf: true });
    expect((await get(cached, made.secret, '/test/probe')).status).toBe(200);
    expect((await get(cached, made.secret, '/api/v1/me')).status).toBe(200);
    await recorded(made.secret);
    const fresh = await system.startGateway({ deaf: true });
    await system.admin('credential', 'revoke', '--site', owner.site.id, '--credential', made.id);
    expectError(await get(cached, made.secret, '/test/probe'), 401, 'UNAUTHENTICATED');
    // The record is still there (identity does not know the token's key): its marker, read with it, refuses it.
    expect((await sharedFor(made.secret)).credential).toMatchObject({ marked: true });
    expectError(await get(fresh, made.secret, '/api/v1/me'), 401, 'UNAUTHENTICATED');
    expectError(await get(fresh, made.secret, '/test/probe'), 401, 'UNAUTHENTICATED');
    // Refused by identity, the record is forgotten.
    await eventually(async () => (await sharedFor(made.secret)).credential === undefined, WRITTEN_WITHIN_MS, 'the record forgotten');
  });
});

describe("a change of a Site's facts", () => {
  it('a plan change is seen on the next request by a replica that cached the Site and by one that only finds its record, announcements missed', async () => {
    const owner = await createCustomer(system, '--plan', 'roomy');
    const cached = await system.startGateway({ deaf: true });
    expect((await get(cached, owner, '/test/probe')).status).toBe(200);
    expect(((await get(cached, owner, '/api/v1/me')).body as { site: { plan: string } }).site.plan).toBe('roomy');
    await recorded(owner.credential.secret);
    const fresh = await system.startGateway({ deaf: true });
    await system.admin('site', 'set-plan', '--site', owner.site.id, '--plan', 'bare');
    for (const base of [cached, fresh]) {
      expectError(await get(base, owner, '/test/probe'), 403, 'CAPABILITY_NOT_ENTITLED');
      expect(((await get(base, owner, '/api/v1/me')).body as { site: { plan: string } }).site.plan).toBe('bare');
    }
    await system.admin('site', 'set-plan', '--site', owner.site.id, '--plan', 'roomy');
    for (const base of [cached, fresh]) expect((await get(base, owner, '/test/probe')).status).toBe(200);
  });

  it('a subscription change is seen on the next request by a replica that cached the set and by one that only finds its record, announcements missed', async () => {
    const owner = await createCustomer(system);
    await subscribe(owner, [cat('alpha')]);
    const cached = await system.startGateway({ deaf: true });
    expect(((await get(cached, owner, '/api/v1/feed')).body as { data: unknown[] }).data).toHaveLength(2);
    await recorded(owner.credential.secret, true);
    const fresh = await system.startGateway({ deaf: true });
    await subscribe(owner, []);
    for (const base of [cached, fresh]) expect(((await get(base, owner, '/api/v1/feed')).body as { data: unknown[] }).data).toEqual([]);
    await subscribe(owner, [cat('alpha')]);
    for (const base of [cached, fresh]) expect(((await get(base, owner, '/api/v1/feed')).body as { data: unknown[] }).data).toHaveLength(2);
  });
});

describe("another Customer's records", () => {
  it("are never used: a Site record that is not the Credential's own Site of its own Customer is read from account, and a forged token finds nothing", async () => {
    const [a, b] = [await createCustomer(system), await createCustomer(system)];
    for (const owner of [a, b]) expect((await get(system.baseUrl, owner, '/test/probe')).status).toBe(200);
    await recorded(a.credential.secret);
    await recorded(b.credential.secret);
    // B's Site, Customer and Plan filed under A's Site (a record misfiled or planted), under A's current generation.
    const misfiled = (await sharedOf(b.site.id)).site!.json;
    const { generation } = await sharedOf(a.site.id);
    expect(await inspector.facts!.putSiteFact('site', a.site.id, misfiled, 60_000, generation!)).toBe(true);
    const fresh = await system.startGateway();
    const me = (await get(fresh, a, '/api/v1/me')).body as { customer: { id: string }; site: { id: string } };
    expect(me).toMatchObject({ customer: { id: a.customer.id }, site: { id: a.site.id } });
    expect((await get(fresh, a, '/test/probe')).status).toBe(200);
    // A token forged with A's lookup id and a valid checksum has a key of its own: no record, identity refuses it.
    const forged = mintToken(parseToken(a.credential.secret)!.lookupId).token;
    expect((await sharedFor(forged)).credential).toBeUndefined();
    expectError(await get(fresh, forged, '/api/v1/me'), 401, 'UNAUTHENTICATED');
  });
});

describe('with Redis out of reach', () => {
  it('answers what needs no count and admits nothing it cached unconfirmed: the Credential from identity, the Site from account', async () => {
    const owner = await createCustomer(system, '--plan', 'roomy');
    const redis = new URL(inject('redisUrl'));
    const proxy = await startTcpProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
    const through = new URL(redis);
    through.hostname = '127.0.0.1';
    through.port = String(proxy.port);
    const replica = await system.startGateway({ redisUrl: through.toString() });
    expect((await get(replica, owner, '/api/v1/webhooks')).status).toBe(200); // cached: Credential and Site
    await proxy.close(); // Redis is gone for this replica (and its announcements with it)
    expect((await get(replica, owner, '/api/v1/me')).status).toBe(200);
    expectError(await get(replica, owner, '/test/probe'), 503, 'SERVICE_UNAVAILABLE'); // a quota cannot be counted
    await system.admin('site', 'set-plan', '--site', owner.site.id, '--plan', 'bare');
    expectError(await get(replica, owner, '/api/v1/webhooks'), 403, 'CAPABILITY_NOT_ENTITLED');
    await system.admin('credential', 'revoke', '--site', owner.site.id, '--credential', owner.credential.id);
    expectError(await get(replica, owner, '/api/v1/me'), 401, 'UNAUTHENTICATED');
  });
});

describe('a replica that never saw a Site', () => {
  it('admits it from the shared records alone: identity and account stopped', async () => {
    const owner = await createCustomer(system);
    expect((await get(system.baseUrl, owner, '/test/probe')).status).toBe(200);
    await recorded(owner.credential.secret);
    await system.stopService('identity');
    await system.stopService('account');
    const fresh = await system.startGateway();
    expect((await get(fresh, owner, '/test/probe')).status).toBe(200);
    const me = await get(fresh, owner, '/api/v1/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ customer: { id: owner.customer.id }, site: { id: owner.site.id }, credential: { id: owner.credential.id } });
    // A token nothing is recorded for needs identity: not answered while it is down.
    expect((await get(fresh, mintToken().token, '/api/v1/me')).status).not.toBe(200);
  });
});
