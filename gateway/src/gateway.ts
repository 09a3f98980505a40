/**
 * The gateway's composition root and its package entry (`@cfs/gateway`): `createGateway` builds the
 * express app from the parsed env, the service clients and the stores shared by the replicas, and
 * hands them to the pipeline (pipeline/pipeline.ts). No listening here: index.ts, the launcher and the tests
 * all use this factory. Embedders import everything they need from this module only.
 */
import express from 'express';
import { DomainError } from '@cfs/common/errors';
import { CHANNELS } from '@cfs/common/bus';
import type { Logger } from '@cfs/common/logger';
import { Authenticator } from './caches/authenticator.ts';
import { dashboardProxy } from './proxies/dashboard-proxy.ts';
import type { ServiceClients } from './clients/clients.ts';
import { ChangesTokenCodec } from '@cfs/common/tokens';
import { FeedCursorCodec } from './tokens/feed-cursor.ts';
import { FeedChangesCache } from './caches/feed-changes.ts';
import { FeedPageCache } from './caches/feed-pages.ts';
import { PlanEntitlements } from '@cfs/common/entitlements';
import type { GatewayConfig } from './env.ts';
import { HttpHealth, mountHealth } from '@cfs/common/http-health';
import { apiReferenceRoute, checkApiReference, loadApiReference, publicDescription, type ApiReferencePage } from './api/api-reference.ts';
import { buildOpenApi, PUBLIC_API_VERSION } from './api/openapi.ts';
import { createPipeline } from './pipeline/pipeline.ts';
import type { AnyRoute } from './pipeline/route.ts';
import { publicApi, publicRoutes } from './api/routes/index.ts';
import { rpcFactory } from './clients/rpc.ts';
import { SharedFacts, SiteFactsTier } from './caches/shared-facts.ts';
import { SiteDirectory } from './caches/sites.ts';
import type { GatewayStores } from './stores/index.ts';
import { TaxonomyCatalog } from './caches/taxonomy.ts';

export { checkAnnouncementReach, gatewayEnvSchema, type GatewayEnv } from './env.ts';
export { createHttpServer } from './http-server.ts';
export { HttpHealth, servicesHealth } from '@cfs/common/http-health';
export { closeServiceClients, createServiceClients, type ServiceAddresses, type ServiceClients } from './clients/clients.ts';
export { createMemoryStores, createRedisStores, createStores, type GatewayStores } from './stores/index.ts';
export { defineRoute, type AnyRoute } from './pipeline/route.ts';
export { buildOpenApi, publicDescription, publicRoutes };

export interface GatewayDeps {
  env: GatewayConfig;
  clients: ServiceClients;
  logger: Logger;
  /** Shared by every replica: Redis in a deployment, memory for one local gateway. */
  stores: GatewayStores;
  /** The route table (default: the public API, given this gateway's caches). */
  routes?: AnyRoute[];
  /** Routes added to the table (tests' probes). */
  extraRoutes?: AnyRoute[];
  /** The clock (quota periods, caches); tests inject one. */
  now?: () => number;
  /** What /readyz answers (default: ready until drained). */
  health?: HttpHealth;
  /** The page GET /docs/ serves (default: the one built into assets/api-reference; null: none). */
  apiReference?: ApiReferencePage | null;
}

export function createGateway(deps: GatewayDeps): express.Express {
  const { env, clients, logger, stores } = deps;
  const now = deps.now ?? Date.now;
  const rpcFor = rpcFactory(clients, env.GRPC_DEADLINE_MS);

  // The shared tier (caches/shared-facts.ts): records live in Redis as long as each cache keeps them here.
  const tier = stores.facts
    ? new SiteFactsTier(
        stores.facts,
        { credential: env.AUTH_CACHE_TTL_MS, site: env.SITE_CACHE_TTL_MS, subscriptions: env.FEED_PAGE_CACHE_TTL_MS },
        env.AUTH_CACHE_MAX_ENTRIES,
        logger,
      )
    : undefined;
  const shared = tier ? { shared: tier } : {};
  const authenticator = new Authenticator({
    lookup: async (token, requestId) => {
      const { credential } = await rpcFor(requestId)('identity', 'Authenticate', { token });
      if (!credential) throw new DomainError('INTERNAL_ERROR');
      return credential;
    },
    stores,
    ttlMs: env.AUTH_CACHE_TTL_MS,
    maxEntries: env.AUTH_CACHE_MAX_ENTRIES,
    maxBytes: env.AUTH_CACHE_MAX_BYTES,
    logger,
    now,
    ...shared,
  });
  const sites = new SiteDirectory({
    bus: stores.bus,
    ttlMs: env.SITE_CACHE_TTL_MS,
    maxEntries: env.AUTH_CACHE_MAX_ENTRIES,
    maxBytes: env.SITE_CACHE_MAX_BYTES,
    now,
    ...shared,
  });
  const taxonomy = new TaxonomyCatalog(async () => (await rpcFor('taxonomy-refresh')('feed', 'ListCategories', {})).categories.map((c) => c.key), {
    refreshMs: env.TAXONOMY_REFRESH_MS,
    now,
  });
  stores.bus.subscribe(CHANNELS.taxonomyChanged, () => taxonomy.invalidate());
  const cursors = new FeedCursorCodec(env.CURSOR_SECRET);
  const changesTokens = new ChangesTokenCodec(env.CURSOR_SECRET);
  const feedPages = new FeedPageCache({
    bus: stores.bus,
    cursors,
    ttlMs: env.FEED_PAGE_CACHE_TTL_MS,
    maxEntries: env.FEED_PAGE_CACHE_MAX_ENTRIES,
    maxBytes: env.FEED_PAGE_CACHE_MAX_BYTES,
    maxSites: env.AUTH_CACHE_MAX_ENTRIES,
    now,
    ...shared,
  });
  const feedChanges = new FeedChangesCache({
    bus: stores.bus,
    ttlMs: env.FEED_PAGE_CACHE_TTL_MS,
    maxBytes: env.FEED_PAGE_CACHE_MAX_BYTES,
    maxSites: env.AUTH_CACHE_MAX_ENTRIES,
    now,
  });

  // A Site whose generation moved on (read in admission's round trip) is dropped from every cache
  // that holds what changed: its Site, its subscription set and the caught-up answers made from it.
  tier?.onMoved((siteId) => {
    sites.forget(siteId);
    feedPages.subscriptionsChanged(siteId);
    feedChanges.subscriptionsChanged(siteId);
  });
  stores.bus.onReconnect(() => tier?.clear());
  const sharedFacts = tier
    ? new SharedFacts(tier, {
        adoptCredential: (token, credential, ttlMs) => authenticator.adopt(token, credential, ttlMs),
        adoptSite: (siteId, context, ttlMs) => sites.adopt(siteId, context, ttlMs),
        adoptSubscriptions: (siteId, categories, ttlMs) => feedPages.adoptSubscriptions(siteId, categories, ttlMs),
      })
    : undefined;

  const entitlements = new PlanEntitlements(stores.quotas, now);
  const routes = [
    ...(deps.routes ?? publicApi({ sites, entitlements, feedPages, feedChanges, cursors, changesTokens, taxonomy })),
    ...(deps.extraRoutes ?? []),
  ];

  const apiReference = deps.apiReference === undefined ? loadApiReference() : (deps.apiReference ?? undefined);
  if (deps.apiReference === undefined) checkApiReference(apiReference, logger);

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('case sensitive routing', true);
  app.set('trust proxy', env.TRUST_PROXY);
  const pipeline = createPipeline({
    routes,
    openapi: buildOpenApi(routes, { version: PUBLIC_API_VERSION }),
    apiReference: apiReference ? apiReferenceRoute(apiReference) : undefined,
    product: env.PRODUCT,
    rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    websubBodyLimitBytes: env.WEBSUB_BODY_LIMIT_BYTES,
    mediaHttpUrl: env.MEDIA_HTTP_URL,
    logger,
    stores,
    authenticator,
    sites,
    entitlements,
    rpcFor,
    ...(sharedFacts ? { shared: sharedFacts } : {}),
  });
  // The declared routes without path parameters first (the probes and the dashboard never share a
  // path with them): one lookup instead of the router's walk (pipeline/pipeline.ts).
  app.use(pipeline.declaredRoutes);
  // Probes: before the request id, the access log and the rate limit.
  mountHealth(app, deps.health ?? new HttpHealth());
  if (env.DASHBOARD_HTTP_URL) app.use(dashboardProxy({ target: env.DASHBOARD_HTTP_URL, timeoutMs: 30_000, logger }));
  pipeline.mount(app);
  return app;
}
