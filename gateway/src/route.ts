/**
 * A route of the public API, declared once: method, path, scope, capability, the schemas of its
 * inputs and answer, and its handler. The pipeline middleware and the OpenAPI description are
 * both derived from these declarations.
 */
import type { z } from 'zod';
import type { ErrorCode } from '@cfs/common/errors';
import type { RequestOf, ResponseOf, UnaryMethodName } from '@cfs/common/grpc';
import type { Capability, CustomerScope } from '@cfs/common/scopes';
import type { Credential__Output } from '@cfs/protos/generated/cfs/identity/v1/Credential.js';
import type { ServiceClients } from './clients.ts';
import type { CursorCodec } from './cursor.ts';
import type { Entitlements } from './entitlements.ts';
import type { TaxonomyCatalog } from './taxonomy.ts';
import type { SiteDirectory } from './sites.ts';
import type { SharedState } from './state/shared-state.ts';

/** Who is calling: the authenticated Credential. */
export interface Principal {
  credential: Credential__Output;
}

export type Rpc = <S extends keyof ServiceClients, K extends UnaryMethodName<ServiceClients[S]>>(
  service: S,
  method: K,
  request: NoInfer<RequestOf<ServiceClients[S][K]>>,
) => Promise<ResponseOf<ServiceClients[S][K]>>;

type Input<T> = T extends z.ZodType ? z.output<T> : undefined;

/** What request validation may consult besides the schemas (still before authentication). */
export interface ValidationTools {
  cursors: CursorCodec;
  taxonomy: TaxonomyCatalog;
}

export interface BaseContext<P, Q, B> extends ValidationTools {
  params: Input<P>;
  query: Input<Q>;
  body: Input<B>;
  requestId: string;
  /** Calls a service with the gateway's deadline and the request id. */
  rpc: Rpc;
  /** State shared by every gateway replica (revocations, quota counters). */
  shared: SharedState;
  /** The Site, Customer and Plan behind a Site id (cached). */
  sites: SiteDirectory;
  entitlements: Entitlements;
}

export type AuthMode = 'credential' | 'none';

export type RouteContext<A extends AuthMode, P, Q, B> = BaseContext<P, Q, B> & (A extends 'credential' ? { principal: Principal } : unknown);

export interface RouteDefinition<A extends AuthMode, P, Q, B, R extends z.ZodType> {
  method: 'GET' | 'POST' | 'PUT';
  /** Express-style path, e.g. /api/v1/account/sites/:siteId */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  auth: A;
  /** The scope the Credential must hold (auth: credential). */
  scope: A extends 'credential' ? CustomerScope : undefined;
  /** The plan capability the route uses: checked (step 6) and charged against its quota (step 7). */
  capability?: Capability;
  params?: P;
  query?: Q;
  body?: B;
  response: { status: 200 | 201; description: string; schema: R };
  /** More validation after the schemas (e.g. category keys, cursor MACs); throw MALFORMED_REQUEST. */
  check?: (input: { params: Input<P>; query: Input<Q>; body: Input<B> }, tools: ValidationTools) => Promise<void> | void;
  /** Accepts an Idempotency-Key header: answers are stored 24 h and replayed (never on routes whose answer holds a secret). */
  idempotent?: boolean;
  /** Codes the handler itself can answer with, besides those of the pipeline. */
  errors?: ErrorCode[];
  handle: (ctx: RouteContext<A, P, Q, B>) => Promise<z.input<R>>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRoute = RouteDefinition<AuthMode, any, any, any, z.ZodType>;

/** Declares a route, keeping its types for the handler and erasing them for the table. */
export function defineRoute<A extends AuthMode, P extends z.ZodType | undefined, Q extends z.ZodType | undefined, B extends z.ZodType | undefined, R extends z.ZodType>(
  route: RouteDefinition<A, P, Q, B, R>,
): AnyRoute {
  return route as unknown as AnyRoute;
}
