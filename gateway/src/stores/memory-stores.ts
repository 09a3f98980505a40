/** The gateway's stores in memory, for a single gateway process: the same contracts as Redis. */
import { MemoryBus, type Bus } from '@cfs/common/bus';
import { MemoryRevocationMarkers } from '@cfs/common/revocations';
import { processSiteFacts } from '@cfs/common/site-facts';
import type {
  FactsFound,
  FactsRead,
  GatewayStores,
  Hit,
  HitOptions,
  IdempotencyClaim,
  IdempotencyRecord,
  IdempotencyStore,
  QuotaCounter,
  QuotaStore,
  RateLimitStore,
  RevocationMarkers,
  SharedFactsStore,
  StoredAnswer,
} from './stores.ts';

type Clock = () => number;

/** Entries that expire; expired ones are dropped when read and swept when the map grows large. */
class ExpiringMap<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();

  constructor(private readonly now: Clock) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt > this.now()) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  set(key: string, value: V, expiresAt: number): void {
    if (this.entries.size >= 100_000) this.sweep();
    this.entries.set(key, { value, expiresAt });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
  }
}

/** Whether a unit is left, taking none (as the Redis script's PEEK). */
async function peek(quotas: QuotaStore, counter: QuotaCounter): Promise<{ allowed: boolean; used: number }> {
  const [used = 0] = await quotas.usage([counter.key]);
  return { allowed: counter.limit === null || used < counter.limit, used };
}

export class MemoryRateLimits implements RateLimitStore {
  private readonly windows: ExpiringMap<{ count: number; resetAt: number }>;

  constructor(
    private readonly now: Clock,
    private readonly revocations: RevocationMarkers,
    private readonly quotas: QuotaStore,
  ) {
    this.windows = new ExpiringMap(now);
  }

  async hit(bucket: string, windowMs: number, { alsoRead, revocationOf, charge, facts }: HitOptions = {}): Promise<Hit> {
    const now = this.now();
    let window = this.windows.get(bucket);
    if (!window) {
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(bucket, window, window.resetAt);
    }
    window.count += 1;
    const count = window.count;
    const other = alsoRead === undefined ? undefined : this.windows.get(alsoRead);
    const revoked = revocationOf === undefined ? undefined : await this.revocations.isMarked(revocationOf);
    const found = facts ? await this.facts(facts, now) : undefined;
    const current = !facts || !('siteId' in facts) || facts.generation === undefined || facts.generation === found?.generation;
    const charged =
      charge && revoked === false && current && count <= charge.rateLimit
        ? await (charge.peek ? peek(this.quotas, charge.counter) : this.quotas.consume(charge.counter))
        : undefined;
    return {
      count,
      resetMs: window.resetAt - now,
      ...(alsoRead === undefined ? {} : { alsoRead: { count: other?.count ?? 0, resetMs: other ? other.resetAt - now : 0 } }),
      ...(revoked === undefined ? {} : { revoked }),
      ...(charged ? { charged } : {}),
      ...(found ? { facts: found } : {}),
    };
  }

  /** As the Redis script reads them (redis-stores.ts, HIT). */
  private async facts(facts: FactsRead, now: number): Promise<FactsFound> {
    let siteId: string;
    let found: FactsFound = {};
    if ('siteId' in facts) {
      siteId = facts.siteId;
      if (!facts.records) return { generation: processSiteFacts.generation(siteId) };
    } else {
      const record = processSiteFacts.get(`cred:${facts.tokenKey}`, now);
      const credential = record ? (JSON.parse(record.value) as { id?: unknown; siteId?: unknown }) : undefined;
      if (!record || typeof credential?.id !== 'string' || typeof credential.siteId !== 'string') return {};
      siteId = credential.siteId;
      found = { credential: { json: record.value, ttlMs: record.ttlMs, marked: await this.revocations.isMarked(credential.id) } };
    }
    const site = processSiteFacts.get(`site:${siteId}`, now);
    const subscriptions = processSiteFacts.get(`subs:${siteId}`, now);
    return {
      ...found,
      generation: processSiteFacts.generation(siteId),
      ...(site ? { site: { json: site.value, ttlMs: site.ttlMs } } : {}),
      ...(subscriptions ? { subscriptions: { json: subscriptions.value, ttlMs: subscriptions.ttlMs } } : {}),
    };
  }
}

/** The shared facts in this process (@cfs/common/site-facts: the in-process bus retracts them). */
export class MemorySharedFacts implements SharedFactsStore {
  constructor(
    private readonly now: Clock,
    private readonly revocations: RevocationMarkers,
  ) {}

  async putCredential(tokenKey: string, credentialId: string, json: string, ttlMs: number): Promise<void> {
    if (!(await this.revocations.isMarked(credentialId))) processSiteFacts.set(`cred:${tokenKey}`, json, ttlMs, this.now());
  }

  async dropCredential(tokenKey: string): Promise<void> {
    processSiteFacts.delete(`cred:${tokenKey}`);
  }

  async generation(siteId: string): Promise<string> {
    return processSiteFacts.generation(siteId);
  }

  async putSiteFact(kind: 'site' | 'subscriptions', siteId: string, json: string, ttlMs: number, generation: string): Promise<boolean> {
    if (processSiteFacts.generation(siteId) !== generation) return false;
    processSiteFacts.set(`${kind === 'site' ? 'site' : 'subs'}:${siteId}`, json, ttlMs, this.now());
    return true;
  }
}

export class MemoryQuotas implements QuotaStore {
  private readonly counters: ExpiringMap<number>;

  constructor(now: Clock) {
    this.counters = new ExpiringMap(now);
  }

  async consume(counter: QuotaCounter): Promise<{ allowed: boolean; used: number }> {
    const used = this.counters.get(counter.key) ?? 0;
    if (counter.limit !== null && used >= counter.limit) return { allowed: false, used };
    this.counters.set(counter.key, used + 1, counter.resetsAt);
    return { allowed: true, used: used + 1 };
  }

  async refund(counter: QuotaCounter): Promise<void> {
    const used = this.counters.get(counter.key) ?? 0;
    if (used > 0) this.counters.set(counter.key, used - 1, counter.resetsAt);
  }

  async usage(keys: string[]): Promise<number[]> {
    return keys.map((key) => this.counters.get(key) ?? 0);
  }
}

export class MemoryIdempotency implements IdempotencyStore {
  private readonly records: ExpiringMap<IdempotencyRecord>;
  /** Each Site's keys, oldest first (a Map keeps insertion order). */
  private readonly bySite = new Map<string, Map<string, true>>();

  constructor(private readonly now: Clock) {
    this.records = new ExpiringMap(now);
  }

  async claim(c: IdempotencyClaim): Promise<IdempotencyRecord | null> {
    const existing = this.records.get(c.key);
    if (existing) return existing;
    this.records.set(c.key, { state: 'running', fingerprint: c.fingerprint, owner: c.owner }, this.now() + c.leaseMs);
    let keys = this.bySite.get(c.site);
    if (!keys) this.bySite.set(c.site, (keys = new Map()));
    keys.delete(c.key);
    keys.set(c.key, true);
    for (const oldest of keys.keys()) {
      // Oldest first: forget keys that expired, then the oldest live ones beyond the bound.
      if (this.records.get(oldest) !== undefined && keys.size <= c.maxPerSite) break;
      keys.delete(oldest);
      this.records.delete(oldest);
    }
    return null;
  }

  private held(key: string, owner: string): boolean {
    const record = this.records.get(key);
    return record?.state === 'running' && record.owner === owner;
  }

  async renew(key: string, owner: string, leaseMs: number): Promise<boolean> {
    const record = this.records.get(key);
    if (!record || !this.held(key, owner)) return false;
    this.records.set(key, record, this.now() + leaseMs);
    return true;
  }

  async complete(key: string, owner: string, fingerprint: string, answer: StoredAnswer, ttlMs: number): Promise<void> {
    if (this.held(key, owner)) this.records.set(key, { state: 'done', fingerprint, answer }, this.now() + ttlMs);
  }

  async release(key: string, owner: string): Promise<void> {
    if (this.held(key, owner)) this.records.delete(key);
  }
}

/** `sharedFacts`: the shared tier in this process too (tests of what replicas do with it). */
export function memoryStores(options: { markerTtlMs: number; now?: Clock; bus?: Bus; sharedFacts?: boolean }): GatewayStores {
  const now = options.now ?? Date.now;
  const bus = options.bus ?? new MemoryBus();
  // Shared with an identity service in the same process (embedded mode).
  const revocations = new MemoryRevocationMarkers(options.markerTtlMs / 1000, now);
  const quotas = new MemoryQuotas(now);
  return {
    rateLimits: new MemoryRateLimits(now, revocations, quotas),
    quotas,
    revocations,
    idempotency: new MemoryIdempotency(now),
    ...(options.sharedFacts ? { facts: new MemorySharedFacts(now, revocations) } : {}),
    bus,
    ready: async () => true,
    close: () => bus.close(),
  };
}
