import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { mintToken } from '@cfs/common/credential-token';
import { createLogger } from '@cfs/common/logger';
import { Authenticator } from '../src/caches/authenticator.ts';
import { errorHandler } from '../src/pipeline/steps/errors.ts';
import { callerOf } from '../src/pipeline/steps/bearer.ts';
import { RateLimiter } from '../src/pipeline/steps/rate-limit.ts';
import { createMemoryStores, type GatewayStores } from '../src/stores/index.ts';
import { serve } from './support.ts';

const logger = createLogger('test', { level: 'silent' });
const madeUp = new Set<string>();
let close: (() => Promise<void>) | undefined;
afterEach(async () => close?.());

async function setup(limit: number, stores: GatewayStores = createMemoryStores()) {
  const authenticator = new Authenticator({
    lookup: async (token) => ({ id: `cred_${token}`, siteId: 's', customerId: 'c', name: 'n', scopes: [], audience: 'content-feed', createdAt: '' }) as never,
    stores,
    ttlMs: 60_000,
    maxEntries: 10,
    logger,
  });
  const app = express();
  app.set('trust proxy', 'loopback');
  const limiter = new RateLimiter({ limit, store: stores.rateLimits, authenticator, logger });
  app.use(limiter.step());
  // Stands for the rest of the pipeline: a token made up by the test is refused with 401, which
  // counts against the address as well (as pipeline/pipeline.ts's routeHandler does).
  app.get('/', async (req, res) => {
    if (!madeUp.has(req.get('authorization')?.slice(7) ?? '')) return void res.json({ ok: true });
    await limiter.countFailedAuthentication(callerOf(req));
    res.status(401).json({});
  });
  app.use(errorHandler(logger));
  const served = await serve(app);
  close = served.close;
  /** `from`: the client address, as the trusted proxy in front (loopback) says it. */
  const get = (token?: string, from?: string) =>
    fetch(served.base, { headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(from ? { 'x-forwarded-for': from } : {}) } });
  return { get, authenticator };
}

describe('rate limit (step 1)', () => {
  it('describes the window on every answer and refuses past the limit with 429 and Retry-After', async () => {
    const { get } = await setup(2);
    const first = await get();
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-limit')).toBe('2');
    expect(first.headers.get('ratelimit-remaining')).toBe('1');
    expect(Number(first.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
    await get();
    const third = await get();
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await third.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
  });

  it('counts a well-formed token against its Credential from the first request', async () => {
    const { get } = await setup(2);
    const token = mintToken().token;
    const first = await get(token);
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-remaining')).toBe('1');
    await get(token);
    expect((await get(token)).status).toBe(429);
    // The address's own window is untouched.
    expect((await get()).headers.get('ratelimit-remaining')).toBe('1');
  });

  it('counts a malformed token against the address, like no token', async () => {
    const { get } = await setup(2);
    await get('cfs_not-a-token');
    await get('Basic whatever');
    expect((await get()).status).toBe(429);
  });

  it('charges failed authentications to the address, and then refuses tokens it has not verified', async () => {
    const { get, authenticator } = await setup(2);
    const known = mintToken().token;
    await authenticator.authenticate(known, 'req');
    for (let i = 0; i < 2; i++) {
      const token = mintToken().token;
      madeUp.add(token);
      expect((await get(token)).status).toBe(401);
    }
    await new Promise((resolve) => setTimeout(resolve, 20)); // the failures are counted when the answers finish
    const fresh = mintToken().token;
    madeUp.add(fresh);
    const refused = await get(fresh);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // A Credential this replica has verified keeps working from the same address.
    expect((await get(known)).status).toBe(200);
  });

  it("keeps a Credential's window out of reach of tokens forged with its lookup id and a valid checksum", async () => {
    const { get } = await setup(2);
    const victim = mintToken();
    for (let i = 0; i < 4; i++) {
      const forged = mintToken(victim.lookupId).token; // the shape and checksum hold, the secret is wrong
      madeUp.add(forged);
      expect([401, 429]).toContain((await get(forged, '203.0.113.9')).status);
    }
    const answer = await get(victim.token);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('ratelimit-remaining')).toBe('1');
  });

  it('is off when the limit is 0, and fails open when the store cannot count', async () => {
    const off = await setup(0);
    const res = await off.get();
    expect(res.status).toBe(200);
    expect(res.headers.get('ratelimit-limit')).toBeNull();
    await close?.();
    const stores = createMemoryStores();
    stores.rateLimits.hit = async () => {
      throw new Error('redis down');
    };
    const broken = await setup(1, stores);
    expect((await broken.get()).status).toBe(200);
    expect((await broken.get()).status).toBe(200);
  });
});
