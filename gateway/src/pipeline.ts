/**
 * The request pipeline (design section 3) as reusable express middleware. The order is part of
 * the contract: validation → credential → scope → audience → (plan capability, quota) → service.
 * Each step reads its rules from the route's declaration.
 */
import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { z } from 'zod';
import { DomainError, envelope, ERROR_CODES, httpStatusOf, malformed, unauthenticated, type ErrorCode } from '@cfs/common/errors';
import { callUnary } from '@cfs/common/grpc';
import type { Logger } from '@cfs/common/logger';
import type { Capability, CustomerScope } from '@cfs/common/scopes';
import type { ServiceClients } from './clients.ts';
import type { Authenticator } from './authenticator.ts';
import { checkIdempotencyKey, fingerprintOf, runIdempotent } from './idempotency.ts';
import type { Entitlements } from './entitlements.ts';
import type { SiteDirectory } from './sites.ts';
import type { QuotaCounter } from './state/shared-state.ts';
import type { AnyRoute, Principal, Rpc, ValidationTools } from './route.ts';
import type { SharedState } from './state/shared-state.ts';

export interface PipelineDeps {
  product: string;
  rpcFor: (res: Response) => Rpc;
  authenticator: Authenticator;
  shared: SharedState;
  sites: SiteDirectory;
  entitlements: Entitlements;
  tools: ValidationTools;
}

interface Locals {
  requestId: string;
  input?: { params: unknown; query: unknown; body: unknown };
  principal?: Principal;
  /** The quota unit this request took (given back if the request fails). */
  charged?: QuotaCounter;
  /** A cached Credential whose revocation marker is still to be checked (plan-gated routes check it with the quota). */
  unconfirmed?: { token: string; credentialId: string };
}

const locals = (res: Response) => res.locals as Locals;

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** X-Request-Id: the caller's when it is sane, else a new one; echoed on every answer. */
export function requestId(): RequestHandler {
  return (req, res, next) => {
    const given = req.get('x-request-id');
    const id = given && REQUEST_ID.test(given) ? given : randomUUID();
    locals(res).requestId = id;
    res.setHeader('X-Request-Id', id);
    next();
  };
}

/**
 * One access-log line per request, when it ends: method, path (never the query, which may hold a
 * cursor), status, duration, request id; error answers at warn/error. It costs nothing per request
 * when the level is above info (pino-http builds a child logger and serializers for every request
 * whatever the level: a tenth of the gateway's CPU under load).
 */
export function accessLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const level = res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info';
      if (!logger.isLevelEnabled(level)) return;
      logger[level](
        {
          req: { id: locals(res).requestId, method: req.method, url: req.originalUrl.split('?')[0] },
          res: { statusCode: res.statusCode },
          responseTime: Number(process.hrtime.bigint() - started) / 1e6,
        },
        'request completed',
      );
    });
    next();
  };
}

function describeIssues(where: string, error: z.ZodError): string {
  const parts = error.issues.slice(0, 5).map((issue) => {
    const path = [where, ...issue.path.map(String)].join('.');
    return `${path}: ${issue.message}`;
  });
  return parts.join('; ').slice(0, 500);
}

/** Step 2: path, query and body against the route's schemas; 400 before any authentication. */
export function validateRequest(route: AnyRoute, tools: ValidationTools): RequestHandler {
  return async (req, res, next) => {
    const parse = (where: string, schema: z.ZodType | undefined, value: unknown) => {
      if (!schema) return undefined;
      const result = schema.safeParse(value);
      if (!result.success) throw malformed(describeIssues(where, result.error));
      return result.data;
    };
    const input = {
      params: parse('path', route.params, req.params),
      query: parse('query', route.query, req.query),
      body: parse('body', route.body, req.body),
    };
    if (route.idempotent) checkIdempotencyKey(req.get('idempotency-key'));
    if (route.check) await route.check(input as never, tools);
    locals(res).input = input;
    next();
  };
}

/** `Authorization: Bearer <token>`: the token, printable ASCII, at most 512 characters. */
export const BEARER = /^Bearer ([\x21-\x7e]{1,512})$/;

/** Asks the identity service (authoritative) about a token. */
function fetchCredentialVia(deps: Pick<PipelineDeps, 'rpcFor'>, res: Response) {
  return async (token: string) => {
    const answer = await deps.rpcFor(res)('identity', 'Authenticate', { token });
    if (!answer.credential) throw new DomainError('INTERNAL_ERROR');
    return answer.credential;
  };
}

/**
 * Before refusing for a reason that comes after authentication (scope, audience, plan), make sure
 * the Credential is still valid: a revoked one is 401, whatever else is wrong.
 */
async function refuseAfterConfirming(deps: Pick<PipelineDeps, 'rpcFor' | 'authenticator'>, res: Response, refusal: DomainError): Promise<never> {
  const pending = locals(res).unconfirmed;
  if (pending) await deps.authenticator.confirm(pending.token, pending.credentialId, fetchCredentialVia(deps, res));
  throw refusal;
}

/**
 * Step 3: `Authorization: Bearer <token>`; missing, unknown, revoked or expired → 401. On a
 * plan-gated route a cached Credential's revocation marker is checked later, with the quota, in
 * the same Redis round trip (`deferRevocationCheck`).
 */
export function authenticate(deps: Pick<PipelineDeps, 'rpcFor' | 'authenticator'>, deferRevocationCheck = false): RequestHandler {
  return async (req, res, next) => {
    const header = req.get('authorization');
    if (!header) throw unauthenticated('An Authorization: Bearer <credential> header is required.');
    const match = BEARER.exec(header);
    if (!match) throw unauthenticated('The Authorization header must be "Bearer <credential>".');
    const token = match[1]!;
    const { credential, confirmed } = await deps.authenticator.authenticateDeferring(token, fetchCredentialVia(deps, res), deferRevocationCheck);
    locals(res).principal = { credential };
    if (!confirmed) locals(res).unconfirmed = { token, credentialId: credential.id };
    next();
  };
}

/** Step 4: the route's scope. A Credential with no scopes is refused on every route. */
export function requireScope(scope: CustomerScope, deps: Pick<PipelineDeps, 'rpcFor' | 'authenticator'>): RequestHandler {
  return async (_req, res, next) => {
    if (!locals(res).principal?.credential.scopes.includes(scope)) {
      await refuseAfterConfirming(deps, res, new DomainError('SCOPE_DENIED', `This endpoint requires the scope ${scope}.`));
    }
    next();
  };
}

/** Step 5: the Credential must be issued for this product. */
export function requireAudience(product: string, deps: Pick<PipelineDeps, 'rpcFor' | 'authenticator'>): RequestHandler {
  return async (_req, res, next) => {
    if (locals(res).principal?.credential.audience !== product) {
      await refuseAfterConfirming(
        deps,
        res,
        new DomainError('WRONG_AUDIENCE', `The credential was issued for a different product; a credential for ${product} is required.`),
      );
    }
    next();
  };
}

/** Steps 6 and 7: the capability must be in the Site's Plan, and the period's quota not used up. */
export function requireEntitlement(capability: Capability, deps: Pick<PipelineDeps, 'rpcFor' | 'sites' | 'entitlements' | 'authenticator'>): RequestHandler {
  return async (_req, res, next) => {
    const l = locals(res);
    const siteId = l.principal!.credential.siteId;
    const { plan } = await deps.sites.get(siteId, deps.rpcFor(res));
    let entry;
    try {
      entry = deps.entitlements.requireIncluded(plan, capability);
    } catch (err) {
      await refuseAfterConfirming(deps, res, err as DomainError);
    }
    try {
      l.charged = await deps.entitlements.consume(siteId, capability, entry!, l.unconfirmed?.credentialId);
    } catch (err) {
      if (l.unconfirmed && err instanceof DomainError && err.code === 'UNAUTHENTICATED') deps.authenticator.evict(l.unconfirmed.credentialId);
      throw err;
    }
    l.unconfirmed = undefined;
    next();
  };
}

/** The service call: runs the handler and sends its answer, shaped by the response schema. */
export function runHandler(route: AnyRoute, deps: Pick<PipelineDeps, 'rpcFor' | 'shared' | 'sites' | 'entitlements' | 'tools'>): RequestHandler {
  const execute = async (res: Response) => {
    const l = locals(res);
    try {
      return route.response.schema.parse(
        await route.handle({
          ...(l.input as { params: never; query: never; body: never }),
          requestId: l.requestId,
          rpc: deps.rpcFor(res),
          shared: deps.shared,
          sites: deps.sites,
          entitlements: deps.entitlements,
          ...deps.tools,
          ...(l.principal ? { principal: l.principal } : {}),
        } as never),
      );
    } catch (err) {
      // A request that fails consumes nothing.
      if (l.charged) await deps.entitlements.refund(l.charged);
      throw err;
    }
  };
  return async (req, res) => {
    const key = route.idempotent ? req.get('idempotency-key') : undefined;
    const l = locals(res);
    if (key === undefined || !l.principal) {
      res.status(route.response.status).json(await execute(res));
      return;
    }
    const scope = `${l.principal.credential.siteId}:${route.operationId}:${key}`;
    const answer = await runIdempotent(deps.shared, scope, fingerprintOf(l.input), async () => ({
      status: route.response.status,
      body: await execute(res),
    }));
    if (answer.replayed) res.setHeader('Idempotent-Replayed', 'true');
    res.status(answer.status).json(answer.body);
  };
}

/** The full middleware chain of one route. */
export function pipelineFor(route: AnyRoute, deps: PipelineDeps): RequestHandler[] {
  const chain: RequestHandler[] = [validateRequest(route, deps.tools)];
  if (route.auth === 'credential') {
    if (!route.scope) throw new Error(`route ${route.operationId} needs a scope`);
    chain.push(authenticate(deps, Boolean(route.capability)), requireScope(route.scope, deps), requireAudience(deps.product, deps));
    if (route.capability) chain.push(requireEntitlement(route.capability, deps));
  } else if (route.capability) {
    throw new Error(`route ${route.operationId}: a capability needs a credential`);
  }
  chain.push(runHandler(route, deps));
  return chain;
}

/** A bound `rpc` for one request: the gateway's deadline and the request id as metadata. */
export function rpcFactory(clients: ServiceClients, deadlineMs: number): (res: Response) => Rpc {
  return (res) =>
    ((service, method, request) =>
      callUnary(clients[service], method as never, request as never, {
        deadlineMs,
        metadata: { 'x-request-id': locals(res).requestId },
      })) as Rpc;
}

/** Body-parser and router failures are client mistakes: always 400 (never 413/415), or 404. */
function codeForHttpError(err: unknown): ErrorCode | undefined {
  const status = (err as { status?: unknown; statusCode?: unknown }).status ?? (err as { statusCode?: unknown }).statusCode;
  if (typeof status !== 'number' || status < 400 || status > 499) return undefined;
  return status === 404 ? 'NOT_FOUND' : 'MALFORMED_REQUEST';
}

const HTTP_ERROR_MESSAGES: Record<string, string> = {
  'entity.too.large': 'The request body is too large.',
  'entity.parse.failed': 'The request body is not valid JSON.',
  'encoding.unsupported': 'The request body encoding is not supported.',
  'charset.unsupported': 'The request body charset is not supported; use UTF-8.',
};

/** The last middleware: every failure becomes the envelope with a safe message. */
export function errorHandler(logger: Logger): (err: unknown, req: Request, res: Response, next: NextFunction) => void {
  return (err, req, res, _next) => {
    let code: ErrorCode;
    let message: string;
    if (err instanceof DomainError) {
      ({ code, message } = err);
      if (code === 'INTERNAL_ERROR' || code === 'SERVICE_UNAVAILABLE') {
        logger.warn({ err: err.cause ?? err, requestId: locals(res).requestId, path: req.path }, 'request failed');
      }
    } else {
      const httpCode = codeForHttpError(err);
      if (httpCode) {
        code = httpCode;
        const type = (err as { type?: unknown }).type;
        message = (typeof type === 'string' && HTTP_ERROR_MESSAGES[type]) || ERROR_CODES[httpCode].message;
      } else {
        code = 'INTERNAL_ERROR';
        message = ERROR_CODES.INTERNAL_ERROR.message;
        logger.error({ err, requestId: locals(res).requestId, path: req.path }, 'unexpected error');
      }
    }
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.status(httpStatusOf(code)).json(envelope(code, message));
  };
}
