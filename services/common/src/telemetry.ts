/**
 * OpenTelemetry bootstrap, configured only through the standard OTEL_* variables (exporter,
 * endpoint, service name, sampler). It starts when an exporter is configured (OTEL_TRACES_EXPORTER,
 * OTEL_METRICS_EXPORTER or an OTLP endpoint) and OTEL_SDK_DISABLED is not "true"; otherwise it
 * costs nothing. Metrics (design 6e): OTEL_METRICS_EXPORTER=prometheus serves a scrape endpoint on
 * OTEL_EXPORTER_PROMETHEUS_PORT (default 9464) with HTTP server, gRPC (metrics.ts), Node runtime
 * and the system's own series.
 *
 * With traces, every library on the request path is instrumented (http, express, grpc, pg, ioredis,
 * pino) through the ESM loader hook. With metrics alone, only http and the Node runtime are: the
 * other series are the system's own (metrics.ts), and the hook and the tracing instrumentations
 * cost every process 40–55 MB of RSS and the mix a quarter to half of its CPU per request
 * (`npm run bench -- --short --only=mix`, two runs each: 1 127–1 509 → 648–874 CPU ms per 1 000).
 *
 * It must run before the modules it instruments are loaded: each entrypoint calls it first and
 * then imports its wiring dynamically.
 */
import { register } from 'node:module';
import type { Instrumentation } from '@opentelemetry/instrumentation';
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

  const tracing = Boolean(options.spanProcessors) || tracesConfigured(env);
  // Only metrics asked for: no trace or log exporter (the SDK would default both to OTLP).
  if (!tracing) {
    env.OTEL_TRACES_EXPORTER = 'none';
    env.OTEL_LOGS_EXPORTER ??= 'none';
  }
  const [{ NodeSDK }, http, runtime] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-runtime-node'),
  ]);
  const instrumentations: Instrumentation[] = [new http.HttpInstrumentation(), new runtime.RuntimeNodeInstrumentation()];
  if (tracing) {
    register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);
    const [express, grpc, pg, ioredis, pino] = await Promise.all([
      import('@opentelemetry/instrumentation-express'),
      import('@opentelemetry/instrumentation-grpc'),
      import('@opentelemetry/instrumentation-pg'),
      import('@opentelemetry/instrumentation-ioredis'),
      import('@opentelemetry/instrumentation-pino'),
    ]);
    instrumentations.push(new express.ExpressInstrumentation(), new grpc.GrpcInstrumentation(), new pg.PgInstrumentation(), new ioredis.IORedisInstrumentation(), new pino.PinoInstrumentation());
  }
  const sdk = new NodeSDK({
    serviceName: env.OTEL_SERVICE_NAME ?? serviceName,
    ...(options.spanProcessors ? { spanProcessors: options.spanProcessors } : {}),
    instrumentations,
  });
  sdk.start();
  return { shutdown: () => sdk.shutdown() };
}
