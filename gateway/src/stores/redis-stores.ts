/**
 * The gateway's stores in Redis, shared by every replica that uses the same URL and key prefix.
 * One connection serves them all. Commands fail fast while Redis is unreachable (no offline queue,
 * a short command timeout), so a request never hangs on it; callers decide what to do then.
 */
import { Redis } from 'ioredis';
import { CHANNELS, closeRedis, REDIS_OPTIONS, type Bus } from '@cfs/common/bus';
import type { Logger } from '@cfs/common/logger';
import type {
  GatewayStores,
  IdempotencyRecord,
  IdempotencyStore,
  QuotaCounter,
  QuotaStore,
  RateLimitStore,
  RevocationStore,
  StoredAnswer,
} from './stores.ts';

/** Takes a unit only below the limit (-1: unlimited), in one atomic step; sets the expiry once. */
const CONSUME = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
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

interface Scripts {
  cfsConsume(key: string, limit: number, expireAt: number): Promise<[number, number]>;
  cfsRefund(key: string): Promise<number>;
  cfsHit(key: string, windowMs: number): Promise<[number, number]>;
}

type Connection = Redis & Scripts;

/** Every key of this system in Redis: `<prefix><kind>:<id>`. */
class Keys {
  constructor(private readonly prefix: string) {}
  of(kind: 'rl' | 'quota' | 'revoked' | 'idem', id: string): string {
    return `${this.prefix}${kind}:${id}`;
  }
}

export class RedisRateLimits implements RateLimitStore {
  constructor(
    private readonly redis: Connection,
    private readonly keys: Keys,
  ) {}

  async hit(bucket: string, windowMs: number): Promise<{ count: number; resetMs: number }> {
    const [count, resetMs] = await this.redis.cfsHit(this.keys.of('rl', bucket), windowMs);
    return { count, resetMs };
  }
}

export class RedisQuotas implements QuotaStore {
  constructor(
    private readonly redis: Connection,
    private readonly keys: Keys,
  ) {}

  async consume(counter: QuotaCounter): Promise<{ allowed: boolean; used: number }> {
    // The counter outlives its period by a minute, so a late refund still finds it.
    const [allowed, used] = await this.redis.cfsConsume(this.keys.of('quota', counter.key), counter.limit ?? -1, counter.resetsAt + 60_000);
    return { allowed: allowed === 1, used };
  }

  async refund(counter: QuotaCounter): Promise<void> {
    await this.redis.cfsRefund(this.keys.of('quota', counter.key));
  }

  async usage(keys: string[]): Promise<number[]> {
    if (keys.length === 0) return [];
    const values = await this.redis.mget(keys.map((k) => this.keys.of('quota', k)));
    return values.map((v) => Number(v ?? 0));
  }
}

export class RedisRevocations implements RevocationStore {
  constructor(
    private readonly redis: Connection,
    private readonly keys: Keys,
    private readonly markerTtlSeconds: number,
    private readonly bus: Bus,
  ) {}

  async markRevoked(credentialId: string): Promise<void> {
    await this.redis.set(this.keys.of('revoked', credentialId), '1', 'EX', this.markerTtlSeconds);
    // The marker is what every replica checks; the announcement only evicts caches sooner.
    await this.bus.publish(CHANNELS.credentialRevoked, credentialId).catch(() => undefined);
  }

  async isRevoked(credentialId: string): Promise<boolean> {
    return (await this.redis.exists(this.keys.of('revoked', credentialId))) === 1;
  }
}

export class RedisIdempotency implements IdempotencyStore {
  constructor(
    private readonly redis: Connection,
    private readonly keys: Keys,
  ) {}

  async claim(key: string, fingerprint: string, ttlMs: number): Promise<IdempotencyRecord | null> {
    const k = this.keys.of('idem', key);
    const running = JSON.stringify({ state: 'running', fingerprint } satisfies IdempotencyRecord);
    if ((await this.redis.set(k, running, 'PX', ttlMs, 'NX')) === 'OK') return null;
    const existing = await this.redis.get(k);
    if (existing !== null) return JSON.parse(existing) as IdempotencyRecord;
    // Expired between the two calls: try once more.
    return (await this.redis.set(k, running, 'PX', ttlMs, 'NX')) === 'OK' ? null : { state: 'running', fingerprint };
  }

  async store(key: string, fingerprint: string, answer: StoredAnswer, ttlMs: number): Promise<void> {
    const done: IdempotencyRecord = { state: 'done', fingerprint, answer };
    await this.redis.set(this.keys.of('idem', key), JSON.stringify(done), 'PX', ttlMs);
  }

  async release(key: string): Promise<void> {
    await this.redis.del(this.keys.of('idem', key));
  }
}

export function redisStores(options: { url: string; prefix: string; markerTtlSeconds: number; bus: Bus; logger: Logger }): GatewayStores {
  const redis = new Redis(options.url, REDIS_OPTIONS) as Connection;
  redis.on('error', (err: Error) => options.logger.warn({ err: { message: err.message } }, 'redis connection error'));
  redis.defineCommand('cfsConsume', { numberOfKeys: 1, lua: CONSUME });
  redis.defineCommand('cfsRefund', { numberOfKeys: 1, lua: REFUND });
  redis.defineCommand('cfsHit', { numberOfKeys: 1, lua: HIT });
  const keys = new Keys(options.prefix);
  return {
    rateLimits: new RedisRateLimits(redis, keys),
    quotas: new RedisQuotas(redis, keys),
    revocations: new RedisRevocations(redis, keys, options.markerTtlSeconds, options.bus),
    idempotency: new RedisIdempotency(redis, keys),
    bus: options.bus,
    ready: (timeoutMs) => connected(redis, timeoutMs),
    close: async () => {
      await Promise.all([closeRedis(redis), options.bus.close()]);
    },
  };
}

function connected(redis: Redis, timeoutMs: number): Promise<boolean> {
  if (redis.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const onReady = () => {
      clearTimeout(timer);
      resolve(true);
    };
    const timer = setTimeout(() => {
      redis.off('ready', onReady);
      resolve(false);
    }, timeoutMs);
    timer.unref();
    redis.once('ready', onReady);
  });
}
