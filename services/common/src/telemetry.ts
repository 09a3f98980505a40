/**
 * OpenTelemetry bootstrap, configured only through the standard OTEL_* variables (exporter,
 * endpoint, service name, sampler). It starts when an exporter is configured (OTEL_TRACES_EXPORTER,
 * OTEL_METRICS_EXPORTER or an OTLP endpoint) and OTEL_SDK_DISABLED is not "true"; otherwise it
 * costs nothing. Metrics: OTEL_METRICS_EXPORTER=prometheus serves a scrape endpoint on
 * OTEL_EXPORTER_PROMETHEUS_PORT (default 9464) with HTTP server, gRPC, Node runtime and the
 * system's own series (metrics.ts); `otlp` (OTEL_EXPORTER_OTLP_METRICS_PROTOCOL or
 * OTEL_EXPORTER_OTLP_PROTOCOL: grpc, http/json, http/protobuf) and `console` push them.
 *
 * With traces, the NodeSDK runs every library on the request path instrumented (http, express,
 * grpc, pg, ioredis, pino) through the ESM loader hook. With metrics alone, no SDK but the metrics
 * one loads: a MeterProvider with the configured readers and the Node runtime instrumentation, and
 * the servers record their own HTTP series (`recordHttpServerRequest` in metrics.ts; the HTTP
 * instrumentation is not loaded, nor the context manager it needs): with metrics alone, the HTTP
 * instrumentation and the NodeSDK nearly doubled the gateway's CPU per request and added memory to
 * every process (docs/performance.md#libraries-and-telemetry). With traces the HTTP instrumentation still makes the spans, and
 * its own copy of the HTTP series is switched off: the servers' series is the one series in both modes.
 *
 * It must run before the modules it instruments are loaded: each entrypoint calls it first and
 * then imports its wiring dynamically.
 */
import { register } from 'node:module';
import { createNoopMeter, diag, DiagConsoleLogger, DiagLogLevel, metrics, type MeterProvider } from '@opentelemetry/api';
import type { Instrumentation } from '@opentelemetry/instrumentation';
import type { MetricReader, PushMetricExporter } from '@opentelemetry/sdk-metrics';
import type { SpanProcessor } from '@opentelemetry/sdk-trace';

export interface Telemetry {
  shutdown(): Promise<void>;
}

const NOOP: Telemetry = { shutdown: async () => undefined };
const NO_METRICS: MeterProvider = { getMeter: () => createNoopMeter() };

const metricsConfigured = (env: NodeJS.ProcessEnv) => Boolean(env.OTEL_METRICS_EXPORTER && env.OTEL_METRICS_EXPORTER !== 'none');
const tracesConfigured = (env: NodeJS.ProcessEnv) =>
  Boolean(env.OTEL_TRACES_EXPORTER || env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);

export function telemetryConfigured(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.OTEL_SDK_DISABLED === 'true') return false;
  return tracesConfigured(env) || metricsConfigured(env);
}

export async function startTelemetry(serviceName: string, options: { spanProcessors?: SpanProcessor[]; env?: NodeJS.ProcessEnv } = {}): Promise<Telemetry> {
  const env = options.env ?? process.env;
  if (!options.spanProcessors && !telemetryConfigured(env)) return NOOP;
  if (!options.spanProcessors && !tracesConfigured(env)) return startMetrics(env.OTEL_SERVICE_NAME ?? serviceName, env);

  const [{ NodeSDK }, http, runtime, express, grpc, pg, ioredis, pino] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-runtime-node'),
    import('@opentelemetry/instrumentation-express'),
    import('@opentelemetry/instrumentation-grpc'),
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/instrumentation-ioredis'),
    import('@opentelemetry/instrumentation-pino'),
  ]);
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);
  const httpInstrumentation = new http.HttpInstrumentation();
  const instrumentations: Instrumentation[] = [
    httpInstrumentation,
    new runtime.RuntimeNodeInstrumentation(),
    new express.ExpressInstrumentation(),
    new grpc.GrpcInstrumentation(),
    new pg.PgInstrumentation(),
    new ioredis.IORedisInstrumentation(),
    new pino.PinoInstrumentation(),
  ];
  const sdk = new NodeSDK({
    serviceName: env.OTEL_SERVICE_NAME ?? serviceName,
    ...(options.spanProcessors ? { spanProcessors: options.spanProcessors } : {}),
    instrumentations,
  });
  sdk.start();
  // The servers record http.server.request.duration themselves (with the route); the instrumentation's copy would be a second series.
  httpInstrumentation.setMeterProvider(NO_METRICS);
  return { shutdown: () => sdk.shutdown() };
}

/** Metrics alone: the metrics SDK with the readers OTEL_METRICS_EXPORTER names, and the Node runtime series. */
async function startMetrics(serviceName: string, env: NodeJS.ProcessEnv): Promise<Telemetry> {
  const [{ MeterProvider }, resources, { registerInstrumentations }, runtime] = await Promise.all([
    import('@opentelemetry/sdk-metrics'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/instrumentation'),
    import('@opentelemetry/instrumentation-runtime-node'),
  ]);
  if (env.OTEL_LOG_LEVEL)
    diag.setLogger(new DiagConsoleLogger(), DiagLogLevel[env.OTEL_LOG_LEVEL.toUpperCase() as keyof typeof DiagLogLevel] ?? DiagLogLevel.INFO);
  const resource = resources
    .defaultResource()
    .merge(resources.detectResources({ detectors: [resources.envDetector, resources.processDetector, resources.hostDetector] }))
    .merge(resources.resourceFromAttributes({ 'service.name': serviceName }));
  const provider = new MeterProvider({ resource, readers: await metricReadersFromEnv(env) });
  metrics.setGlobalMeterProvider(provider);
  const unregister = registerInstrumentations({ meterProvider: provider, instrumentations: [new runtime.RuntimeNodeInstrumentation()] });
  return {
    shutdown: async () => {
      unregister();
      await provider.shutdown();
    },
  };
}

const positive = (value: string | undefined): number | undefined => (value && Number(value) > 0 ? Number(value) : undefined);

/** The readers of OTEL_METRICS_EXPORTER (a comma-separated list of prometheus, otlp, console), as the NodeSDK reads them. */
async function metricReadersFromEnv(env: NodeJS.ProcessEnv): Promise<MetricReader[]> {
  const { PeriodicExportingMetricReader, ConsoleMetricExporter } = await import('@opentelemetry/sdk-metrics');
  const periodic = (exporter: PushMetricExporter) => {
    const exportIntervalMillis = positive(env.OTEL_METRIC_EXPORT_INTERVAL) ?? 60_000;
    return new PeriodicExportingMetricReader({
      exporter,
      exportIntervalMillis,
      exportTimeoutMillis: Math.min(positive(env.OTEL_METRIC_EXPORT_TIMEOUT) ?? 30_000, exportIntervalMillis),
    });
  };
  const readers: MetricReader[] = [];
  for (const name of new Set(
    (env.OTEL_METRICS_EXPORTER ?? '')
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean),
  )) {
    if (name === 'prometheus') {
      const { PrometheusExporter } = await import('@opentelemetry/exporter-prometheus');
      readers.push(
        new PrometheusExporter({
          ...(env.OTEL_EXPORTER_PROMETHEUS_HOST ? { host: env.OTEL_EXPORTER_PROMETHEUS_HOST } : {}),
          ...(positive(env.OTEL_EXPORTER_PROMETHEUS_PORT) ? { port: Number(env.OTEL_EXPORTER_PROMETHEUS_PORT) } : {}),
        }),
      );
    } else if (name === 'otlp') {
      const protocol = (env.OTEL_EXPORTER_OTLP_METRICS_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL ?? 'http/protobuf').trim();
      const { OTLPMetricExporter } =
        protocol === 'grpc'
          ? await import('@opentelemetry/exporter-metrics-otlp-grpc')
          : protocol === 'http/json'
            ? await import('@opentelemetry/exporter-metrics-otlp-http')
            : await import('@opentelemetry/exporter-metrics-otlp-proto');
      readers.push(periodic(new OTLPMetricExporter()));
    } else if (name === 'console') {
      readers.push(periodic(new ConsoleMetricExporter()));
    } else if (name !== 'none') {
      diag.warn(`Unsupported OTEL_METRICS_EXPORTER value: "${name}". Supported values are: otlp, console, prometheus, none.`);
    }
  }
  return readers;
}
