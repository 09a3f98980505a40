/**
 * gRPC bootstrap shared by every service and the gateway: servers that turn domain errors into a
 * status plus the public code in trailing metadata, the standard grpc.health.v1 service backed by a
 * real readiness check, ordered shutdown, and clients that always carry a deadline and turn any
 * failure back into a DomainError (docs/architecture.md#errors).
 */
import * as grpc from '@grpc/grpc-js';
import { EventEmitter } from 'node:events';
import { loadProtos, type HealthCheckResponse } from '@cfs/protos';
import { isTransientDatabaseError } from './database.ts';
import { Budget, outgoingBudgetMs, runWithBudget, VERDICT_GRACE_MS } from './deadline.ts';
import { DomainError, ERROR_CODES, GRPC_ERROR_CODE_KEY, GRPC_ERROR_MESSAGE_KEY, codeForGrpcStatus, isErrorCode, type ErrorCode } from './errors.ts';
import type { Logger } from './logger.ts';
import { rpcAttributes, rpcClientDuration, rpcServerDuration } from './metrics.ts';
import { SERVICE_TOKEN_METADATA_KEY, type CallerPolicy, type ServiceCallers } from './service-auth.ts';

export { grpc };

// ---------------------------------------------------------------------------------------------
// Server side
// ---------------------------------------------------------------------------------------------

/** The async form of a generated handler map: `(request) => Promise<response>` per method. */
export type AsyncHandlers<H> = {
  [K in keyof H as string extends K ? never : K]: H[K] extends grpc.handleUnaryCall<infer Req, infer Res>
    ? (request: Req, call: grpc.ServerUnaryCall<Req, Res>) => Promise<Res>
    : never;
};

/** The RPC names of a generated handler map. */
export type RpcName<H> = keyof AsyncHandlers<H> & string;

/** Turns any thrown value into the status a client sees. Unexpected errors are logged, never sent. */
export function toGrpcStatus(err: unknown, logger: Logger, method: string, requestId?: string): Partial<grpc.StatusObject> {
  let code: ErrorCode;
  let message: string;
  if (err instanceof DomainError) {
    ({ code, message } = err);
  } else if (isTransientDatabaseError(err)) {
    code = 'SERVICE_UNAVAILABLE';
    message = ERROR_CODES.SERVICE_UNAVAILABLE.message;
    logger.warn({ err, method, requestId }, 'transient database failure');
  } else {
    code = 'INTERNAL_ERROR';
    message = ERROR_CODES.INTERNAL_ERROR.message;
    logger.error({ err, method, requestId }, 'unexpected error in gRPC handler');
  }
  const metadata = new grpc.Metadata();
  metadata.set(GRPC_ERROR_CODE_KEY, code);
  metadata.set(GRPC_ERROR_MESSAGE_KEY, encodeURIComponent(message));
  return { code: ERROR_CODES[code].grpc, details: message, metadata };
}

/** The caller's request id, propagated by the gateway as `x-request-id` metadata. */
export function requestIdOf(call: { metadata: grpc.Metadata }): string | undefined {
  const value = call.metadata.get('x-request-id')[0];
  return typeof value === 'string' ? value : undefined;
}

/**
 * The budget of a call (deadline.ts): what was left of the call's gRPC deadline at receipt, less the
 * verdict grace, on this process's clock (`now`); none for a caller without a deadline. grpc-js set
 * that deadline from the relative grpc-timeout header, on receipt, with this process's Date.now(), so
 * no clock of the caller's enters it. Callers of earlier releases also sent `cfs-budget-deadline`, the
 * budget's end on THEIR clock: it is ignored, as their grpc-timeout carries the same budget plus the
 * grace, measured at send time.
 */
export function budgetOf(call: { getDeadline(): grpc.Deadline }, now: () => number = Date.now): Budget | undefined {
  const deadline = call.getDeadline();
  const end = deadline instanceof Date ? deadline.getTime() : deadline;
  return Number.isFinite(end) ? Budget.ofRemaining(end - Date.now() - VERDICT_GRACE_MS, now) : undefined;
}

/**
 * Wraps async handlers into grpc-js unary handlers with uniform error handling. Each call runs
 * inside its budget: a call whose budget is already spent is UNAVAILABLE before any work, and the
 * budget bounds what the handler does (transactions.ts, failpoints, provider calls).
 */
export function implement<H extends grpc.UntypedServiceImplementation>(logger: Logger, handlers: AsyncHandlers<H>): H {
  const out: grpc.UntypedServiceImplementation = {};
  for (const [name, fn] of Object.entries(handlers as Record<string, (req: unknown, call: unknown) => Promise<unknown>>)) {
    out[name] = ((call: grpc.ServerUnaryCall<unknown, unknown>, callback: grpc.sendUnaryData<unknown>) => {
      const budget = budgetOf(call);
      const run = async () => {
        budget?.check(name);
        return fn(call.request, call);
      };
      (budget ? runWithBudget(budget, run) : run()).then(
        (response) => callback(null, response),
        (err: unknown) => callback(toGrpcStatus(err, logger, name, requestIdOf(call))),
      );
    }) as grpc.handleUnaryCall<unknown, unknown>;
  }
  return out as H;
}

/**
 * The implementation of one service with each RPC behind its caller check: a call without a known
 * token is UNAUTHENTICATED, a known caller not admitted to the RPC PERMISSION_DENIED; neither carries
 * a public error code (a caller's misconfiguration, which its clients see as an internal error).
 */
function admitting(service: GrpcServerOptions['services'][number], callers: ServiceCallers, logger: Logger): grpc.UntypedServiceImplementation {
  const out: grpc.UntypedServiceImplementation = {};
  for (const method of Object.keys(service.definition)) {
    const allowed = service.allow[method];
    if (!allowed) throw new Error(`${service.name}/${method}: no callers declared (GrpcServer services[].allow)`);
    const handler = service.implementation[method] as grpc.handleUnaryCall<unknown, unknown> | undefined;
    if (!handler) continue;
    const path = service.definition[method]!.path;
    out[method] = ((call: grpc.ServerUnaryCall<unknown, unknown>, answer: grpc.sendUnaryData<unknown>) => {
      const started = performance.now();
      const callback: grpc.sendUnaryData<unknown> = (err, value) => {
        rpcServerDuration.record(performance.now() - started, rpcAttributes(path, err ? (err.code ?? grpc.status.UNKNOWN) : grpc.status.OK));
        answer(err, value);
      };
      if (!callers.open) {
        const caller = callers.identify(call.metadata.get(SERVICE_TOKEN_METADATA_KEY)[0]);
        if (!caller || !allowed.includes(caller)) {
          const refusal = caller
            ? { code: grpc.status.PERMISSION_DENIED, details: `caller "${caller}" may not call ${method}` }
            : { code: grpc.status.UNAUTHENTICATED, details: 'missing or unknown service token' };
          logger.warn({ method: `${service.name}/${method}`, caller, peer: call.getPeer(), requestId: requestIdOf(call) }, 'refused a service call');
          callback(refusal);
          return;
        }
      }
      handler(call, callback);
    }) as grpc.handleUnaryCall<unknown, unknown>;
  }
  return out;
}

type ServingStatus = HealthCheckResponse['status'];

export interface GrpcServerOptions {
  logger: Logger;
  /** The callers this server accepts (service-auth.ts); health checks are open to anyone. */
  callers: ServiceCallers;
  /**
   * Each gRPC service, with the callers admitted to each of its RPCs. Its fully qualified name is
   * also answered by the health service besides "" (the whole server).
   */
  services: Array<{ name: string; definition: grpc.ServiceDefinition; implementation: grpc.UntypedServiceImplementation; allow: CallerPolicy }>;
  /** Throws when a dependency (database, Redis) is not usable; bounded by `readinessTimeoutMs`. */
  readiness?: () => Promise<void>;
  readinessTimeoutMs?: number;
}

export class GrpcServer {
  readonly server = new grpc.Server({
    'grpc.max_receive_message_length': 16 * 1024 * 1024,
    // Clients reconnect every few minutes (gracefully, in-flight calls finish), so a scaled-out
    // service's new replicas get their share of long-lived HTTP/2 connections behind a ClusterIP.
    'grpc.max_connection_age_ms': 5 * 60_000,
    'grpc.max_connection_age_grace_ms': 30_000,
  });
  private draining = false;
  private readonly events = new EventEmitter();
  private readonly cleanups: Array<() => Promise<void> | void> = [];

  constructor(private readonly options: GrpcServerOptions) {
    for (const s of options.services) this.server.addService(s.definition, admitting(s, options.callers, options.logger));
    this.server.addService(loadProtos().grpc.health.v1.Health.service, this.healthImplementation());
  }

  /** Binds and starts; returns the bound port (useful with port 0). */
  listen(address: string): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.bindAsync(address, grpc.ServerCredentials.createInsecure(), (err, port) => (err ? reject(err) : resolve(port)));
    });
  }

  /** Readiness turns NOT_SERVING (first step of shutdown), so load balancers stop sending calls. */
  markNotServing(): void {
    this.draining = true;
    this.events.emit('change');
  }

  /** Runs after the server stopped (close connections the handlers used, e.g. Redis). */
  addCleanup(cleanup: () => Promise<void> | void): this {
    this.cleanups.push(cleanup);
    return this;
  }

  /** Stops accepting calls and waits for in-flight ones, up to `graceMs`, then forces; then cleans up. */
  async shutdown(graceMs = 10_000): Promise<void> {
    await this.stop(graceMs);
    for (const cleanup of this.cleanups) await cleanup();
  }

  private stop(graceMs: number): Promise<void> {
    this.markNotServing();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.server.forceShutdown();
        resolve();
      }, graceMs);
      timer.unref();
      this.server.tryShutdown(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  private async currentStatus(): Promise<ServingStatus> {
    if (this.draining) return 'NOT_SERVING';
    if (!this.options.readiness) return 'SERVING';
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.options.readiness(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('readiness timed out')), this.options.readinessTimeoutMs ?? 2000);
        }),
      ]);
      return 'SERVING';
    } catch (err) {
      this.options.logger.warn({ err }, 'readiness check failed');
      return 'NOT_SERVING';
    } finally {
      clearTimeout(timer);
    }
  }

  private knows(service: string): boolean {
    return service === '' || this.options.services.some((s) => s.name === service);
  }

  private healthImplementation(): grpc.UntypedServiceImplementation {
    return {
      Check: (call: grpc.ServerUnaryCall<{ service: string }, HealthCheckResponse>, callback: grpc.sendUnaryData<HealthCheckResponse>) => {
        if (!this.knows(call.request.service)) {
          callback({ code: grpc.status.NOT_FOUND, details: 'unknown service' });
          return;
        }
        void this.currentStatus().then((status) => callback(null, { status }));
      },
      Watch: (call: grpc.ServerWritableStream<{ service: string }, HealthCheckResponse>) => {
        if (!this.knows(call.request.service)) {
          call.write({ status: 'SERVICE_UNKNOWN' });
          return;
        }
        const send = () => void this.currentStatus().then((status) => call.write({ status }));
        send();
        this.events.on('change', send);
        call.on('cancelled', () => this.events.off('change', send));
      },
    };
  }
}

// ---------------------------------------------------------------------------------------------
// Client side
// ---------------------------------------------------------------------------------------------

export const CHANNEL_OPTIONS: grpc.ChannelOptions = {
  // The default 64 KiB window throttles answers of a few KiB (docs/performance.md#service-calls-and-redis).
  'grpc-node.flow_control_window': 1024 * 1024,
  // A service that comes back is used again within a second (grpc-js backs off up to 120 s by default).
  'grpc.initial_reconnect_backoff_ms': 250,
  'grpc.max_reconnect_backoff_ms': 1000,
  'grpc.keepalive_time_ms': 30_000,
  'grpc.keepalive_timeout_ms': 10_000,
  'grpc.max_receive_message_length': 16 * 1024 * 1024,
};

type ClientConstructor<C> = new (address: string, credentials: grpc.ChannelCredentials, options?: grpc.ClientOptions) => C;

/**
 * A client of one gRPC service. With `serviceToken`, every call presents it (service-auth.ts);
 * without, only open RPCs (health) or a server with SERVICE_AUTH=off will answer.
 */
export function createClient<C extends grpc.Client>(Ctor: ClientConstructor<C>, address: string, serviceToken?: string): C {
  if (!serviceToken) return new Ctor(address, grpc.credentials.createInsecure(), CHANNEL_OPTIONS);
  const presentToken: grpc.Interceptor = (options, nextCall) =>
    new grpc.InterceptingCall(nextCall(options), {
      start(metadata, listener, next) {
        metadata.set(SERVICE_TOKEN_METADATA_KEY, serviceToken);
        next(metadata, listener);
      },
    });
  return new Ctor(address, grpc.credentials.createInsecure(), { ...CHANNEL_OPTIONS, interceptors: [presentToken] });
}

/** Request and response types of a generated client method (its last overload: `(argument, callback)`). */
export type RequestOf<F> = F extends (argument: infer A, callback: grpc.requestCallback<infer _R>) => grpc.ClientUnaryCall ? A : never;
export type ResponseOf<F> = F extends (argument: infer _A, callback: grpc.requestCallback<infer R>) => grpc.ClientUnaryCall ? R : never;
/** The RPC names of a generated client (the PascalCase spelling; lower-case aliases excluded). */
export type UnaryMethodName<C> = {
  [K in keyof C & string]: K extends keyof grpc.Client ? never : K extends Capitalize<K> ? K : never;
}[keyof C & string];

export interface CallOptions {
  /** The service's budget; the caller waits VERDICT_GRACE_MS longer for its verdict (deadline.ts). */
  deadlineMs: number;
  /** Propagated as metadata (e.g. x-request-id). */
  metadata?: Record<string, string>;
}

/**
 * One unary call with a budget; every failure comes back as a DomainError. The service gets
 * `deadlineMs` (never more than what is left of the call being served, if any) and the caller waits
 * VERDICT_GRACE_MS longer for its answer, so a 503 from this side means the service did not commit.
 */
export function callUnary<C extends grpc.Client, K extends UnaryMethodName<C>>(
  client: C,
  method: K,
  request: NoInfer<RequestOf<C[K]>>,
  options: CallOptions,
): Promise<ResponseOf<C[K]>> {
  const metadata = new grpc.Metadata();
  for (const [k, v] of Object.entries(options.metadata ?? {})) metadata.set(k, v);
  // Only grpc-timeout carries the budget (budgetOf): grpc-js sends it as the time left when the call
  // goes out, so neither the time spent connecting nor a clock offset lengthens the service's budget.
  const budgetMs = outgoingBudgetMs(options.deadlineMs);
  const fn = client[method] as unknown as (
    req: unknown,
    md: grpc.Metadata,
    opts: grpc.CallOptions,
    cb: (err: grpc.ServiceError | null, value?: unknown) => void,
  ) => grpc.ClientUnaryCall;
  const path = (client.constructor as { service?: grpc.ServiceDefinition }).service?.[method]?.path ?? `/unknown/${method}`;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    fn.call(client, request, metadata, { deadline: Date.now() + budgetMs + VERDICT_GRACE_MS }, (err, value) => {
      rpcClientDuration.record(performance.now() - started, rpcAttributes(path, err ? err.code : grpc.status.OK));
      if (err) reject(fromServiceError(err));
      else resolve(value as ResponseOf<C[K]>);
    });
  });
}

/** A gRPC failure → the public code it stands for, with a message that is safe to show. */
export function fromServiceError(err: grpc.ServiceError): DomainError {
  const carried = err.metadata?.get(GRPC_ERROR_CODE_KEY)[0];
  if (isErrorCode(carried)) {
    const raw = err.metadata.get(GRPC_ERROR_MESSAGE_KEY)[0];
    let message: string = ERROR_CODES[carried].message;
    if (typeof raw === 'string') {
      try {
        message = decodeURIComponent(raw);
      } catch {
        // keep the default message
      }
    }
    return new DomainError(carried, message, { cause: err });
  }
  return new DomainError(codeForGrpcStatus(err.code), undefined, { cause: err });
}

type HealthClient = InstanceType<ReturnType<typeof loadProtos>['grpc']['health']['v1']['Health']>;

/** One grpc.health.v1 Check of the whole server: true when it answers SERVING within `timeoutMs`. */
export function isServing(client: HealthClient, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) =>
    client.Check({ service: '' }, { deadline: Date.now() + timeoutMs }, (err, res) => resolve(!err && res?.status === 'SERVING')),
  );
}

/** Polls grpc.health.v1 Check until the server answers SERVING (start-up ordering, probes). */
export async function waitForServing(address: string, timeoutMs: number): Promise<void> {
  const client = createClient(loadProtos().grpc.health.v1.Health, address);
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      if (await isServing(client, 1000)) return;
      if (Date.now() > deadline) throw new Error(`${address} did not become ready within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    client.close();
  }
}
