/**
 * The gateway's composition root and its package entry (`@cfs/gateway`): `createGateway` builds the
 * express app (no listening; index.ts, the launcher and the tests all use it) from the parsed env,
 * the service clients and the stores shared by the replicas. Embedders import everything they need
 * from here, never from another file of this package.
 */
import express, { type RequestHandler } from 'express';
import helmet from 'helmet';
import { malformed, notFound } from '@cfs/common/errors';
import type { Logger } from '@cfs/common/logger';
import { Authenticator } from './authenticator.ts';
import type { ServiceClients } from './clients.ts';
import { CursorCodec } from './cursor.ts';
import { Entitlements } from './entitlements.ts';
import { mediaRoutes, MEDIA_PATH_PREFIX } from './media-proxy.ts';
import { callUnary } from '@cfs/common/grpc';
import { TaxonomyCatalog } from './taxonomy.ts';
import { SiteDirectory } from './sites.ts';
import type { GatewayConfig } from './env.ts';
import { buildOpenApi } from './openapi.ts';
import { accessLog, errorHandler, pipelineFor, requestId, rpcFactory } from './pipeline.ts';
import { rateLimit } from './rate-limit.ts';
import type { AnyRoute } from './route.ts';
import { routes as defaultRoutes } from './routes/index.ts';
import type { SharedState as GatewayStores } from './state/shared-state.ts';

export { gatewayEnvSchema, type GatewayEnv } from './env.ts';
export { createHttpServer } from './http-server.ts';
export { closeServiceClients, createServiceClients, type ServiceAddresses, type ServiceClients } from './clients.ts';
export { createStores, createMemoryStores, createRedisStores, type GatewayStores } from './state/index.ts';
export { defineRoute, type AnyRoute } from './route.ts';
export { routes as publicRoutes } from './routes/index.ts';
export { buildOpenApi } from './openapi.ts';

export interface GatewayDeps {
  env: GatewayConfig;
  clients: ServiceClients;
  logger: Logger;
  /** Shared by every replica: Redis in a deployment, memory for one local gateway. */
  stores: GatewayStores;
  routes?: AnyRoute[];
  /** The clock (quota periods, caches); tests inject one. */
  now?: () => number;
}

/** A body on a request must be JSON: any other content type is a 400, not a 415. */
const requireJsonBody: RequestHandler = (req, _res, next) => {
  const hasBody = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
  if (hasBody && !req.is('application/json')) throw malformed('The request body must be JSON (Content-Type: application/json).');
  next();
};

export function createGateway(deps: GatewayDeps): express.Express {
  const routes = deps.routes ?? defaultRoutes;
  const now = deps.now ?? Date.now;
  const authenticator = new Authenticator(deps.stores, {
    ttlMs: deps.env.AUTH_CACHE_TTL_MS,
    maxEntries: deps.env.AUTH_CACHE_MAX_ENTRIES,
    logger: deps.logger,
    now,
  });
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('case sensitive routing', true);
  app.set('trust proxy', deps.env.TRUST_PROXY);

  app.use(requestId());
  app.use(accessLog(deps.logger));
  app.use(rateLimit({ limit: deps.env.RATE_LIMIT_PER_MINUTE, state: deps.stores, authenticator, logger: deps.logger }));
  // Public media is streamed before any JSON handling; its caching headers come from the media service,
  // and customer sites embed it (cross-origin).
  app.use(
    MEDIA_PATH_PREFIX.slice(0, -1),
    helmet({ contentSecurityPolicy: false, crossOriginResourcePolicy: { policy: 'cross-origin' } }),
    ...mediaRoutes({ target: deps.env.MEDIA_HTTP_URL, timeoutMs: 10_000, logger: deps.logger }),
  );
  app.use(
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
      crossOriginResourcePolicy: { policy: 'same-site' },
    }),
  );
  app.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  app.use(requireJsonBody);
  app.use(express.json({ limit: deps.env.BODY_LIMIT_BYTES, strict: true }));

  const openapi = buildOpenApi(routes, { version: '1.0.0' });
  app.get('/docs/public.json', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.json(openapi);
  });

  const taxonomy = new TaxonomyCatalog(
    async () => (await callUnary(deps.clients.feed, 'ListCategories', {}, { deadlineMs: deps.env.GRPC_DEADLINE_MS })).categories.map((c) => c.key),
    { refreshMs: deps.env.TAXONOMY_REFRESH_MS, now },
  );
  deps.stores.onTaxonomyChanged(() => taxonomy.invalidate());
  const pipelineDeps = {
    tools: { cursors: new CursorCodec(deps.env.CURSOR_SECRET), taxonomy },
    product: deps.env.PRODUCT,
    rpcFor: rpcFactory(deps.clients, deps.env.GRPC_DEADLINE_MS),
    shared: deps.stores,
    authenticator,
    sites: new SiteDirectory(deps.stores, { ttlMs: deps.env.SITE_CACHE_TTL_MS, maxEntries: deps.env.AUTH_CACHE_MAX_ENTRIES, now }),
    entitlements: new Entitlements(deps.stores, now),
  };
  for (const route of routes) {
    const method = route.method.toLowerCase() as 'get' | 'post' | 'put';
    app[method](route.path, ...pipelineFor(route, pipelineDeps));
  }

  app.use(() => {
    throw notFound('route');
  });
  app.use(errorHandler(deps.logger));
  return app;
}

