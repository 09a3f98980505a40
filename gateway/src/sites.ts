/**
 * The Site behind a Credential, with its Customer and its Plan, cached per Site so that the
 * pipeline's plan check and GET /me need no service call on most requests. The account service
 * announces every change of a Site, its plan or its Customer; the entry is dropped at once.
 */
import { DomainError } from '@cfs/common/errors';
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
  private readonly entries = new Map<string, { context: SiteContext; expiresAt: number }>();

  constructor(
    state: SharedState,
    private readonly options: { ttlMs: number; maxEntries: number; now?: () => number },
  ) {
    state.onSiteChanged((siteId) => this.entries.delete(siteId));
    state.onReset(() => this.entries.clear());
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  async get(siteId: string, rpc: Rpc): Promise<SiteContext> {
    const hit = this.entries.get(siteId);
    if (hit && hit.expiresAt > this.now()) return hit.context;
    const { site, customer, plan } = await rpc('account', 'ResolveSite', { siteId });
    if (!site || !customer || !plan) throw new DomainError('INTERNAL_ERROR');
    const context = { site, customer, plan };
    if (this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    if (this.options.ttlMs > 0) this.entries.set(siteId, { context, expiresAt: this.now() + this.options.ttlMs });
    return context;
  }
}
