/**
 * The request path, in order (docs/architecture.md#the-request-pipeline). Every request passes the
 * steps of `createPipeline` top to bottom. A declared route runs `routeHandler`: admission
 * (pipeline/admission.ts: steps 1 to 7 in one call, one store round trip on cached facts), then its handler
 * (pipeline/steps/handle.ts: step 8). A step that refuses throws a DomainError, which errorHandler turns into
 * the envelope. The order is part of the API contract: 429 before 400 before 401 before 403
 * SCOPE_DENIED before WRONG_AUDIENCE before CAPABILITY_NOT_ENTITLED before QUOTA_EXHAUSTED.
 */
import type { ErrorRequestHandler, Express, Request, RequestHandler, Response } from 'express';
import { DomainError } from '@cfs/common/errors';
import type { Logger } from '@cfs/common/logger';
import type { Authenticator } from '../caches/authenticator.ts';
import type { PlanEntitlements } from '@cfs/common/entitlements';
import { Admission } from './admission.ts';
import { MEDIA_PATH_PREFIX, mediaRoutes } from '../proxies/media-proxy.ts';
import type { AnyRoute } from './route.ts';
import type { Rpc } from '../clients/rpc.ts';
import type { SharedFacts } from '../caches/shared-facts.ts';
import type { SiteDirectory } from '../caches/sites.ts';
import { accessLog } from './steps/access-log.ts';
import { apiHeaders, apiHeaderSetter, mediaHeaders } from './steps/api-headers.ts';
import { callerOf } from './steps/bearer.ts';
import { errorHandler, unknownRoute } from './steps/errors.ts';
import { handle, type HandleDeps } from './steps/handle.ts';
import { jsonBody, jsonBodyReader } from './steps/json-body.ts';
import { RateLimiter } from './steps/rate-limit.ts';
import { requestId, requestIdOf, stampRequestId } from './steps/request-id.ts';
import type { GatewayStores } from '../stores/index.ts';
import { mountWebhooks, webhookRateLimit } from './webhooks.ts';

export interface PipelineDeps {
  routes: AnyRoute[];
  /** The OpenAPI document served at /docs/public.json. */
  openapi: unknown;
  /** GET /docs/: the API reference page's handlers (api/api-reference.ts), when it was built. */
  apiReference: RequestHandler[] | undefined;
  product: string;
  rateLimitPerMinute: number;
  bodyLimitBytes: number;
  /** The largest WebSub content distribution, after decompression (pipeline/webhooks.ts). */
  websubBodyLimitBytes: number;
  mediaHttpUrl: string;
  logger: Logger;
  stores: GatewayStores;
  authenticator: Authenticator;
  sites: SiteDirectory;
  /** The shared tier (caches/shared-facts.ts), read in admission's round trip. */
  shared?: SharedFacts;
  entitlements: PlanEntitlements;
  rpcFor: (requestId: string) => Rpc;
}

/** What a route's handler needs, made once per gateway. */
interface RouteDeps {
  admission: Admission;
  rateLimiter: RateLimiter;
  handle: HandleDeps;
  rpcFor: (requestId: string) => Rpc;
}

/** A declared route's handler, given the request's id by the step that stamped it. */
export type RouteHandler = (req: Request, res: Response, id: string) => Promise<void>;

/** One declared route: admission (steps 1 to 7), then its handler (step 8). */
export function routeHandler(route: AnyRoute, deps: RouteDeps): RouteHandler {
  if (route.auth === 'credential' && route.scope === undefined) throw new Error(`route ${route.operationId} needs a scope (or null)`);
  if (route.auth !== 'credential' && route.capability) throw new Error(`route ${route.operationId}: a capability needs a credential`);
  if (route.conditional && (route.method !== 'GET' || route.idempotent)) throw new Error(`route ${route.operationId}: only a GET can be conditional`);
  return async (req, res, id) => {
    const caller = callerOf(req);
    const rpc = deps.rpcFor(id);
    try {
      const admitted = await deps.admission.admit(route, req, res, caller, rpc, id); // 1-7. 429, 400, 401, 403
      await handle(route, req, res, { ...admitted, rpc }, deps.handle); // 8. the service call
    } catch (err) {
      // A token that fails authentication is counted against the client address too (pipeline/steps/rate-limit.ts).
      if (err instanceof DomainError && err.code === 'UNAUTHENTICATED') await deps.rateLimiter.countFailedAuthentication(caller);
      // The API's 429s are one metric series whatever the path (pipeline/steps/access-log.ts records the
      // route template): a flood of refusals adds no series per route, as for unknown paths.
      if (err instanceof DomainError && err.code === 'RATE_LIMITED') req.route = undefined;
      throw err;
    }
  };
}

/**
 * The pipeline of a gateway: `declaredRoutes`, mounted before anything else, answers the declared
 * routes whose path has no parameter (the hot ones: /me, the feed) with one Map lookup of the
 * method and path, running the same steps as the router would (request id, access log, the API's
 * headers, `routeHandler`) and handing any error to the router's error handlers, as a route does;
 * `mount` mounts every step and route for the router, which answers everything else (paths with
 * parameters, a trailing slash, HEAD, encoded paths), each as before. Walking express's router to
 * the route was a tenth of a cached request's CPU (docs/performance.md#the-hot-path-2026-11-25).
 */
export interface Pipeline {
  declaredRoutes: RequestHandler;
  mount(app: Express): void;
}

export function createPipeline(deps: PipelineDeps): Pipeline {
  const stamp = requestId();
  const log = accessLog(deps.logger);
  const limits = { limit: deps.rateLimitPerMinute, store: deps.stores.rateLimits, authenticator: deps.authenticator, logger: deps.logger };
  const headers = apiHeaders();
  const setHeaders = apiHeaderSetter();
  const rateLimiter = new RateLimiter(limits);
  // Declared routes count their requests themselves, after their headers are in and before their
  // body is read (pipeline/admission.ts): the body is read there, after the count.
  const routeDeps: RouteDeps = {
    admission: new Admission({
      rateLimiter,
      readBody: jsonBodyReader(deps.bodyLimitBytes),
      authenticator: deps.authenticator,
      sites: deps.sites,
      entitlements: deps.entitlements,
      product: deps.product,
      ...(deps.shared ? { shared: deps.shared } : {}),
    }),
    rateLimiter,
    handle: { entitlements: deps.entitlements, idempotency: deps.stores.idempotency },
    rpcFor: deps.rpcFor,
  };
  const handlers = deps.routes.map((route) => ({ route, handler: routeHandler(route, routeDeps) }));
  /** path → method → the route's handler, for the paths without parameters. */
  const direct = new Map<string, Map<string, { template: { path: string }; handler: RouteHandler }>>();
  for (const { route, handler } of handlers) {
    if (route.path.includes(':') || route.path.includes('*')) continue;
    const methods = direct.get(route.path) ?? new Map();
    methods.set(route.method, { template: { path: route.path }, handler });
    direct.set(route.path, methods);
  }
  const noop = () => undefined;

  const declaredRoutes: RequestHandler = (req, res, next) => {
    const found = direct.get(req.path)?.get(req.method);
    if (!found) return next();
    const id = stampRequestId(req, res);
    log(req, res, noop);
    // What the router sets for a route: its template (the access log's metric) and its parameters.
    req.route = found.template;
    req.params = {};
    setHeaders(res);
    found.handler(req, res, id).then(undefined, next);
  };

  /** Every request that `declaredRoutes` did not answer, top to bottom. */
  const mount = (app: Express): void => {
    app.use(stamp, log);
    // Provider webhooks: a rate limit of their own instead of the API's (pipeline/webhooks.ts), and their body
    // taken raw (its signature covers the exact bytes), so they are mounted first.
    mountWebhooks(app, deps.rpcFor, [webhookRateLimit(limits), ...headers], deps.websubBodyLimitBytes);
    for (const { route, handler } of handlers) {
      const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
      // The router's way: the id was stamped by an earlier middleware, so it is read back from the answer.
      app[method](route.path, ...headers, (req, res, next) => handler(req, res, requestIdOf(res)).then(undefined, next));
    }
    // A path parameter that does not decode is refused by the router before its route runs: counted
    // here, so that the 429 still comes first.
    app.use(((err, req, res, next) => {
      if (!(err instanceof URIError)) return next(err);
      rateLimiter.count(res, callerOf(req)).then(() => next(err), next);
    }) as ErrorRequestHandler);
    // Everything else: 1. 429, then public media (streamed through, no Credential, no body), the
    // API reference page, the description, and 404.
    app.use(rateLimiter.step());
    app.use(MEDIA_PATH_PREFIX.slice(0, -1), mediaHeaders(), ...mediaRoutes({ target: deps.mediaHttpUrl, timeoutMs: 10_000, logger: deps.logger }));
    if (deps.apiReference) app.get('/docs/', ...deps.apiReference);
    app.use(...headers, jsonBody(deps.bodyLimitBytes));
    app.get('/docs/public.json', (_req, res) => {
      res.setHeader('Cache-Control', 'public, max-age=300');
      res.json(deps.openapi);
    });
    app.use(unknownRoute(), errorHandler(deps.logger));
  };
  return { declaredRoutes, mount };
}
