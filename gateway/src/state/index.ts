import { createBus } from '@cfs/common/bus';
import type { Logger } from '@cfs/common/logger';
import { MemoryState } from './memory-state.ts';
import { RedisState } from './redis-state.ts';
import type { SharedState } from './shared-state.ts';

export type { SharedState };
export type { SharedState as GatewayStores };

/** Longer than any cached authentication (AUTH_CACHE_TTL_MS is at most minutes). */
export const REVOCATION_MARKER_TTL_SECONDS = 3600;

/** In memory, for a single gateway process (embedded mode, unit tests). */
export function createMemoryStores(options: { now?: () => number } = {}): SharedState {
  return new MemoryState(REVOCATION_MARKER_TTL_SECONDS * 1000, options.now);
}

/** In Redis, shared by every replica that uses the same URL and key prefix. */
export function createRedisStores(options: { url: string; prefix: string; logger: Logger }): SharedState {
  const bus = createBus({ redisUrl: options.url, prefix: options.prefix, logger: options.logger });
  return new RedisState({ url: options.url, prefix: options.prefix, markerTtlSeconds: REVOCATION_MARKER_TTL_SECONDS, bus, logger: options.logger });
}

/** Redis when REDIS_URL is set, else memory (one replica only). */
export function createStores(env: { REDIS_URL?: string | undefined; REDIS_KEY_PREFIX: string }, logger: Logger): SharedState {
  if (!env.REDIS_URL) {
    logger.warn('REDIS_URL is not set: shared state is in memory, so run a single gateway replica');
    return createMemoryStores();
  }
  return createRedisStores({ url: env.REDIS_URL, prefix: env.REDIS_KEY_PREFIX, logger });
}
