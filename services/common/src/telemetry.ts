/**
 * OpenTelemetry bootstrap, configured only through the standard OTEL_* variables (exporter,
 * endpoint, service name, sampler). It starts when an exporter is configured (OTEL_TRACES_EXPORTER,
 * OTEL_METRICS_EXPORTER or an OTLP endpoint) and OTEL_SDK_DISABLED is not "true"; otherwise it
 * costs nothing. Metrics (design 6e): OTEL_METRICS_EXPORTER=prometheus serves a scrape endpoint on
 * OTEL_EXPORTER_PROMETHEUS_PORT (default 9464) with HTTP server, gRPC (metrics.ts), Node runtime
 * and the system's own series.
 *
 * It must run before the modules it instruments are loaded: each entrypoint calls it first and
 * then imports its wiring dynamically. The ESM loader hook is registered for the same reason.
 */
import { register } from 'node:module';
import type { SpanProcessor } from '@opentelemetry/sdk-trace';

export interface Telemetry {
  shutdown(): Promise<void>;
}

const NOOP: Telemetry = { shutdown: async () => undefined };

const metricsConfigured = (env: NodeJS.ProcessEnv) => Boolean(env.OTEL_METRICS_EXPORTER && env.OTEL_METRICS_EXPORTER !== 'none');
const tracesConfigured = (env: NodeJS.ProcessEnv) => Boolean(env.OTEL_TRACES_EXPORTER || env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);

export function telemetryConfigured(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.OTEL_SDK_DISABLED === 'true') return false;
  return tracesConfigured(env) || metricsConfigured(env);
}

export async function startTelemetry(
  serviceName: string,
  options: { spanProcessors?: SpanProcessor[]; env?: NodeJS.ProcessEnv } = {},
): Promise<Telemetry> {
  const env = options.env ?? process.env;
  if (!options.spanProcessors && !telemetryConfigured(env)) return NOOP;

  // Only metrics asked for: no trace or log exporter (the SDK would default both to OTLP).
  if (!options.spanProcessors && !tracesConfigured(env)) {
    env.OTEL_TRACES_EXPORTER = 'none';
    env.OTEL_LOGS_EXPORTER ??= 'none';
  }
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);
  const [{ NodeSDK }, http, express, grpc, pg, ioredis, pino, runtime] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-express'),
    import('@opentelemetry/instrumentation-grpc'),
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/instrumentation-ioredis'),
    import('@opentelemetry/instrumentation-pino'),
    import('@opentelemetry/instrumentation-runtime-node'),
  ]);
  const sdk = new NodeSDK({
    serviceName: env.OTEL_SERVICE_NAME ?? serviceName,
    ...(options.spanProcessors ? { spanProcessors: options.spanProcessors } : {}),
    instrumentations: [
      new http.HttpInstrumentation(),
      new express.ExpressInstrumentation(),
      new grpc.GrpcInstrumentation(),
      new pg.PgInstrumentation(),
      new ioredis.IORedisInstrumentation(),
      new pino.PinoInstrumentation(),
      new runtime.RuntimeNodeInstrumentation(),
    ],
  });
  sdk.start();
  return { shutdown: () => sdk.shutdown() };
}
