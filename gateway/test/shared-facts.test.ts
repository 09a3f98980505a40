/**
 * The shared tier (src/caches/shared-facts.ts) between two replicas, wired as gateway.ts wires it,
 * through the in-memory stores with the shared facts on (one process standing for one Redis): what
 * a replica that never saw a Site costs, what it keeps and for how long, and a change of a Site's
 * facts seen on the next request without its announcement. The services are fakes that count their
 * calls; the system tests over HTTP are test/e2e/shared-facts.test.ts.
 */
import type { Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { CHANNELS, type Bus } from '@cfs/common/bus';
import { mintToken } from '@cfs/common/credential-token';
import { PlanEntitlements } from '@cfs/common/entitlements';
import { unauthenticated } from '@cfs/common/errors';
import { createLogger } from '@cfs/common/logger';
import type { Credential__Output } from '@cfs/protos/generated/cfs/identity/v1/Credential.js';
import { probe } from '../../test/support/probe-routes.ts';
import { Authenticator } from '../src/caches/authenticator.ts';
import { presentedToken } from '../src/caches/presented-token.ts';
import { FeedPageCache } from '../src/caches/feed-pages.ts';
import { SharedFacts, SiteFactsTier } from '../src/caches/shared-facts.ts';
import { SiteDirectory } from '../src/caches/sites.ts';
import { Admission } from '../src/pipeline/admission.ts';
import type { Rpc } from '../src/pipeline/route.ts';
import { callerOf } from '../src/pipeline/steps/bearer.ts';
import { RateLimiter } from '../src/pipeline/steps/rate-limit.ts';
import { createMemoryStores, type GatewayStores } from '../src/stores/index.ts';
import { FeedCursorCodec } from '../src/tokens/feed-cursor.ts';

const logger = createLogger('test', { level: 'silent' });
const TTL = 60_000;
const plans = {
  feed: { id: 'feed', name: 'Feed', capabilities: [{ capability: 'feed', period: 'day' }] },
  none: { id: 'none', name: 'None', capabilities: [] },
};

let serial = 0;

/** The services, shared by the replicas: what they hold, and the calls they answered. */
function services(clock: { now: number }) {
  const calls = { identity: 0, account: 0, subscriptions: 0 };
  const issued = new Map<string, Credential__Output>();
  const plan = new Map<string, keyof typeof plans>();
  const subscriptions = new Map<string, string[]>();
  const lookup = async (token: string) => {
    calls.identity += 1;
    const credential = issued.get(token);
    if (!credential || (credential.expiresAt && Date.parse(credential.expiresAt) <= clock.now)) throw unauthenticated();
    return credential;
  };
  const rpc = (async (_service: string, method: string, { siteId }: { siteId: string }) => {
    if (method === 'ResolveSite') {
      calls.account += 1;
      return { site: { id: siteId, customerId: `cus_${siteId}`, plan: plan.get(siteId) }, customer: { id: `cus_${siteId}` }, plan: plans[plan.get(siteId)!] };
    }
    if (method === 'GetSubscriptions') {
      calls.subscriptions += 1;
      return { categories: subscriptions.get(siteId) ?? [] };
    }
    return { articles: [], next: null }; // GetFeedPage
  }) as unknown as Rpc;
  const issue = (expiresAt?: string) => {
    const { token } = mintToken();
    const siteId = `site_sf${++serial}_${Date.now()}`;
    plan.set(siteId, 'feed');
    subscriptions.set(siteId, ['tech']);
    const credential = { id: `cred_${siteId}`, siteId, customerId: `cus_${siteId}`, name: 'n', scopes: ['feed.read'], audience: 'content-feed' };
    issued.set(token, { ...credential, createdAt: '2026-01-01T00:00:00Z', ...(expiresAt ? { expiresAt } : {}) } as Credential__Output);
    return { token, siteId };
  };
  return { calls, lookup, rpc, issue, plan, subscriptions };
}

/** A replica: its own caches over the shared stores, wired as gateway.ts does; `deaf`: it hears no announcement. */
function replica(world: ReturnType<typeof services>, clock: { now: number }, options: { deaf?: boolean } = {}) {
  const now = () => clock.now;
  const memory = createMemoryStores({ now, sharedFacts: true });
  const storeCalls = { count: 0 };
  const bus: Bus = options.deaf ? { ...memory.bus, subscribe: () => undefined, onReconnect: () => undefined } : memory.bus;
  const stores: GatewayStores = {
    ...memory,
    bus,
    rateLimits: { hit: (...args) => ((storeCalls.count += 1), memory.rateLimits.hit(...args)) },
    quotas: { ...memory.quotas, consume: (c) => ((storeCalls.count += 1), memory.quotas.consume(c)) },
  };
  const tier = new SiteFactsTier(stores.facts!, { credential: TTL, site: TTL, subscriptions: TTL }, 100, logger);
  const authenticator = new Authenticator({ lookup: world.lookup, stores, ttlMs: TTL, maxEntries: 100, logger, now, shared: tier });
  const sites = new SiteDirectory({ bus, ttlMs: TTL, maxEntries: 100, now, shared: tier });
  const feedPages = new FeedPageCache({
    bus,
    cursors: new FeedCursorCodec('s'.repeat(32)),
    ttlMs: TTL,
    maxEntries: 100,
    maxBytes: 1 << 20,
    maxSites: 100,
    now,
    shared: tier,
  });
  tier.onMoved((siteId) => {
    sites.forget(siteId);
    feedPages.subscriptionsChanged(siteId);
  });
  const shared = new SharedFacts(tier, {
    adoptCredential: (token, credential, ttlMs) => authenticator.adopt(token, credential, ttlMs),
    adoptSite: (siteId, context, ttlMs) => sites.adopt(siteId, context, ttlMs),
    adoptSubscriptions: (siteId, categories, ttlMs) => feedPages.adoptSubscriptions(siteId, categories, ttlMs),
  });
  const admission = new Admission({
    rateLimiter: new RateLimiter({ limit: 1000, store: stores.rateLimits, authenticator, logger }),
    readBody: async () => undefined,
    authenticator,
    sites,
    entitlements: new PlanEntitlements(stores.quotas, now),
    product: 'content-feed',
    shared,
  });
  /** GET /test/probe: 'admitted' or the refusal's code. */
  const admit = async (token: string) => {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    const req = { method: 'GET', headers, get: (n: string) => headers[n.toLowerCase()], params: {}, query: {}, body: undefined, ip: '203.0.113.9' };
    const res = { setHeader: () => undefined } as unknown as Response;
    try {
      await admission.admit(probe, req as unknown as Request, res, callerOf(req as unknown as Request), world.rpc, 'req');
      return 'admitted';
    } catch (err) {
      return (err as { code?: string }).code ?? String(err);
    }
  };
  /** The Site's subscription set as the feed route reads it. */
  const feed = (siteId: string) => feedPages.page(siteId, 20, null, world.rpc, { personalized: false });
  return { admit, feed, feedPages, authenticator, storeCalls, bus: memory.bus };
}

/** The replicas' writes to the shared tier are not awaited by their requests. */
const written = () => new Promise((resolve) => setImmediate(resolve));

describe('the shared tier', () => {
  it('admits on a replica that never saw the Site without a service call, then as a warm request: one store call', async () => {
    const clock = { now: Date.now() };
    const world = services(clock);
    const { token, siteId } = world.issue();
    const a = replica(world, clock);
    expect(await a.admit(token)).toBe('admitted');
    await a.feed(siteId);
    expect(world.calls).toEqual({ identity: 1, account: 1, subscriptions: 1 });
    await written();

    const b = replica(world, clock);
    expect(await b.admit(token)).toBe('admitted');
    await b.feed(siteId);
    expect(world.calls).toEqual({ identity: 1, account: 1, subscriptions: 1 });
    // The count with the records, then the quota unit (its counter needs the Plan the records gave).
    expect(b.storeCalls.count).toBe(2);
    expect(b.feedPages.cachedEntries().sets).toEqual([[siteId, ['tech']]]);
    b.storeCalls.count = 0;
    expect(await b.admit(token)).toBe('admitted');
    expect(b.storeCalls.count).toBe(1);
  });

  it('keeps what it read there no longer than the record has left', async () => {
    const clock = { now: Date.now() };
    const world = services(clock);
    const { token } = world.issue();
    await replica(world, clock).admit(token);
    await written();
    clock.now += TTL - 10_000;
    const b = replica(world, clock);
    expect(await b.admit(token)).toBe('admitted');
    expect(world.calls.identity).toBe(1);
    clock.now += 10_001; // the record, and what b kept of it, have expired
    expect(b.authenticator.peek(presentedToken(token)!)).toBeUndefined();
    expect(await b.admit(token)).toBe('admitted');
    expect(world.calls.identity).toBe(2);
  });

  it('does not admit a Credential whose record outlived its expiry: identity refuses it', async () => {
    const clock = { now: Date.now() };
    const world = services(clock);
    const { token } = world.issue(new Date(clock.now + 30_000).toISOString());
    expect(await replica(world, clock).admit(token)).toBe('admitted');
    await written();
    clock.now += 30_001;
    expect(await replica(world, clock).admit(token)).toBe('UNAUTHENTICATED');
    expect(world.calls.identity).toBe(2);
  });

  it('sees a plan change and a subscription change on the next request of a replica that heard no announcement', async () => {
    const clock = { now: Date.now() };
    const world = services(clock);
    const { token, siteId } = world.issue();
    const deaf = replica(world, clock, { deaf: true });
    expect(await deaf.admit(token)).toBe('admitted');
    expect(await deaf.admit(token)).toBe('admitted'); // warm
    await deaf.feed(siteId);
    const owner = replica(world, clock); // stands for the owning service's bus
    world.plan.set(siteId, 'none');
    await owner.bus.announceSiteChange(CHANNELS.siteChanged, siteId);
    expect(await deaf.admit(token)).toBe('CAPABILITY_NOT_ENTITLED');
    world.plan.set(siteId, 'feed');
    world.subscriptions.set(siteId, ['science']);
    await owner.bus.announceSiteChange(CHANNELS.subscriptionsChanged, siteId);
    expect(await deaf.admit(token)).toBe('admitted');
    await deaf.feed(siteId);
    expect(deaf.feedPages.cachedEntries().sets).toEqual([[siteId, ['science']]]);
  });
});
