import { Redis } from 'ioredis';
import { CHANNELS, closeRedis, REDIS_OPTIONS, type Bus } from '@cfs/common/bus';
import { unavailable } from '@cfs/common/errors';
import type { Logger } from '@cfs/common/logger';
import type { IdempotencyRecord, QuotaCounter, SharedState, StoredAnswer } from './shared-state.ts';

/**
 * Takes a unit only below the limit (-1: unlimited), in one atomic step; sets the expiry once.
 * KEYS[2], when given, is a revocation marker: if it exists nothing is taken ({-1, used}).
 */
const CONSUME = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
if KEYS[2] and redis.call('EXISTS', KEYS[2]) == 1 then return {-1, used} end
local limit = tonumber(ARGV[1])
if limit >= 0 and used >= limit then return {0, used} end
used = redis.call('INCR', KEYS[1])
if used == 1 then redis.call('PEXPIREAT', KEYS[1], ARGV[2]) end
return {1, used}
`;

/** Gives a unit back, never below zero. */
const REFUND = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
if used > 0 then return redis.call('DECR', KEYS[1]) end
return 0
`;

/** A fixed window: the first hit starts it; returns the count and the ms left. */
const HIT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}
`;

export interface RedisStateOptions {
  url: string;
  /** Prefix of every key (one system, or one test run, per prefix). */
  prefix: string;
  /** How long a revocation marker lives; longer than any cached authentication. */
  markerTtlSeconds: number;
  bus: Bus;
  logger: Logger;
}

/**
 * Redis-backed shared state. Commands fail fast while Redis is unreachable (no offline queue, a
 * short command timeout), so a request never hangs on it; callers decide what to do then.
 */
export class RedisState implements SharedState {
  private readonly redis: Redis;

  constructor(private readonly options: RedisStateOptions) {
    this.redis = new Redis(options.url, REDIS_OPTIONS);
    this.redis.on('error', (err: Error) => options.logger.warn({ err: { message: err.message } }, 'redis connection error'));
    this.redis.defineCommand('cfsConsume', { lua: CONSUME });
    this.redis.defineCommand('cfsRefund', { numberOfKeys: 1, lua: REFUND });
    this.redis.defineCommand('cfsHit', { numberOfKeys: 1, lua: HIT });
  }

  async ready(timeoutMs: number): Promise<boolean> {
    if (this.redis.status === 'ready') return true;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.redis.off('ready', onReady);
        resolve(false);
      }, timeoutMs);
      timer.unref();
      const onReady = () => {
        clearTimeout(timer);
        resolve(true);
      };
      this.redis.once('ready', onReady);
    });
  }

  private key(kind: string, id: string): string {
    return `${this.options.prefix}${kind}:${id}`;
  }

  async markRevoked(credentialId: string): Promise<void> {
    try {
      await this.redis.set(this.key('revoked', credentialId), '1', 'EX', this.options.markerTtlSeconds);
    } catch (err) {
      // The revocation is committed in the identity service; while Redis is away the replicas skip
      // their caches. A retry of the (idempotent) revoke records the marker.
      throw unavailable(err);
    }
    await this.options.bus.publish(CHANNELS.credentialRevoked, credentialId).catch(() => undefined);
  }

  async isRevoked(credentialId: string): Promise<boolean> {
    return (await this.redis.exists(this.key('revoked', credentialId))) === 1;
  }

  onRevoked(listener: (credentialId: string) => void): void {
    this.options.bus.subscribe(CHANNELS.credentialRevoked, listener);
  }

  onSiteChanged(listener: (siteId: string) => void): void {
    this.options.bus.subscribe(CHANNELS.siteChanged, listener);
  }

  onTaxonomyChanged(listener: () => void): void {
    this.options.bus.subscribe(CHANNELS.taxonomyChanged, () => listener());
  }

  onReset(listener: () => void): void {
    this.options.bus.onReconnect(listener);
  }

  async consume(counter: QuotaCounter, unlessRevoked?: string): Promise<{ allowed: boolean; used: number; revoked: boolean }> {
    const run = (this.redis as unknown as { cfsConsume: (...args: Array<string | number>) => Promise<[number, number]> }).cfsConsume;
    const keys = [this.key('quota', counter.key), ...(unlessRevoked ? [this.key('revoked', unlessRevoked)] : [])];
    const [result, used] = await run.call(this.redis, keys.length, ...keys, counter.limit ?? -1, counter.resetsAt + 60_000);
    return { allowed: result === 1, used, revoked: result === -1 };
  }

  async refund(counter: QuotaCounter): Promise<void> {
    const run = (this.redis as unknown as { cfsRefund: (key: string) => Promise<number> }).cfsRefund;
    await run.call(this.redis, this.key('quota', counter.key));
  }

  async usage(keys: string[]): Promise<number[]> {
    if (keys.length === 0) return [];
    const values = await this.redis.mget(keys.map((k) => this.key('quota', k)));
    return values.map((v) => Number(v ?? 0));
  }

  async hit(bucket: string, windowMs: number): Promise<{ count: number; resetMs: number }> {
    const run = (this.redis as unknown as { cfsHit: (key: string, windowMs: number) => Promise<[number, number]> }).cfsHit;
    const [count, resetMs] = await run.call(this.redis, this.key('rl', bucket), windowMs);
    return { count, resetMs };
  }

  async claimIdempotencyKey(key: string, fingerprint: string, ttlMs: number): Promise<IdempotencyRecord | null> {
    const k = this.key('idem', key);
    const running: IdempotencyRecord = { state: 'running', fingerprint };
    if ((await this.redis.set(k, JSON.stringify(running), 'PX', ttlMs, 'NX')) === 'OK') return null;
    const existing = await this.redis.get(k);
    // Expired between the two calls: try once more.
    if (existing === null) return (await this.redis.set(k, JSON.stringify(running), 'PX', ttlMs, 'NX')) === 'OK' ? null : running;
    return JSON.parse(existing) as IdempotencyRecord;
  }

  async storeIdempotentAnswer(key: string, fingerprint: string, answer: StoredAnswer, ttlMs: number): Promise<void> {
    const done: IdempotencyRecord = { state: 'done', fingerprint, answer };
    await this.redis.set(this.key('idem', key), JSON.stringify(done), 'PX', ttlMs);
  }

  async releaseIdempotencyKey(key: string): Promise<void> {
    await this.redis.del(this.key('idem', key));
  }

  async close(): Promise<void> {
    await Promise.all([closeRedis(this.redis), this.options.bus.close()]);
  }
}
