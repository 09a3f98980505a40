// Entrypoint: telemetry first (before any instrumented module loads), then wiring and listen.
import { startTelemetry } from '@cfs/common/telemetry';

const telemetry = await startTelemetry('dashboard');
const [{ parseEnv }, { createLogger }, { Lifecycle }, { createDashboard, dashboardEnvSchema }] = await Promise.all([
  import('@cfs/common/env'),
  import('@cfs/common/logger'),
  import('@cfs/common/lifecycle'),
  import('./dashboard.ts'),
]);

const logger = createLogger('dashboard');
try {
  const env = parseEnv(dashboardEnvSchema);
  if (!env.SERVICE_TOKEN) logger.warn('SERVICE_TOKEN is not set: services that require authenticated callers will refuse every call');
  if (!env.REDIS_URL) logger.warn('REDIS_URL is not set: sessions and sign-in throttling live in this process (run one replica only)');
  const dashboard = createDashboard(env, { logger });
  dashboard.server.listen(env.DASHBOARD_HTTP_PORT, env.DASHBOARD_HTTP_HOST, () => logger.info({ port: env.DASHBOARD_HTTP_PORT }, 'dashboard listening'));
  new Lifecycle(logger)
    .onShutdown('turn readiness off, and give load balancers SHUTDOWN_DRAIN_DELAY_MS to notice', async () => {
      dashboard.drain();
      await new Promise((resolve) => setTimeout(resolve, env.SHUTDOWN_DRAIN_DELAY_MS));
    })
    .onShutdown('stop HTTP (drain in-flight requests), close gRPC clients and Redis', () => dashboard.close())
    .onShutdown('flush telemetry', () => telemetry.shutdown())
    .installSignalHandlers();
} catch (err) {
  logger.fatal({ err: err instanceof Error ? { name: err.name, message: err.message } : err }, 'failed to start');
  process.exit(1);
}
