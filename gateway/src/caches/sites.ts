/**
 * The Site behind a Credential, with its Customer and its Plan, cached per Site (LRU,
 * SITE_CACHE_TTL_MS, at most AUTH_CACHE_MAX_ENTRIES Sites weighing SITE_CACHE_MAX_BYTES) so that the plan check and GET /me need no service call on most requests.
 * The account service announces every change of a Site, its plan or its Customer; the entry is
 * dropped at once on every replica. An entry weighs its id and the JSON of its Site and Customer:
 * its Plan is one object shared by every Site on it (`plans` below), so it is not counted per Site.
 */
import { CHANNELS, type Bus } from '@cfs/common/bus';
import { DomainError } from '@cfs/common/errors';
import { jsonBytes, LoadingCache } from '@cfs/common/loading-cache';
import type { Customer__Output } from '@cfs/protos/generated/cfs/account/v1/Customer.js';
import type { Plan__Output } from '@cfs/protos/generated/cfs/account/v1/Plan.js';
import type { Site__Output } from '@cfs/protos/generated/cfs/account/v1/Site.js';
import { Interner } from './interner.ts';
import type { Rpc } from '../clients/rpc.ts';

export interface SiteContext {
  site: Site__Output;
  customer: Customer__Output;
  plan: Plan__Output;
}

/** Plans, one object per distinct plan for all the Sites on it (caches/interner.ts). */
const plans = new Interner<Plan__Output>();
const planIds = new Interner<string>();

export class SiteDirectory {
  private readonly cache: LoadingCache<SiteContext, Rpc>;

  constructor(options: { bus: Bus; ttlMs: number; maxEntries: number; maxBytes?: number; now?: () => number }) {
    this.cache = new LoadingCache<SiteContext, Rpc>({
      name: 'gateway.sites',
      maxEntries: options.maxEntries,
      ...(options.maxBytes ? { maxSize: options.maxBytes, sizeOf: ({ site, customer }, siteId) => jsonBytes({ site, customer }, siteId) } : {}),
      ttlMs: options.ttlMs,
      load: async (siteId, rpc) => {
        const { site, customer, plan } = await rpc('account', 'ResolveSite', { siteId });
        if (!site || !customer || !plan) throw new DomainError('INTERNAL_ERROR');
        site.plan = planIds.of(site.plan, site.plan);
        return { site, customer, plan: plans.of(JSON.stringify(plan), plan) };
      },
      ...(options.now ? { now: options.now } : {}),
    });
    options.bus.subscribe(CHANNELS.siteChanged, (siteId) => this.cache.delete(siteId));
    options.bus.onReconnect(() => this.cache.clear());
  }

  get(siteId: string, rpc: Rpc): Promise<SiteContext> {
    return this.cache.get(siteId, rpc);
  }

  /** The cached entry, if any (no I/O). */
  cached(siteId: string): SiteContext | undefined {
    return this.cache.cached(siteId);
  }
}
