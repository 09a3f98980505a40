/**
 * The system's own metrics, through the OpenTelemetry API: exported by whatever
 * OTEL_METRICS_EXPORTER configures (telemetry.ts; `prometheus` serves a scrape endpoint), free when
 * nothing is configured. Instruments are made on first use, after telemetry started the SDK.
 * The HTTP servers (gateway, dashboard, media) record their requests here; Node runtime metrics
 * come from the runtime-node instrumentation.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { metrics, type Attributes, type BatchObservableCallback, type Counter, type Histogram } from '@opentelemetry/api';

const meter = () => metrics.getMeter('cfs');

/** A counter made on its first use, so that a module may declare it before telemetry started the SDK. */
export function lazyCounter(name: string, description: string): { add(value: number, attributes?: Attributes): void } {
  let counter: Counter | undefined;
  return { add: (value, attributes) => (counter ??= meter().createCounter(name, { description })).add(value, attributes) };
}

/** A histogram made on its first use; `buckets` replace the SDK's default boundaries. */
export function lazyHistogram(name: string, description: string, unit: string, buckets?: number[]): { record(value: number, attributes?: Attributes): void } {
  let histogram: Histogram | undefined;
  const options = { description, unit, ...(buckets ? { advice: { explicitBucketBoundaries: buckets } } : {}) };
  return { record: (value, attributes) => (histogram ??= meter().createHistogram(name, options)).record(value, attributes) };
}

export interface GaugeSpec {
  name: string;
  description: string;
  unit?: string;
}

/**
 * Gauges read together, by one callback, at each collection (a Prometheus scrape): `observe` hands
 * each gauge its values (it may await, e.g. one query for all of them). Made when this is called, so
 * call it once telemetry started; the function returned unregisters the callback.
 */
export function observeGauges<K extends string>(
  gauges: Record<K, GaugeSpec>,
  observe: (record: (gauge: K, value: number, attributes?: Attributes) => void) => Promise<void> | void,
): () => void {
  const m = meter();
  const made = new Map(
    Object.entries<GaugeSpec>(gauges).map(([key, g]) => [key, m.createObservableGauge(g.name, { description: g.description, unit: g.unit })]),
  );
  const callback: BatchObservableCallback = (result) => observe((gauge, value, attributes) => result.observe(made.get(gauge)!, value, attributes));
  m.addBatchObservableCallback(callback, [...made.values()]);
  return () => m.removeBatchObservableCallback(callback, [...made.values()]);
}

/** gRPC calls served, by rpc.service, rpc.method and rpc.grpc.status_code (OpenTelemetry's RPC conventions). */
export const rpcServerDuration = lazyHistogram('rpc.server.duration', 'Duration of gRPC calls served', 'ms');
/** gRPC calls made, by the same attributes. */
export const rpcClientDuration = lazyHistogram('rpc.client.duration', 'Duration of gRPC calls made', 'ms');
/** Requests refused with 429 by the security rate limit, by bucket kind (cred, ip). */
export const rateLimitRefusals = lazyCounter('cfs.rate_limit.refusals', 'Requests refused by the security rate limit');
/** Requests refused with QUOTA_EXHAUSTED, by capability. */
export const quotaRefusals = lazyCounter('cfs.quota.refusals', 'Requests refused because the plan quota of the period is used up');
/** Lookups of the caches (feed pages, subscriptions, authentications, Sites), by cache and result (hit, miss). */
export const cacheLookups = lazyCounter('cfs.cache.lookups', 'Cache lookups by cache and result');

/**
 * HTTP requests served, in seconds, by http.request.method, http.route (the route's template, when
 * one matched) and http.response.status_code: OpenTelemetry's stable HTTP conventions, with the
 * buckets the HTTP instrumentation uses.
 */
const httpServerDuration = lazyHistogram(
  'http.server.request.duration',
  'Duration of HTTP server requests.',
  's',
  [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10],
);
/** The attributes of each (method, route, status) seen, made once rather than for every request. */
const httpAttributes = new Map<string, Attributes>();
const MAX_HTTP_ATTRIBUTE_SETS = 1000;

/** One request served: its method, the route template that matched it (if any), its status and how long it took. */
export function recordHttpServerRequest(method: string, route: string | undefined, status: number, seconds: number): void {
  const key = `${method} ${route ?? ''} ${status}`;
  let attributes = httpAttributes.get(key);
  if (!attributes) {
    attributes = { 'http.request.method': method, 'http.response.status_code': status, ...(route ? { 'http.route': route } : {}) };
    if (httpAttributes.size < MAX_HTTP_ATTRIBUTE_SETS) httpAttributes.set(key, attributes);
  }
  httpServerDuration.record(seconds, attributes);
}

/** The route template an express request matched (mount path included, e.g. /dashboard/sites/:siteId), if any. */
export function routeTemplateOf(req: { baseUrl?: string; route?: { path?: unknown } }): string | undefined {
  return typeof req.route?.path === 'string' ? `${req.baseUrl ?? ''}${req.route.path}` : undefined;
}

type HttpRequest = IncomingMessage & { baseUrl?: string; route?: { path?: unknown } };

/**
 * Middleware (express, or a plain node:http handler calling it first): every request's duration in
 * the HTTP server metric when its answer is finished, under the route `routeOf` names.
 */
export function httpServerMetrics(
  routeOf: (req: HttpRequest) => string | undefined = routeTemplateOf,
): (req: HttpRequest, res: ServerResponse, next: () => void) => void {
  return (req, res, next) => {
    const started = performance.now();
    res.once('finish', () => recordHttpServerRequest(req.method ?? 'GET', routeOf(req), res.statusCode, (performance.now() - started) / 1000));
    next();
  };
}

/** The attributes of one gRPC call from its full path (/package.Service/Method) and status code. */
export function rpcAttributes(path: string, code: number): Attributes {
  const [, service = '', method = ''] = path.split('/');
  return { 'rpc.system': 'grpc', 'rpc.service': service, 'rpc.method': method, 'rpc.grpc.status_code': code };
}
