/**
 * The request path, in order (docs/architecture.md#the-request-pipeline). Every request passes
 * the steps of `mountPipeline` top to bottom; a route's own steps run in order in `routeHandler`. Each
 * step is one module under steps/; a step that refuses throws a DomainError, which errorHandler
 * turns into the envelope. The order is part of the API contract: 429 before 400 before 401
 * before 403 SCOPE_DENIED before WRONG_AUDIENCE before CAPABILITY_NOT_ENTITLED before QUOTA_EXHAUSTED.
 */
import type { Express, Request, RequestHandler } from 'express';
import type { Logger } from '@cfs/common/logger';
import type { Authenticator } from './authenticator.ts';
import type { PlanEntitlements } from '@cfs/common/entitlements';
import { MEDIA_PATH_PREFIX, mediaRoutes } from './media-proxy.ts';
import type { AnyRoute } from './route.ts';
import type { Rpc } from './rpc.ts';
import type { SiteDirectory } from './sites.ts';
import { accessLog } from './steps/access-log.ts';
import { apiHeaders, mediaHeaders } from './steps/api-headers.ts';
import { authenticate } from './steps/authenticate.ts';
import { authorize } from './steps/authorize.ts';
import { entitle } from './steps/entitle.ts';
import { errorHandler, unknownRoute } from './steps/errors.ts';
import { handle } from './steps/handle.ts';
import { jsonBody } from './steps/json-body.ts';
import { RateLimiter } from './steps/rate-limit.ts';
import { checkOnCache } from './steps/cached-checks.ts';
import { requestId } from './steps/request-id.ts';
import { stateOf } from './steps/request-state.ts';
import { validate } from './steps/validate.ts';
import type { GatewayStores } from './stores/index.ts';
import { mountWebhooks, webhookRateLimit } from './webhooks.ts';

export interface PipelineDeps {
  routes: AnyRoute[];
  /** The OpenAPI document served at /docs/public.json. */
  openapi: unknown;
  product: string;
  rateLimitPerMinute: number;
  bodyLimitBytes: number;
  mediaHttpUrl: string;
  logger: Logger;
  stores: GatewayStores;
  authenticator: Authenticator;
  sites: SiteDirectory;
  entitlements: PlanEntitlements;
  rpcFor: (requestId: string) => Rpc;
}

/**
 * One declared route: steps 2 to 8 in order, each a call into its module under steps/. The
 * request's own facts (input, Credential, quota unit) stay local to this function. A plan-gated GET
 * whose count step 1 left pending is checked on this replica's caches first (steps/cached-checks.ts:
 * one store round trip for steps 1, 3 and 7); when that cannot decide, the steps run as listed.
 */
export function routeHandler(route: AnyRoute, deps: RouteDeps): RequestHandler {
  if (route.auth === 'credential' && !route.scope) throw new Error(`route ${route.operationId} needs a scope`);
  if (route.auth !== 'credential' && route.capability) throw new Error(`route ${route.operationId}: a capability needs a credential`);
  const handleDeps = { entitlements: deps.entitlements, idempotency: deps.stores.idempotency };
  return async (req, res) => {
    const state = stateOf(res);
    const rpc = deps.rpcFor(state.requestId);
    if (state.pendingCount) {
      const checked = await checkOnCache(route, req, res, rpc, deps); // 2-7 on cached facts
      if (checked) return handle(route, req, res, checked, handleDeps); // 8.
    }
    const input = await validate(route, req); // 2. 400
    if (route.auth !== 'credential') return handle(route, req, res, { input, requestId: state.requestId, rpc }, handleDeps); // 8.
    const credential = await authenticate(req, state, deps.authenticator); // 3. 401
    authorize(credential, route.scope!, deps.product); // 4, 5. 403 SCOPE_DENIED, WRONG_AUDIENCE
    const charged = route.capability ? await entitle(credential.siteId, route.capability, rpc, deps) : undefined; // 6, 7. 403 CAPABILITY_NOT_ENTITLED, QUOTA_EXHAUSTED
    return handle(route, req, res, { input, requestId: state.requestId, rpc, credential, ...(charged ? { charged } : {}) }, handleDeps); // 8. the service call
  };
}

/** Plan-gated GETs at a fixed path: their rate-limit count may wait for the route (steps/cached-checks.ts). */
function deferrableRequests(routes: AnyRoute[]): (req: Request) => boolean {
  const paths = new Set(routes.filter((r) => r.method === 'GET' && r.auth === 'credential' && r.capability && !r.path.includes(':')).map((r) => r.path));
  return (req) => req.method === 'GET' && paths.has(req.path);
}

/** What a route's steps need. */
type RouteDeps = PipelineDeps & { rateLimiter: RateLimiter };

/** Every request, top to bottom. */
export function mountPipeline(app: Express, deps: PipelineDeps): void {
  app.use(requestId(), accessLog(deps.logger));
  const limits = { limit: deps.rateLimitPerMinute, store: deps.stores.rateLimits, authenticator: deps.authenticator, logger: deps.logger };
  // Provider webhooks: a rate limit of their own instead of the API's (webhooks.ts), and their body
  // taken raw (its signature covers the exact bytes), so they are mounted first.
  mountWebhooks(app, deps.rpcFor, [webhookRateLimit(limits), ...apiHeaders()]);
  const rateLimiter = new RateLimiter({ ...limits, deferrable: deferrableRequests(deps.routes) });
  app.use(rateLimiter.step()); // 1. 429
  // Public media is streamed through before any JSON handling (no Credential, no body).
  app.use(MEDIA_PATH_PREFIX.slice(0, -1), mediaHeaders(), ...mediaRoutes({ target: deps.mediaHttpUrl, timeoutMs: 10_000, logger: deps.logger }));
  app.use(...apiHeaders());
  app.use(...jsonBody(deps.bodyLimitBytes));
  app.get('/docs/public.json', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.json(deps.openapi);
  });
  for (const route of deps.routes) {
    const method = route.method.toLowerCase() as 'get' | 'post' | 'put';
    app[method](route.path, routeHandler(route, { ...deps, rateLimiter }));
  }
  app.use(unknownRoute(), errorHandler(deps.logger, (res) => rateLimiter.settle(res)));
}
