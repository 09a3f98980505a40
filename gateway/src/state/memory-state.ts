import { CHANNELS, MemoryBus, type Bus } from '@cfs/common/bus';
import type { IdempotencyRecord, QuotaCounter, SharedState, StoredAnswer } from './shared-state.ts';

/** For a single gateway process (local mode, tests): the same contract, in memory. */
export class MemoryState implements SharedState {
  private readonly revoked = new Map<string, number>();
  private readonly counters = new Map<string, { used: number; expiresAt: number }>();
  private readonly idempotency = new Map<string, { record: IdempotencyRecord; expiresAt: number }>();
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly markerTtlMs = 3_600_000,
    private readonly now: () => number = Date.now,
    private readonly bus: Bus = new MemoryBus(),
  ) {}

  async ready(): Promise<boolean> {
    return true;
  }

  async markRevoked(credentialId: string): Promise<void> {
    this.revoked.set(credentialId, this.now() + this.markerTtlMs);
    await this.bus.publish(CHANNELS.credentialRevoked, credentialId);
  }

  async isRevoked(credentialId: string): Promise<boolean> {
    const until = this.revoked.get(credentialId);
    if (until === undefined) return false;
    if (until > this.now()) return true;
    this.revoked.delete(credentialId);
    return false;
  }

  onRevoked(listener: (credentialId: string) => void): void {
    this.bus.subscribe(CHANNELS.credentialRevoked, listener);
  }

  onSiteChanged(listener: (siteId: string) => void): void {
    this.bus.subscribe(CHANNELS.siteChanged, listener);
  }

  onTaxonomyChanged(listener: () => void): void {
    this.bus.subscribe(CHANNELS.taxonomyChanged, () => listener());
  }

  onReset(listener: () => void): void {
    this.bus.onReconnect(listener);
  }

  private current(key: string): number {
    const counter = this.counters.get(key);
    if (!counter) return 0;
    if (counter.expiresAt <= this.now()) {
      this.counters.delete(key);
      return 0;
    }
    return counter.used;
  }

  async consume(counter: QuotaCounter, unlessRevoked?: string): Promise<{ allowed: boolean; used: number; revoked: boolean }> {
    const used = this.current(counter.key);
    if (unlessRevoked && (await this.isRevoked(unlessRevoked))) return { allowed: false, used, revoked: true };
    if (counter.limit !== null && used >= counter.limit) return { allowed: false, used, revoked: false };
    this.counters.set(counter.key, { used: used + 1, expiresAt: counter.resetsAt });
    return { allowed: true, used: used + 1, revoked: false };
  }

  async refund(counter: QuotaCounter): Promise<void> {
    const used = this.current(counter.key);
    if (used > 0) this.counters.set(counter.key, { used: used - 1, expiresAt: counter.resetsAt });
  }

  async usage(keys: string[]): Promise<number[]> {
    return keys.map((key) => this.current(key));
  }

  async hit(bucket: string, windowMs: number): Promise<{ count: number; resetMs: number }> {
    const now = this.now();
    let window = this.windows.get(bucket);
    if (!window || window.resetAt <= now) {
      if (this.windows.size > 100_000) for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(bucket, window);
    }
    window.count += 1;
    return { count: window.count, resetMs: window.resetAt - now };
  }

  async claimIdempotencyKey(key: string, fingerprint: string, ttlMs: number): Promise<IdempotencyRecord | null> {
    const existing = this.idempotency.get(key);
    if (existing && existing.expiresAt > this.now()) return existing.record;
    this.idempotency.set(key, { record: { state: 'running', fingerprint }, expiresAt: this.now() + ttlMs });
    return null;
  }

  async storeIdempotentAnswer(key: string, fingerprint: string, answer: StoredAnswer, ttlMs: number): Promise<void> {
    this.idempotency.set(key, { record: { state: 'done', fingerprint, answer }, expiresAt: this.now() + ttlMs });
  }

  async releaseIdempotencyKey(key: string): Promise<void> {
    this.idempotency.delete(key);
  }

  async close(): Promise<void> {
    await this.bus.close();
  }
}
