/**
 * The Site behind a Credential, with its Customer and its Plan, cached per Site (LRU,
 * SITE_CACHE_TTL_MS, at most AUTH_CACHE_MAX_ENTRIES Sites weighing SITE_CACHE_MAX_BYTES) so that the plan check and GET /me need no service call on most requests.
 * The account service announces every change of a Site, its plan or its Customer; the entry is
 * dropped at once on every replica; with the shared tier (caches/shared-facts.ts) the Site's
 * generation, read on every request, drops it on a replica that missed the announcement, and a Site
 * recorded there by another replica is kept here without asking account. An entry weighs its id and the JSON of its Site and Customer:
 * its Plan is one object shared by every Site on it (`plans` below), so it is not counted per Site.
 */
import { CHANNELS, type Bus } from '@cfs/common/bus';
import { DomainError } from '@cfs/common/errors';
import { jsonBytes, LoadingCache } from '@cfs/common/loading-cache';
import type { Plan__Output } from '@cfs/protos/generated/cfs/account/v1/Plan.js';
import { Interner } from './interner.ts';
import type { SiteContext } from './site-context.ts';
import type { SiteFactsTier } from './shared-facts.ts';
import type { Rpc } from '../clients/rpc.ts';

export type { SiteContext };

/** Plans, one object per distinct plan for all the Sites on it (caches/interner.ts). */
const plans = new Interner<Plan__Output>();
const planIds = new Interner<string>();

/** The Site's plan id and Plan shared with the other cached Sites on it. */
function shared({ site, customer, plan }: SiteContext): SiteContext {
  site.plan = planIds.of(site.plan, site.plan);
  return { site, customer, plan: plans.of(JSON.stringify(plan), plan) };
}

export class SiteDirectory {
  private readonly cache: LoadingCache<SiteContext, Rpc>;

  /** `shared`: the shared tier (caches/shared-facts.ts), where what account answered is recorded for the other replicas. */
  constructor(options: { bus: Bus; ttlMs: number; maxEntries: number; maxBytes?: number; now?: () => number; shared?: SiteFactsTier }) {
    this.cache = new LoadingCache<SiteContext, Rpc>({
      name: 'gateway.sites',
      maxEntries: options.maxEntries,
      ...(options.maxBytes ? { maxSize: options.maxBytes, sizeOf: ({ site, customer }, siteId) => jsonBytes({ site, customer }, siteId) } : {}),
      ttlMs: options.ttlMs,
      load: async (siteId, rpc) => {
        const generation = await options.shared?.generationBeforeLoad(siteId); // read before the owner is asked
        const { site, customer, plan } = await rpc('account', 'ResolveSite', { siteId });
        if (!site || !customer || !plan) throw new DomainError('INTERNAL_ERROR');
        const context = shared({ site, customer, plan });
        options.shared?.siteFactLoaded('site', siteId, context, generation);
        return context;
      },
      ...(options.now ? { now: options.now } : {}),
    });
    options.bus.subscribe(CHANNELS.siteChanged, (siteId) => this.cache.delete(siteId));
    options.bus.onReconnect(() => this.cache.clear());
  }

  get(siteId: string, rpc: Rpc): Promise<SiteContext> {
    return this.cache.get(siteId, rpc);
  }

  /** The Site read afresh from account (what is cached cannot be confirmed: the shared store did not answer). */
  reload(siteId: string, rpc: Rpc): Promise<SiteContext> {
    this.cache.delete(siteId);
    return this.cache.get(siteId, rpc);
  }

  /** The cached entry, if any (no I/O). */
  cached(siteId: string): SiteContext | undefined {
    return this.cache.cached(siteId);
  }

  /** Whether the Site is cached (no I/O, no hit counted). */
  has(siteId: string): boolean {
    return this.cache.peek(siteId) !== undefined;
  }

  /** Keeps a Site read from the shared tier for at most `ttlMs` (what its record has left). */
  adopt(siteId: string, context: SiteContext, ttlMs: number): SiteContext {
    const kept = shared(context);
    this.cache.set(siteId, kept, ttlMs);
    return kept;
  }

  /** Drops a Site (its generation moved on: caches/shared-facts.ts). */
  forget(siteId: string): void {
    this.cache.delete(siteId);
  }
}
