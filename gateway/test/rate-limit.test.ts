import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { mintToken } from '@cfs/common/credential-token';
import { createLogger } from '@cfs/common/logger';
import { Authenticator } from '../src/authenticator.ts';
import { errorHandler } from '../src/steps/errors.ts';
import { rateLimit } from '../src/steps/rate-limit.ts';
import { createMemoryStores, type GatewayStores } from '../src/stores/index.ts';
import { serve } from './support.ts';

const logger = createLogger('test', { level: 'silent' });
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
  app.use(rateLimit({ limit, store: stores.rateLimits, authenticator, logger }));
  app.get('/', (_req, res) => void res.json({ ok: true }));
  app.use(errorHandler(logger));
  const served = await serve(app);
  close = served.close;
  const get = (token?: string) => fetch(served.base, { headers: token ? { authorization: `Bearer ${token}` } : {} });
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

  it('counts a token this replica has authenticated in the Credential\'s own bucket', async () => {
    const { get, authenticator } = await setup(2);
    await get();
    await get();
    expect((await get()).status).toBe(429);
    const known = mintToken().token;
    await authenticator.authenticate(known, 'req');
    expect((await get(known)).status).toBe(200);
    // An unknown token is counted against the address, so made-up tokens buy nothing.
    expect((await get(mintToken().token)).status).toBe(429);
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
