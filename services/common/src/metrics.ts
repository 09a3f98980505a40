/**
 * The system's own metrics (design 6e), through the OpenTelemetry API: exported by whatever
 * OTEL_METRICS_EXPORTER configures (telemetry.ts; `prometheus` serves a scrape endpoint), free when
 * nothing is configured. Instruments are made on first use, after telemetry started the SDK.
 * HTTP server and Node runtime metrics come from the http and runtime-node instrumentations.
 */
import { metrics, type Attributes, type Counter, type Histogram } from '@opentelemetry/api';

const meter = () => metrics.getMeter('cfs');

function lazyCounter(name: string, description: string): { add(value: number, attributes?: Attributes): void } {
  let counter: Counter | undefined;
  return { add: (value, attributes) => (counter ??= meter().createCounter(name, { description })).add(value, attributes) };
}

function lazyHistogram(name: string, description: string, unit: string): { record(value: number, attributes?: Attributes): void } {
  let histogram: Histogram | undefined;
  return { record: (value, attributes) => (histogram ??= meter().createHistogram(name, { description, unit })).record(value, attributes) };
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

/** The attributes of one gRPC call from its full path (/package.Service/Method) and status code. */
export function rpcAttributes(path: string, code: number): Attributes {
  const [, service = '', method = ''] = path.split('/');
  return { 'rpc.system': 'grpc', 'rpc.service': service, 'rpc.method': method, 'rpc.grpc.status_code': code };
}
