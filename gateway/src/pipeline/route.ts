/**
 * A route of the public API, declared once: method, path, scope, capability, the schemas of its
 * inputs and answer, and its handler. The pipeline (pipeline/pipeline.ts) and the OpenAPI description
 * (api/openapi.ts) are both derived from these declarations.
 */
import type { z } from 'zod';
import type { ErrorCode } from '@cfs/common/errors';
import type { Capability } from '@cfs/common/capabilities';
import type { CustomerScope } from '@cfs/common/scopes';
import type { Credential } from '../caches/authenticator.ts';
import type { Rpc } from '../clients/rpc.ts';
import type { SiteContext } from '../caches/sites.ts';
import type { SerializedAnswer } from '../schemas/serialized-answer.ts';

export type { Rpc };

/** Who is calling: the authenticated Credential, and on a route with a capability its Site as admission read it. */
export interface Principal {
  credential: Credential;
  /** The Site, its Customer and its Plan: set when the route declares a capability (admission's step 6 read them). */
  site?: SiteContext;
}

/** The caller's Site as admission read it, on a route that declares a capability (a mistake anywhere else). */
export function siteOf(principal: Principal): SiteContext {
  if (!principal.site) throw new Error('the Site is read by admission on routes with a capability only');
  return principal.site;
}

type Input<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface BaseContext<P, Q, B, D> {
  params: Input<P>;
  query: Input<Q>;
  body: Input<B>;
  /** What `prepare` returned. */
  prepared: D;
  requestId: string;
  /** Calls a service with the gateway's deadline and the request id. */
  rpc: Rpc;
}

export type AuthMode = 'credential' | 'none';

export type RouteContext<A extends AuthMode, P, Q, B, D> = BaseContext<P, Q, B, D> & (A extends 'credential' ? { principal: Principal } : unknown);

export interface RouteDefinition<A extends AuthMode, P, Q, B, R extends z.ZodType, D> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Express-style path, e.g. /api/v1/account/sites/:siteId */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  auth: A;
  /**
   * The scope the Credential must hold (auth: credential); null: none, any valid Credential of
   * this product may call it (POST /api/v1/me/revoke, which only ends the caller itself).
   */
  scope: A extends 'credential' ? CustomerScope | null : undefined;
  /** The plan capability the route uses: checked (step 6) and charged against its quota (step 7). */
  capability?: Capability;
  /**
   * `held`: the capability's quota counts what a Site holds (webhook endpoints), not requests.
   * Admission checks only that the plan includes it (step 6, nothing charged); the service refuses
   * one too many with QUOTA_EXHAUSTED (step 7, after every earlier check).
   */
  quota?: 'held';
  params?: P;
  query?: Q;
  body?: B;
  /** The request body's example in the OpenAPI description (default: the first of the body schema's `examples`). */
  bodyExample?: B extends z.ZodType ? z.input<B> : undefined;
  /**
   * The answer. `example` is its example in the OpenAPI description (default: the first of the
   * schema's `examples`); every example is checked against its schema by the OpenAPI test.
   */
  response: { status: 200 | 201; description: string; schema: R; example?: z.output<R> };
  /**
   * The rest of validation, after the schemas, with what the route group was given (category keys
   * against the taxonomy): throws MALFORMED_REQUEST, or returns what the handler gets as
   * `prepared`, so nothing is checked twice. On a request
   * without a body it runs before the request's rate-limit count, so it must not call a service then.
   */
  prepare?: (input: { params: Input<P>; query: Input<Q>; body: Input<B> }) => Promise<D> | D;
  /** Accepts an Idempotency-Key header: answers are stored 24 h and replayed (never on routes whose answer holds a secret). */
  idempotent?: boolean;
  /**
   * A GET whose answer carries a strong ETag of its content and `Cache-Control: private, no-cache`;
   * a request whose If-None-Match matches is answered 304 without a body, its quota unit given back
   * (pipeline/steps/conditional.ts).
   */
  conditional?: boolean;
  /** Codes the handler itself can answer with, besides those of the pipeline. */
  errors?: ErrorCode[];
  /** What a code means on this route, for the OpenAPI description (default: the code's general condition). */
  errorNotes?: Partial<Record<ErrorCode, string>>;
  handle: (ctx: RouteContext<A, P, Q, B, D>) => Promise<z.input<R> | SerializedAnswer>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRoute = RouteDefinition<AuthMode, any, any, any, z.ZodType, any>;

/** Declares a route, keeping its types for the handler and erasing them for the table. */
export function defineRoute<
  A extends AuthMode,
  P extends z.ZodType | undefined,
  Q extends z.ZodType | undefined,
  B extends z.ZodType | undefined,
  R extends z.ZodType,
  D = undefined,
>(route: RouteDefinition<A, P, Q, B, R, D>): AnyRoute {
  return route as unknown as AnyRoute;
}

/**
 * Stands in for a route group's dependencies when its table is built only to be described (the
 * OpenAPI document, tests): a group reads its dependencies when a request runs, never while it
 * declares its routes, so any read here is a mistake and throws.
 */
export function describedOnly<D extends object>(): D {
  return new Proxy({} as D, {
    get: (_target, name) => {
      throw new Error(`${String(name)}: this route table is for describing the API, not for serving it`);
    },
  });
}
