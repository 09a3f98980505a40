/**
 * The gateway's memory target: 120 MB plus the cache bytes it is configured to hold (its
 * AUTH_CACHE_MAX_BYTES, SITE_CACHE_MAX_BYTES and FEED_PAGE_CACHE_MAX_BYTES, else their defaults,
 * read from the gateway's own schema), so that a larger young generation or larger caches are
 * judged by what they buy (docs/performance.md#gateway-profile-before-and-after-2026-11-27).
 */
import { gatewayEnvSchema } from '@cfs/gateway';

export const GATEWAY_BASE_MB = 120;
const CACHE_BYTES = ['AUTH_CACHE_MAX_BYTES', 'SITE_CACHE_MAX_BYTES', 'FEED_PAGE_CACHE_MAX_BYTES'] as const;

/** The cache bytes a gateway with this environment is configured to hold, in MiB. */
export function cacheMbOf(env: NodeJS.ProcessEnv): number {
  return CACHE_BYTES.reduce((sum, name) => sum + (env[name] ? Number(env[name]) : gatewayEnvSchema.shape[name].parse(undefined)) / 2 ** 20, 0);
}
