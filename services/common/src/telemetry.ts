/**
 * OpenTelemetry bootstrap, configured only through the standard OTEL_* variables (exporter,
 * endpoint, service name, sampler). It starts when an exporter is configured (OTEL_TRACES_EXPORTER
 * or an OTLP endpoint) and OTEL_SDK_DISABLED is not "true"; otherwise it costs nothing.
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

export function telemetryConfigured(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.OTEL_SDK_DISABLED === 'true') return false;
  return Boolean(env.OTEL_TRACES_EXPORTER || env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

export async function startTelemetry(
  serviceName: string,
  options: { spanProcessors?: SpanProcessor[]; env?: NodeJS.ProcessEnv } = {},
): Promise<Telemetry> {
  const env = options.env ?? process.env;
  if (!options.spanProcessors && !telemetryConfigured(env)) return NOOP;

  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);
  const [{ NodeSDK }, http, express, grpc, pg, ioredis, pino] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-express'),
    import('@opentelemetry/instrumentation-grpc'),
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/instrumentation-ioredis'),
    import('@opentelemetry/instrumentation-pino'),
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
    ],
  });
  sdk.start();
  return { shutdown: () => sdk.shutdown() };
}
