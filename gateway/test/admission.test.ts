/**
 * Admission (src/pipeline/admission.ts) through the in-memory stores: the contract's order of refusals on a
 * cold and on a warm request, one store call for a warm plan-gated request, what a revocation
 * marker, a cache miss and a failing store change, the marker of a request with a body read after
 * its body, and a conditional request, whose unit is checked but not taken. The identity and
 * account services are fakes that count their calls.
 */
import type { Request, Response } from 'express';
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { mintToken } from '@cfs/common/credential-token';
import { PlanEntitlements } from '@cfs/common/entitlements';
import { unauthenticated } from '@cfs/common/errors';
import { createLogger } from '@cfs/common/logger';
import type { Credential__Output } from '@cfs/protos/generated/cfs/identity/v1/Credential.js';
import { Admission } from '../src/pipeline/admission.ts';
import { Authenticator } from '../src/caches/authenticator.ts';
import { defineRoute, type Rpc } from '../src/pipeline/route.ts';
import { probe } from '../../test/support/probe-routes.ts';
import { SiteDirectory } from '../src/caches/sites.ts';
import { callerOf } from '../src/pipeline/steps/bearer.ts';
import { RateLimiter } from '../src/pipeline/steps/rate-limit.ts';
import { createMemoryStores, type GatewayStores } from '../src/stores/index.ts';

const logger = createLogger('test', { level: 'silent' });
const LIMIT = 8;

// The system tests' feed-gated probe (GET /test/probe, query n from 1 to 9), and a PUT with a body.
const replace = defineRoute({
  ...(probe as object),
  method: 'PUT',
  path: '/test/replace',
  operationId: 'replace',
  query: undefined,
  body: z.object({ n: z.number() }),
} as never);

// The probe declared conditional (a GET whose answer may be a 304: pipeline/steps/conditional.ts).
const conditionalProbe = defineRoute({ ...(probe as object), operationId: 'conditionalProbe', conditional: true } as never);
const revalidating = { 'if-none-match': '"a-tag"' };

const plans = {
  feed: { id: 'feed', name: 'Feed', capabilities: [{ capability: 'feed', quota: 2, period: 'day' }] },
  none: { id: 'none', name: 'None', capabilities: [] },
};

interface Calls {
  hit: number;
  charged: number;
  consume: number;
  marker: number;
  identity: number;
  site: number;
}

// Site (and Credential) ids are unique across setups: revocation markers in memory are shared by the process.
let sites = 0;

function setup(options: { failHit?: (charged: boolean) => boolean } = {}) {
  const memory = createMemoryStores();
  const calls: Calls = { hit: 0, charged: 0, consume: 0, marker: 0, identity: 0, site: 0 };
  const stores: GatewayStores = {
    ...memory,
    rateLimits: {
      hit: async (bucket, windowMs, o) => {
        calls.hit += 1;
        if (o?.charge) calls.charged += 1;
        if (options.failHit?.(Boolean(o?.charge))) throw new Error('connection lost');
        return memory.rateLimits.hit(bucket, windowMs, o);
      },
    },
    quotas: {
      ...memory.quotas,
      consume: (c) => ((calls.consume += 1), memory.quotas.consume(c)),
      refund: (c) => memory.quotas.refund(c),
      usage: (k) => memory.quotas.usage(k),
    },
    revocations: {
      ...memory.revocations,
      isMarked: (id) => ((calls.marker += 1), memory.revocations.isMarked(id)),
      mark: (id) => memory.revocations.mark(id),
      close: () => memory.revocations.close(),
    },
  };
  // The identity service: the Credentials it issued, less the revoked ones.
  const issued = new Map<string, Credential__Output>();
  const revoked = new Set<string>();
  const authenticator = new Authenticator({
    lookup: async (token) => {
      calls.identity += 1;
      const credential = issued.get(token);
      if (!credential || revoked.has(credential.id)) throw unauthenticated();
      return credential;
    },
    stores,
    ttlMs: 60_000,
    maxEntries: 100,
    logger,
  });
  // The account service: every Site's plan.
  const planOf = new Map<string, keyof typeof plans>();
  const rpc = (async (_service: string, _method: string, { siteId }: { siteId: string }) => {
    calls.site += 1;
    return { site: { id: siteId }, customer: { id: 'cus' }, plan: plans[planOf.get(siteId) ?? 'feed'] };
  }) as unknown as Rpc;
  const entitlements = new PlanEntitlements(stores.quotas);
  let bodyArrives: (req: Request) => Promise<void> = async () => undefined;
  const admission = new Admission({
    rateLimiter: new RateLimiter({ limit: LIMIT, store: stores.rateLimits, authenticator, logger }),
    readBody: (req) => bodyArrives(req),
    authenticator,
    sites: new SiteDirectory({ bus: stores.bus, ttlMs: 60_000, maxEntries: 100 }),
    entitlements,
    product: 'content-feed',
  });

  /** A Credential issued by identity, for a new Site on `plan`. */
  const issue = (scopes = ['feed.read'], audience = 'content-feed', plan: keyof typeof plans = 'feed') => {
    const { token } = mintToken();
    const siteId = `site_${++sites}`;
    planOf.set(siteId, plan);
    const credential = {
      id: `cred_${siteId}`,
      siteId,
      customerId: 'cus',
      name: 'n',
      scopes,
      audience,
      createdAt: '2026-01-01T00:00:00Z',
    } as Credential__Output;
    issued.set(token, credential);
    return { token, credential };
  };

  /** Admits a request: its answer's code (or 'admitted') and RateLimit-Remaining. */
  const admit = async (token: string | undefined, query: Record<string, string> = {}, route = probe, withBody = false, extra: Record<string, string> = {}) => {
    const headers: Record<string, string> = {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(withBody ? { 'content-length': '9' } : {}),
      ...extra,
    };
    const req = {
      method: route.method,
      headers,
      get: (name: string) => headers[name.toLowerCase()],
      params: {},
      query,
      body: undefined,
      ip: '203.0.113.7',
    } as unknown as Request;
    const answered: Record<string, string> = {};
    const res = { setHeader: (name: string, value: string) => void (answered[name.toLowerCase()] = value) } as unknown as Response;
    try {
      const admitted = await admission.admit(route, req, res, callerOf(req), rpc, 'req');
      return { code: 'admitted', remaining: answered['ratelimit-remaining'], charged: admitted.charged, due: admitted.due };
    } catch (err) {
      return { code: (err as { code?: string }).code ?? String(err), remaining: answered['ratelimit-remaining'] };
    }
  };
  const used = async (credential: Credential__Output) => {
    const entry = { quota: 2, period: 'day' as const };
    return (await stores.quotas.usage([entitlements.counterOf(credential.siteId, 'feed', entry).key]))[0];
  };
  const reset = () => Object.assign(calls, { hit: 0, charged: 0, consume: 0, marker: 0, identity: 0, site: 0 });
  return {
    admit,
    issue,
    calls,
    reset,
    used,
    revoke: (c: Credential__Output) => (revoked.add(c.id), memory.revocations.mark(c.id)),
    planOf,
    setBody: (f: typeof bodyArrives) => (bodyArrives = f),
  };
}

let t: ReturnType<typeof setup>;
beforeEach(() => {
  t = setup();
});

describe('admission', () => {
  it("refuses in the contract's order, the same on a cold and on a warm request", async () => {
    const reader = t.issue(['account.read']);
    const foreign = t.issue(['feed.read'], 'seo-suite');
    const foreignNoScope = t.issue(['account.read'], 'seo-suite');
    const planless = t.issue(['feed.read'], 'content-feed', 'none');
    const owner = t.issue();
    for (const round of ['cold', 'warm']) {
      expect((await t.admit(owner.token, { n: '0' })).code, round).toBe('MALFORMED_REQUEST'); // 400 before 401 and 403
      expect((await t.admit(undefined, { n: '0' })).code, round).toBe('MALFORMED_REQUEST');
      expect((await t.admit(undefined)).code, round).toBe('UNAUTHENTICATED');
      expect((await t.admit(mintToken().token)).code, round).toBe('UNAUTHENTICATED');
      expect((await t.admit(foreignNoScope.token)).code, round).toBe('SCOPE_DENIED'); // before WRONG_AUDIENCE
      expect((await t.admit(reader.token)).code, round).toBe('SCOPE_DENIED');
      expect((await t.admit(foreign.token)).code, round).toBe('WRONG_AUDIENCE');
      expect((await t.admit(planless.token)).code, round).toBe('CAPABILITY_NOT_ENTITLED');
      expect((await t.admit(owner.token)).code, round).toBe('admitted');
    }
    expect((await t.admit(owner.token)).code).toBe('QUOTA_EXHAUSTED'); // the quota is 2
    expect(await t.used(owner.credential)).toBe(2);
    // 429 before everything, a malformed request included; refusals were counted all along.
    const owner2 = t.issue();
    for (let i = 0; i < LIMIT; i++) await t.admit(owner2.token, { n: '0' });
    expect(await t.admit(owner2.token, { n: '0' })).toMatchObject({ code: 'RATE_LIMITED', remaining: '0' });
    expect(await t.used(owner2.credential)).toBe(0);
  });

  it('costs one store call on a warm request: the count, the marker and the unit together', async () => {
    const owner = t.issue();
    expect((await t.admit(owner.token)).code).toBe('admitted'); // caches the Credential and the Site
    t.reset();
    expect(await t.admit(owner.token)).toMatchObject({ code: 'admitted', remaining: String(LIMIT - 2) });
    expect(t.calls).toEqual({ hit: 1, charged: 1, consume: 0, marker: 0, identity: 0, site: 0 });
    expect(await t.used(owner.credential)).toBe(2);
  });

  it('asks identity when the count finds a marker, and takes no unit for a revoked Credential', async () => {
    const owner = t.issue();
    expect((await t.admit(owner.token)).code).toBe('admitted');
    await t.revoke(owner.credential);
    t.reset();
    expect((await t.admit(owner.token)).code).toBe('UNAUTHENTICATED');
    expect(t.calls).toMatchObject({ hit: 1, charged: 1, consume: 0, identity: 1 });
    expect(await t.used(owner.credential)).toBe(1);
    // The 401 counts against the Credential's window like any answer.
    expect((await t.admit(owner.token)).remaining).toBe(String(LIMIT - 3));
  });

  it('fetches only what a cache miss leaves missing: identity, the Site, then the unit in a second call', async () => {
    const owner = t.issue();
    expect((await t.admit(owner.token)).code).toBe('admitted');
    expect(t.calls).toEqual({ hit: 1, charged: 0, consume: 1, marker: 0, identity: 1, site: 1 });
    const scoped = t.issue(['account.read']);
    t.reset();
    expect((await t.admit(scoped.token)).code).toBe('SCOPE_DENIED'); // refused before the Site is needed
    expect(t.calls).toEqual({ hit: 1, charged: 0, consume: 0, marker: 0, identity: 1, site: 0 });
  });

  it('answers 503 and takes nothing more when the store fails on the combined call', async () => {
    t = setup({ failHit: (charged) => charged });
    const owner = t.issue();
    expect((await t.admit(owner.token)).code).toBe('admitted'); // cold: counted, then its own take
    t.reset();
    expect((await t.admit(owner.token)).code).toBe('SERVICE_UNAVAILABLE');
    expect(t.calls).toMatchObject({ hit: 1, charged: 1, consume: 0, identity: 0 });
    expect(await t.used(owner.credential)).toBe(1);
  });

  it('goes on unlimited when the store cannot count, with identity deciding instead of the cache', async () => {
    t = setup({ failHit: () => true });
    const owner = t.issue();
    for (let i = 0; i < LIMIT + 1; i++) expect((await t.admit(owner.token, { n: '0' })).code).toBe('MALFORMED_REQUEST');
    t.reset();
    expect(await t.admit(owner.token)).toMatchObject({ code: 'admitted', remaining: undefined });
    expect(t.calls).toMatchObject({ hit: 1, charged: 0, consume: 1, identity: 1 });
  });

  it('takes no unit for a conditional request: it checks one is left in the same store calls, cold and warm', async () => {
    const owner = t.issue();
    const due = { code: 'admitted', charged: undefined, due: { siteId: owner.credential.siteId, capability: 'feed' } };
    expect(await t.admit(owner.token, {}, conditionalProbe, false, revalidating)).toMatchObject(due); // cold: the check reads the counter
    expect(t.calls).toMatchObject({ hit: 1, charged: 0, consume: 0 });
    t.reset();
    expect(await t.admit(owner.token, {}, conditionalProbe, false, revalidating)).toMatchObject(due); // warm: in the count's round trip
    expect(t.calls).toEqual({ hit: 1, charged: 1, consume: 0, marker: 0, identity: 0, site: 0 });
    expect(await t.used(owner.credential)).toBe(0);
    // Without If-None-Match it cannot be a 304: charged as any request.
    expect(await t.admit(owner.token, {}, conditionalProbe)).toMatchObject({ code: 'admitted', due: undefined, charged: expect.anything() });
    expect((await t.admit(owner.token)).code).toBe('admitted');
    expect(await t.used(owner.credential)).toBe(2);
    expect((await t.admit(owner.token, {}, conditionalProbe, false, revalidating)).code).toBe('QUOTA_EXHAUSTED');
    expect((await t.admit(owner.token, { n: '0' }, conditionalProbe, false, revalidating)).code).toBe('MALFORMED_REQUEST');
    expect(await t.used(owner.credential)).toBe(2);
  });

  it('reads the marker of a request with a body after its body, and counts it before', async () => {
    const owner = t.issue();
    expect((await t.admit(owner.token)).code).toBe('admitted'); // cached
    t.reset();
    // The Credential is revoked while the client trickles the body.
    t.setBody(async (req) => {
      expect(t.calls.hit).toBe(1);
      await t.revoke(owner.credential);
      (req as { body: unknown }).body = { n: 1 };
    });
    const res = await t.admit(owner.token, {}, replace, true);
    expect(res.code).toBe('UNAUTHENTICATED');
    expect(t.calls).toMatchObject({ hit: 1, charged: 0, marker: 1, identity: 1 });
  });
});
