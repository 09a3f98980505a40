/** The gateway's stores: Redis when REDIS_URL is set (any number of replicas), else memory (one). */
import { MemoryBus, RedisBus } from '@cfs/common/bus';
import type { Logger } from '@cfs/common/logger';
import { REVOCATION_MARKER_TTL_SECONDS } from '@cfs/common/revocations';
import { memoryStores } from './memory-stores.ts';
import { redisStores } from './redis-stores.ts';
import type { GatewayStores } from './stores.ts';

export type * from './stores.ts';
export { IDEMPOTENCY_TTL_MS } from './stores.ts';

/** In memory, for a single gateway process (embedded mode, unit tests). */
export function createMemoryStores(options: { now?: () => number; sharedFacts?: boolean } = {}): GatewayStores {
  return memoryStores({ markerTtlMs: REVOCATION_MARKER_TTL_SECONDS * 1000, bus: new MemoryBus(), ...options });
}

/** In Redis, shared by every replica that uses the same URL and key prefix. */
export function createRedisStores(options: { url: string; prefix: string; logger: Logger }): GatewayStores {
  const bus = new RedisBus(options.url, options.prefix, options.logger);
  return redisStores({ ...options, markerTtlSeconds: REVOCATION_MARKER_TTL_SECONDS, bus });
}

/** Redis when REDIS_URL is set, else memory (one replica only). */
export function createStores(env: { REDIS_URL?: string | undefined; REDIS_KEY_PREFIX: string }, logger: Logger): GatewayStores {
  if (!env.REDIS_URL) {
    logger.warn('REDIS_URL is not set: shared state is in memory, so run a single gateway replica');
    return createMemoryStores();
  }
  return createRedisStores({ url: env.REDIS_URL, prefix: env.REDIS_KEY_PREFIX, logger });
}
