import { createBus } from '@cfs/common/bus';
import type { Logger } from '@cfs/common/logger';
import { MemoryState } from './memory-state.ts';
import { RedisState } from './redis-state.ts';
import type { SharedState } from './shared-state.ts';

export type { SharedState };

/** Longer than any cached authentication (AUTH_CACHE_TTL_MS is at most minutes). */
export const REVOCATION_MARKER_TTL_SECONDS = 3600;

export function createSharedState(env: { REDIS_URL?: string | undefined; REDIS_KEY_PREFIX: string }, logger: Logger): SharedState {
  if (!env.REDIS_URL) {
    logger.warn('REDIS_URL is not set: shared state is in memory, so run a single gateway replica');
    return new MemoryState(REVOCATION_MARKER_TTL_SECONDS * 1000);
  }
  const bus = createBus({ redisUrl: env.REDIS_URL, prefix: env.REDIS_KEY_PREFIX, logger });
  return new RedisState({ url: env.REDIS_URL, prefix: env.REDIS_KEY_PREFIX, markerTtlSeconds: REVOCATION_MARKER_TTL_SECONDS, bus, logger });
}
