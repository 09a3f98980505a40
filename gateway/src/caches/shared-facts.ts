/**
 * The shared tier under this replica's caches (gateway/README.md#admission-facts-shared-by-the-replicas):
 * what admission needs of a Credential and its Site, kept in Redis by every replica for the others
 * (@cfs/common/site-facts), so a replica that has never seen a Site admits it without a service call.
 * - `SiteFactsTier` is what the caches use: each Site's generation as this replica last read it, and
 *   the write of what a cache loaded from the owning service (a Credential unless its marker is
 *   set; a Site or its subscriptions only while the Site's generation is still the one read before
 *   the load, so a record is never older than the last change: the generation is read before the
 *   owner is asked, from what admission's round trip read or else from the store). Writes are
 *   never awaited by a request: one that fails only costs the next replica a service call.
 * - `SharedFacts` is what admission uses: which facts to read in the request's one store round
 *   trip, and what it found: the Site's generation (a generation that moved on drops what this
 *   replica cached of the Site: `onMoved`), and records for what is not cached here, checked
 *   (a Site record must be the Credential's own Site of its own Customer) and kept in the caches
 *   no longer than they have left in Redis.
 */
import { cacheLookups } from '@cfs/common/metrics';
import type { Logger } from '@cfs/common/logger';
import type { Credential__Output as Credential } from '@cfs/protos/generated/cfs/identity/v1/Credential.js';
import type { PresentedToken } from './presented-token.ts';
import type { SiteContext } from './site-context.ts';
import type { FactsFound, FactsRead, SharedFactsStore } from '../stores/index.ts';

/** How long each kind of record lives in Redis: as long as this replica caches it (0: not shared). */
export interface SharedFactsTtl {
  credential: number;
  site: number;
  subscriptions: number;
}

/** Generations by Site, the least recently used forgotten first beyond `max` (a Map keeps insertion order). */
class Generations {
  private readonly bySite = new Map<string, string>();

  constructor(private readonly max: number) {}

  get(siteId: string): string | undefined {
    const generation = this.bySite.get(siteId);
    if (generation === undefined) return undefined;
    this.bySite.delete(siteId);
    this.bySite.set(siteId, generation);
    return generation;
  }

  has(siteId: string): boolean {
    return this.bySite.has(siteId);
  }

  set(siteId: string, generation: string): void {
    this.bySite.delete(siteId);
    if (this.bySite.size >= this.max) this.bySite.delete(this.bySite.keys().next().value!);
    this.bySite.set(siteId, generation);
  }

  clear(): void {
    this.bySite.clear();
  }
}

export class SiteFactsTier {
  /** By Site: the generation last read (as many Sites as the caches hold). */
  private readonly seen: Generations;
  private readonly moved: Array<(siteId: string) => void> = [];

  constructor(
    private readonly store: SharedFactsStore,
    readonly ttl: SharedFactsTtl,
    maxSites: number,
    private readonly logger: Logger,
  ) {
    this.seen = new Generations(maxSites);
  }

  /** Called with a Site whose generation moved on (or was never read here): what is cached of it is dropped. */
  onMoved(listener: (siteId: string) => void): void {
    this.moved.push(listener);
  }

  /** The Site's generation as read now; what this replica cached of it before is dropped unless it is the one last read. */
  observe(siteId: string, generation: string): void {
    const before = this.seen.get(siteId);
    if (before === generation) return;
    this.seen.set(siteId, generation);
    for (const listener of this.moved) listener(siteId);
  }

  /** The generation last read for a Site (admission charges on a cached Site under it), if any. */
  generationOf(siteId: string): string | undefined {
    return this.seen.get(siteId);
  }

  /**
   * The Site's generation before a load from its owner: the one last read here, else read now (a
   * cold replica: one more store call, on a miss that costs a service call anyway) and kept as the
   * one read, since what is loaded now is read under it (nothing of the Site cached here was read
   * under a known generation). Undefined when the store cannot answer: what is loaded is then not
   * recorded.
   */
  async generationBeforeLoad(siteId: string): Promise<string | undefined> {
    const seen = this.seen.get(siteId);
    if (seen !== undefined) return seen;
    const generation = await this.store.generation(siteId).catch(() => undefined);
    if (generation !== undefined && !this.seen.has(siteId)) this.seen.set(siteId, generation);
    return generation;
  }

  /** After a bus outage everything cached is dropped: so are the generations read. */
  clear(): void {
    this.seen.clear();
  }

  /** A Credential identity confirmed for a token key. */
  credentialLoaded(tokenKey: string, credential: Credential): void {
    if (this.ttl.credential <= 0) return;
    this.write(this.store.putCredential(tokenKey, credential.id, JSON.stringify(credential), this.ttl.credential));
  }

  /** Identity refused a token whose record was found: the record goes. */
  credentialRefused(tokenKey: string): void {
    this.write(this.store.dropCredential(tokenKey));
  }

  /** A Site's fact loaded from its owner after its generation was read as `generation` (none read: not written). */
  siteFactLoaded(kind: 'site' | 'subscriptions', siteId: string, value: unknown, generation: string | undefined): void {
    const ttl = kind === 'site' ? this.ttl.site : this.ttl.subscriptions;
    if (generation === undefined || ttl <= 0) return;
    this.write(this.store.putSiteFact(kind, siteId, JSON.stringify(value), ttl, generation));
  }

  private write(done: Promise<unknown>): void {
    done.catch((err: unknown) => this.logger.debug({ err: { message: (err as Error).message } }, 'a shared fact was not written'));
  }
}

/** Where admission keeps what it found in Redis (the caches of this replica). */
export interface FactsTargets {
  /** Undefined when the Credential is not kept (it has expired). */
  adoptCredential(token: PresentedToken, credential: Credential, ttlMs: number): Credential | undefined;
  adoptSite(siteId: string, context: SiteContext, ttlMs: number): SiteContext;
  adoptSubscriptions(siteId: string, categories: string[], ttlMs: number): void;
}

/** What a round trip's facts gave admission. */
export interface Received {
  /** The token's Credential from its record, its marker read with it and absent. */
  credential?: Credential;
  /** A record was found whose marker is set: identity decides, and forgets the record if it refuses. */
  marked?: boolean;
  /** The Credential's Site from its record, checked against the Credential. */
  site?: SiteContext;
  /** The Site's generation is not the one the Site cached here was read under: that entry is not to be used. */
  moved?: boolean;
}

const LOOKUPS = {
  credential: { hit: { cache: 'gateway.shared-credentials', result: 'hit' }, miss: { cache: 'gateway.shared-credentials', result: 'miss' } },
  site: { hit: { cache: 'gateway.shared-sites', result: 'hit' }, miss: { cache: 'gateway.shared-sites', result: 'miss' } },
  subscriptions: { hit: { cache: 'gateway.shared-subscriptions', result: 'hit' }, miss: { cache: 'gateway.shared-subscriptions', result: 'miss' } },
} as const;

const parsed = (json: string): unknown => {
  try {
    return JSON.parse(json);
  } catch {
    return undefined;
  }
};

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** A Credential record with the fields admission reads. */
function credentialOf(json: string): Credential | undefined {
  const c = parsed(json);
  if (!isObject(c) || typeof c.id !== 'string' || typeof c.siteId !== 'string' || typeof c.customerId !== 'string') return undefined;
  if (typeof c.audience !== 'string' || !Array.isArray(c.scopes) || !c.scopes.every((s) => typeof s === 'string')) return undefined;
  return c as unknown as Credential;
}

/** A Site record, only when it is the Credential's own Site of its own Customer. */
function siteOf(json: string, credential: Credential): SiteContext | undefined {
  const c = parsed(json);
  if (!isObject(c) || !isObject(c.site) || !isObject(c.customer) || !isObject(c.plan) || !Array.isArray(c.plan.capabilities)) return undefined;
  const { site, customer } = c;
  if (site.id !== credential.siteId || site.customerId !== credential.customerId || customer.id !== credential.customerId) return undefined;
  return c as unknown as SiteContext;
}

function categoriesOf(json: string): string[] | undefined {
  const c = parsed(json);
  return Array.isArray(c) && c.every((k) => typeof k === 'string') ? c : undefined;
}

export class SharedFacts {
  constructor(
    private readonly tier: SiteFactsTier,
    private readonly targets: FactsTargets,
  ) {}

  /** The generation a charge on the cached Site may be taken under (none read yet: no charge in the count). */
  generationOf(siteId: string): string | undefined {
    return this.tier.generationOf(siteId);
  }

  /**
   * What the round trip found (`found`, for what `read` asked), kept in this replica's caches.
   * `cached`: the Credential this replica had for the token (then no Credential record was read).
   * `confirmable`: the marker read in the round trip may confirm a Credential record (a request whose
   * body is still to come reads its marker after it: its Credential is kept, not confirmed).
   */
  received(read: FactsRead, found: FactsFound, token: PresentedToken, cached: Credential | undefined, confirmable: boolean): Received {
    let credential = cached;
    const received: Received = {};
    if ('tokenKey' in read) {
      const record = found.credential ? credentialOf(found.credential.json) : undefined;
      cacheLookups.add(1, record ? LOOKUPS.credential.hit : LOOKUPS.credential.miss);
      if (!record || found.credential!.ttlMs <= 0) return received;
      if (found.credential!.marked) return { marked: true };
      credential = this.targets.adoptCredential(token, record, Math.min(found.credential!.ttlMs, this.tier.ttl.credential));
      if (!credential) return received; // expired: identity refuses it
      if (confirmable) received.credential = credential;
    }
    if (!credential || found.generation === undefined) return received;
    const siteId = credential.siteId;
    // The Site cached here was read under `read.generation` (none: unknown), whatever others read since.
    received.moved = !('siteId' in read) || read.generation !== found.generation;
    this.tier.observe(siteId, found.generation);
    if ('siteId' in read && !read.records) return received;
    const site = found.site ? siteOf(found.site.json, credential) : undefined;
    cacheLookups.add(1, site ? LOOKUPS.site.hit : LOOKUPS.site.miss);
    if (site && found.site!.ttlMs > 0) received.site = this.targets.adoptSite(siteId, site, Math.min(found.site!.ttlMs, this.tier.ttl.site));
    const categories = found.subscriptions ? categoriesOf(found.subscriptions.json) : undefined;
    cacheLookups.add(1, categories ? LOOKUPS.subscriptions.hit : LOOKUPS.subscriptions.miss);
    if (categories && found.subscriptions!.ttlMs > 0)
      this.targets.adoptSubscriptions(siteId, categories, Math.min(found.subscriptions!.ttlMs, this.tier.ttl.subscriptions));
    return received;
  }

  /** Identity refused a token whose record was found marked: the record goes. */
  refused(token: PresentedToken): void {
    this.tier.credentialRefused(token.key);
  }
}
