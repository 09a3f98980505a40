/**
 * The Site behind a Credential, with its Customer and its Plan, cached per Site so that the
 * pipeline's plan check and GET /me need no service call on most requests. The account service
 * announces every change of a Site, its plan or its Customer; the entry is dropped at once.
 */
import { DomainError } from '@cfs/common/errors';
import { TtlCache } from '@cfs/common/ttl-cache';
import type { Customer__Output } from '@cfs/protos/generated/cfs/account/v1/Customer.js';
import type { Plan__Output } from '@cfs/protos/generated/cfs/account/v1/Plan.js';
import type { Site__Output } from '@cfs/protos/generated/cfs/account/v1/Site.js';
import type { Rpc } from './route.ts';
import type { SharedState } from './state/shared-state.ts';

export interface SiteContext {
  site: Site__Output;
  customer: Customer__Output;
  plan: Plan__Output;
}

export class SiteDirectory {
  private readonly entries: TtlCache<SiteContext>;

  constructor(state: SharedState, options: { ttlMs: number; maxEntries: number; now?: () => number }) {
    this.entries = new TtlCache(options.ttlMs, options.maxEntries, options.now);
    state.onSiteChanged((siteId) => this.entries.delete(siteId));
    state.onReset(() => this.entries.clear());
  }

  async get(siteId: string, rpc: Rpc): Promise<SiteContext> {
    const hit = this.entries.get(siteId);
    if (hit) return hit;
    const { site, customer, plan } = await rpc('account', 'ResolveSite', { siteId });
    if (!site || !customer || !plan) throw new DomainError('INTERNAL_ERROR');
    const context = { site, customer, plan };
    this.entries.set(siteId, context);
    return context;
  }
}
