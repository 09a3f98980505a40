import { z } from 'zod';
import { DEPLOYABLES } from '@cfs/common/deployables';
import { envFields } from '@cfs/common/env';
import { MAX_AUTHENTICATION_CACHE_MS } from '@cfs/common/revocations';
import { CONTENT_FEED_PRODUCT } from '@cfs/common/products';
import { serviceTokenEnvField } from '@cfs/common/service-auth';

export const gatewayEnvSchema = z.object({
  ...envFields.listen('gateway'),
  ...envFields.addresses(DEPLOYABLES.gateway.calls),
  /** The media service's HTTP address (MEDIA_HTTP_URL) that /media/generated/{key} is streamed from. */
  ...envFields.serverUrl('media'),
  /** Where the dashboard is (services/dashboard); when set, /dashboard/ is served through the gateway. */
  DASHBOARD_HTTP_URL: z.string().url().optional(),
  /** The gateway's own service token, presented on every call to a service (service-auth.ts). */
  SERVICE_TOKEN: serviceTokenEnvField,
  /** Key of the HMAC that makes feed cursors tamper-evident (at least 32 characters). */
  CURSOR_SECRET: z.string().min(32, 'must be at least 32 characters'),
  /** How often the gateway refreshes the taxonomy it validates category keys against. */
  TAXONOMY_REFRESH_MS: envFields.positiveInt(60_000),
  /** After SIGTERM, how long /readyz answers 503 before the server stops accepting (load balancers notice). */
  SHUTDOWN_DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /** Deadline of every call to a service; past it the client gets 503 SERVICE_UNAVAILABLE. */
  GRPC_DEADLINE_MS: envFields.positiveInt(2000),
  /** Largest accepted request body. */
  BODY_LIMIT_BYTES: envFields.positiveInt(64 * 1024),
  /** Largest WebSub content distribution to /websub/{sourceId}, after decompression (the feed's SOURCES_MAX_BYTES by default). */
  WEBSUB_BODY_LIMIT_BYTES: envFields.positiveInt(10 * 1024 * 1024),
  /** The product (audience) this gateway serves. */
  PRODUCT: z.string().default(CONTENT_FEED_PRODUCT),
  /** Redis shared by every gateway replica; without it the gateway keeps that state in memory (one replica only). */
  REDIS_URL: z.string().url().optional(),
  /** Prefix of every Redis key and channel of this system. */
  REDIS_KEY_PREFIX: z.string().default('cfs:'),
  /**
   * How long an authentication is cached; revocations still apply at once (the marker, read on every
   * use). 0 disables the cache. Long by default: every change of a Credential is a revocation.
   */
  AUTH_CACHE_TTL_MS: z.coerce
    .number()
    .int()
    .min(0)
    // A cached authentication must not outlive the revocation marker that invalidates it.
    .max(MAX_AUTHENTICATION_CACHE_MS, `must be at most ${MAX_AUTHENTICATION_CACHE_MS} (half the revocation marker's lifetime)`)
    .default(3_600_000),
  /** Most authentications, and most Sites (with their subscription sets and overlays), a replica caches: 10 000 Sites with two Credentials each. */
  AUTH_CACHE_MAX_ENTRIES: envFields.positiveInt(20_000),
  /** Most bytes a replica's cached authentications weigh (each its token key and its Credential's JSON, about 420 bytes; least recently used go first). */
  AUTH_CACHE_MAX_BYTES: envFields.positiveInt(10 * 1024 * 1024),
  /** How long a replica caches a Site with its Customer and Plan; changes are announced and apply at once. */
  SITE_CACHE_TTL_MS: z.coerce.number().int().min(0).default(3_600_000),
  /** Most bytes a replica's cached Sites weigh (each its id and the JSON of its Site and Customer, about 480 bytes; its Plan is shared; least recently used go first). */
  SITE_CACHE_MAX_BYTES: envFields.positiveInt(8 * 1024 * 1024),
  /**
   * How long a replica caches a feed page (by subscription set, limit and cursor), a Site's
   * subscription set, its overlay of variants and its caught-up changes answers; every change of
   * them is announced and applies at once. 0 disables.
   */
  FEED_PAGE_CACHE_TTL_MS: z.coerce.number().int().min(0).default(3_600_000),
  /** Most feed pages a replica caches (each a few KB of JSON). */
  FEED_PAGE_CACHE_MAX_ENTRIES: envFields.positiveInt(2_000),
  /** Most bytes a replica's cached feed pages, subscription sets and overlays weigh together, keys included (least recently used go first). */
  FEED_PAGE_CACHE_MAX_BYTES: envFields.positiveInt(24 * 1024 * 1024),
  /** Security rate limit per Credential (or per client IP without a known one) per minute; 0 turns it off. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(600),
  /** Largest request header block in bytes (larger is a 400). */
  MAX_HEADER_BYTES: envFields.positiveInt(16 * 1024),
  /** Time to receive a whole request, headers and body (slower clients get a 400). */
  REQUEST_TIMEOUT_MS: envFields.positiveInt(30_000),
  /** Which proxies in front of the gateway are trusted to say who the client is (envFields.trustProxy). */
  TRUST_PROXY: envFields.trustProxy(),
});

export type GatewayEnv = z.output<typeof gatewayEnvSchema>;

/** What the app factory needs from the environment. */
export type GatewayConfig = Pick<
  GatewayEnv,
  | 'GRPC_DEADLINE_MS'
  | 'BODY_LIMIT_BYTES'
  | 'WEBSUB_BODY_LIMIT_BYTES'
  | 'PRODUCT'
  | 'TRUST_PROXY'
  | 'AUTH_CACHE_TTL_MS'
  | 'AUTH_CACHE_MAX_ENTRIES'
  | 'AUTH_CACHE_MAX_BYTES'
  | 'SITE_CACHE_TTL_MS'
  | 'SITE_CACHE_MAX_BYTES'
  | 'FEED_PAGE_CACHE_TTL_MS'
  | 'FEED_PAGE_CACHE_MAX_ENTRIES'
  | 'FEED_PAGE_CACHE_MAX_BYTES'
  | 'CURSOR_SECRET'
  | 'TAXONOMY_REFRESH_MS'
  | 'MEDIA_HTTP_URL'
  | 'RATE_LIMIT_PER_MINUTE'
  | 'DASHBOARD_HTTP_URL'
>;

/**
 * A gateway process on its own learns of revocations (the identity service's markers) and of new
 * articles and subscriptions (the feed's announcements) only through Redis: without REDIS_URL it
 * caches no authentication and no feed page. Setting AUTH_CACHE_TTL_MS or FEED_PAGE_CACHE_TTL_MS
 * above 0 without REDIS_URL is refused at start-up rather than left to serve what has changed.
 */
export function checkAnnouncementReach(env: GatewayEnv, given: NodeJS.ProcessEnv): GatewayEnv {
  if (env.REDIS_URL) return env;
  const reach = { AUTH_CACHE_TTL_MS: 'revocations', FEED_PAGE_CACHE_TTL_MS: 'new articles and subscription changes' } as const;
  for (const [name, what] of Object.entries(reach)) {
    if (given[name] !== undefined && env[name as keyof typeof reach] > 0) {
      throw new Error(`${name} must be 0 without REDIS_URL: ${what} reach a gateway process only through Redis`);
    }
  }
  return { ...env, AUTH_CACHE_TTL_MS: 0, FEED_PAGE_CACHE_TTL_MS: 0 };
}
