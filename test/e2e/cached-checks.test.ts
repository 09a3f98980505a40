/**
 * A plan-gated GET by a Credential and Site the replica has cached is checked on those caches and
 * then costs one store round trip: the rate-limit count, the revocation marker and the quota unit
 * together (gateway/src/pipeline/admission.ts). The contract holds on that path as on the usual
 * one: 429 before 400 before 401 before 403, a refused request takes no quota, a revoked Credential
 * is refused on the very next request of a replica that missed the announcement, and a unit taken
 * for a request that then fails is given back.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { GatewayStores } from '@cfs/gateway';
import { createCustomer, type Owner } from '../support/customers.ts';
import { expectError, request } from '../support/http.ts';
import { failing, probe } from '../support/probe-routes.ts';
import { startTcpProxy } from '../support/proxy.ts';
import { startSystem, type TestSystem } from '../support/system.ts';

const RATE_LIMIT = 6;
const catalog = { defaultPlan: 'basic', plans: { basic: { name: 'Basic', capabilities: { feed: { quota: 4, period: 'day' as const } } } } };

/** Calls of the stores by one replica, by kind. */
const calls = { hit: 0, charged: 0, consume: 0, marker: 0 };
function counted(stores: GatewayStores): GatewayStores {
  return {
    ...stores,
    rateLimits: {
      hit: (bucket, windowMs, options) => {
        calls.hit += 1;
        if (options?.charge) calls.charged += 1;
        return stores.rateLimits.hit(bucket, windowMs, options);
      },
    },
    quotas: {
      consume: (counter) => ((calls.consume += 1), stores.quotas.consume(counter)),
      refund: (counter) => stores.quotas.refund(counter),
      usage: (keys) => stores.quotas.usage(keys),
    },
    revocations: {
      mark: (id) => stores.revocations.mark(id),
      isMarked: (id) => ((calls.marker += 1), stores.revocations.isMarked(id)),
      close: () => stores.revocations.close(),
    },
  };
}
const resetCalls = () => Object.assign(calls, { hit: 0, charged: 0, consume: 0, marker: 0 });

let system: TestSystem;
let watched: string;
beforeAll(async () => {
  // Sites are cached half as long as Credentials, so a test can have the one without the other.
  system = await startSystem({
    catalog,
    extraRoutes: [probe, failing],
    gatewayEnv: { RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT), SITE_CACHE_TTL_MS: '30000', AUTH_CACHE_TTL_MS: '60000' },
    redisPrefix: `cfs:cached-checks:${process.pid}:${Date.now()}:`,
  });
  watched = await system.startGateway({ wrap: counted });
});
afterAll(async () => {
  await system?.stop();
});

const probeAt = (base: string, token: string, query = '') => request(base, 'GET', `/test/probe${query}`, { token });
/** Quota units used, read with a Credential of its own (the owner's rate-limit window stays the test's). */
const accountants = new Map<string, string>();
async function used(owner: Owner): Promise<number> {
  let token = accountants.get(owner.site.id);
  if (!token) {
    token = ((await system.admin('credential', 'create', '--site', owner.site.id, '--scopes', 'account.manage')) as { secret: string }).secret;
    accountants.set(owner.site.id, token);
  }
  const res = await request(system.baseUrl, 'GET', `/api/v1/account/sites/${owner.site.id}/entitlements`, { token });
  expect(res.status).toBe(200);
  return (res.body as { capabilities: { feed: { used: number } } }).capabilities.feed.used;
}
const remaining = (res: { headers: Headers }) => Number(res.headers.get('ratelimit-remaining'));

/** A GET carrying a text body (fetch sends none with GET): its status and error code. */
function getWithBody(base: string, path: string, token: string, body: string): Promise<{ status: number; code: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${base}${path}`,
      { method: 'GET', headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, code: (JSON.parse(text) as { error?: { code?: string } }).error?.code }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('a plan-gated GET on cached facts', () => {
  it('costs one store call: the rate-limit count, the marker and the quota unit in one round trip', async () => {
    const owner = await createCustomer(system);
    const first = await probeAt(watched, owner.credential.secret); // caches the Credential and the Site
    expect(first.status).toBe(200);
    resetCalls();
    const second = await probeAt(watched, owner.credential.secret);
    expect(second.status).toBe(200);
    expect(calls).toEqual({ hit: 1, charged: 1, consume: 0, marker: 0 });
    expect(remaining(second)).toBe(RATE_LIMIT - 2);
    expect(await used(owner)).toBe(2);
  });

  it('refusals on it take no quota and count once: 400 before 401 before 403, and QUOTA_EXHAUSTED takes nothing', async () => {
    const owner = await createCustomer(system);
    expect((await probeAt(watched, owner.credential.secret)).status).toBe(200);
    const bad = await probeAt(watched, owner.credential.secret, '?n=0');
    expectError(bad, 400, 'MALFORMED_REQUEST');
    expect(remaining(bad)).toBe(RATE_LIMIT - 2);
    const reader = (await system.admin('credential', 'create', '--site', owner.site.id, '--scopes', 'account.read')) as { secret: string };
    expect((await request(watched, 'GET', '/api/v1/me', { token: reader.secret })).status).toBe(200); // cached
    expectError(await probeAt(watched, reader.secret), 403, 'SCOPE_DENIED');
    expect(await used(owner)).toBe(1);
    for (let i = 0; i < 3; i++) expect((await probeAt(watched, owner.credential.secret)).status).toBe(200);
    const exhausted = await probeAt(watched, owner.credential.secret);
    expectError(exhausted, 403, 'QUOTA_EXHAUSTED');
    expect(remaining(exhausted)).toBe(RATE_LIMIT - 6);
    expect(await used(owner)).toBe(4);
  });

  it('answers 429 before a malformed request or a used-up quota, and counts the 429 itself', async () => {
    const owner = await createCustomer(system);
    const token = owner.credential.secret;
    for (let i = 0; i < 4; i++) expect((await probeAt(watched, token)).status).toBe(200);
    expectError(await probeAt(watched, token), 403, 'QUOTA_EXHAUSTED');
    expectError(await probeAt(watched, token, '?n=0'), 400, 'MALFORMED_REQUEST'); // the 6th: still within the limit
    const limited = await probeAt(watched, token, '?n=0');
    expectError(limited, 429, 'RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expectError(await probeAt(watched, token), 429, 'RATE_LIMITED');
    // Refused before the route (a GET with a body that is not JSON): 429 all the same.
    expect(await getWithBody(watched, '/test/probe', token, 'not json')).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    expect(await used(owner)).toBe(4);
  });

  it('answers 429 past the limit when the Credential is cached but its Site no longer is', async () => {
    const owner = await createCustomer(system);
    const token = owner.credential.secret;
    for (let i = 0; i < 4; i++) expect((await probeAt(watched, token)).status).toBe(200);
    for (let i = 0; i < 2; i++) expectError(await probeAt(watched, token), 403, 'QUOTA_EXHAUSTED'); // the window is full
    system.clock.now = Date.now() + 31_000; // the Site's entry has expired, the Credential's has not
    try {
      expectError(await probeAt(watched, token), 429, 'RATE_LIMITED');
    } finally {
      system.clock.now = undefined;
    }
  });

  it('answers 503 and takes nothing more when the store fails on the combined round trip (the unit may have been taken)', async () => {
    let consumes = 0;
    const failingCharge = await system.startGateway({
      wrap: (stores) => ({
        ...stores,
        rateLimits: {
          hit: (bucket, windowMs, options) =>
            options?.charge ? Promise.reject(new Error('connection lost')) : stores.rateLimits.hit(bucket, windowMs, options),
        },
        quotas: {
          consume: (counter) => ((consumes += 1), stores.quotas.consume(counter)),
          refund: (counter) => stores.quotas.refund(counter),
          usage: (keys) => stores.quotas.usage(keys),
        },
      }),
    });
    const owner = await createCustomer(system);
    expect((await probeAt(failingCharge, owner.credential.secret)).status).toBe(200); // the usual way: caches
    expectError(await probeAt(failingCharge, owner.credential.secret), 503, 'SERVICE_UNAVAILABLE');
    expect(consumes).toBe(1);
    expect(await used(owner)).toBe(1);
  });

  it('takes one unit and counts once when the reply of the quota call (alone or combined) is lost after it ran', async () => {
    const redis = new URL(inject('redisUrl'));
    const proxy = await startTcpProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
    try {
      const through = new URL(redis);
      through.hostname = '127.0.0.1';
      through.port = String(proxy.port);
      const replica = await system.startGateway({ redisUrl: through.toString() });
      const owner = await createCustomer(system);
      // The first request goes the usual way (the quota's own take) and caches; the second is combined.
      for (const n of [1, 2]) {
        const lost = proxy.loseReplyTo(`quota:${owner.site.id}`);
        const answer = await probeAt(replica, owner.credential.secret);
        await lost;
        expect(answer.status).toBe(200); // the call, retried under its id, answers the first run's result
        expect(remaining(answer)).toBe(RATE_LIMIT - n);
        expect(await used(owner)).toBe(n);
      }
    } finally {
      await proxy.close();
    }
  });

  it('refuses a revoked Credential on the next request of a replica that missed the announcement, taking no quota', async () => {
    const owner = await createCustomer(system);
    const deaf = await system.startGateway({ deaf: true });
    const made = (await system.admin('credential', 'create', '--site', owner.site.id, '--scopes', 'feed.read')) as { id: string; secret: string };
    for (let i = 0; i < 2; i++) expect((await probeAt(deaf, made.secret)).status).toBe(200);
    await system.admin('credential', 'revoke', '--site', owner.site.id, '--credential', made.id);
    expectError(await probeAt(deaf, made.secret), 401, 'UNAUTHENTICATED');
    // Validation still comes first: a malformed request is 400 whatever its Credential.
    expectError(await probeAt(deaf, made.secret, '?n=0'), 400, 'MALFORMED_REQUEST');
    expect(await used(owner)).toBe(2);
  });

  it('gives the unit back when the service call fails after it was taken', async () => {
    const owner = await createCustomer(system);
    expect((await probeAt(watched, owner.credential.secret)).status).toBe(200);
    expectError(await request(watched, 'GET', '/test/failing', { token: owner.credential.secret }), 503, 'SERVICE_UNAVAILABLE');
    expectError(await request(watched, 'GET', '/test/failing', { token: owner.credential.secret }), 503, 'SERVICE_UNAVAILABLE');
    expect(await used(owner)).toBe(1);
  });

  it('takes exactly the quota under concurrent requests through two replicas', async () => {
    const owner = await createCustomer(system);
    const replicas = [watched, system.baseUrl];
    for (const base of replicas) expect((await probeAt(base, owner.credential.secret)).status).toBe(200);
    const answers = await Promise.all(Array.from({ length: 4 }, (_, i) => probeAt(replicas[i % 2]!, owner.credential.secret)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
    for (const refused of answers.filter((a) => a.status !== 200)) expectError(refused, 403, 'QUOTA_EXHAUSTED');
    expect(await used(owner)).toBe(4);
  });
});
