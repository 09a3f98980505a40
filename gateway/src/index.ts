// Entrypoint: telemetry first (before any instrumented module loads), then wiring and listen.
import { startTelemetry } from '@cfs/common/telemetry';

const telemetry = await startTelemetry('gateway');
const [
  { addressesOf, DEPLOYABLES },
  { parseEnv },
  { createLogger },
  { Lifecycle },
  { checkAnnouncementReach, gatewayEnvSchema, createServiceClients, closeServiceClients, createGateway, createStores, createHttpServer, servicesHealth },
] = await Promise.all([
  import('@cfs/common/deployables'),
  import('@cfs/common/env'),
  import('@cfs/common/logger'),
  import('@cfs/common/lifecycle'),
  import('./gateway.ts'),
]);

const logger = createLogger('gateway');
try {
  const env = checkAnnouncementReach(parseEnv(gatewayEnvSchema), process.env);
  const addresses = addressesOf(env, DEPLOYABLES.gateway.calls);
  const clients = createServiceClients(addresses, env.SERVICE_TOKEN);
  if (!env.SERVICE_TOKEN) logger.warn('SERVICE_TOKEN is not set: services that require authenticated callers will refuse every call');
  const stores = createStores(env, logger);
  if (!(await stores.ready(5000))) logger.warn('Redis is not reachable yet; starting anyway (see docs/operations.md#redis-down)');
  const health = servicesHealth({ identity: addresses.identity, account: addresses.account });
  const app = createGateway({ env, clients, logger, stores, health });
  const server = createHttpServer(app, { maxHeaderBytes: env.MAX_HEADER_BYTES, requestTimeoutMs: env.REQUEST_TIMEOUT_MS });
  server.listen(env.PORT, env.HOST, () => logger.info({ port: env.PORT }, 'gateway listening'));
  new Lifecycle(logger)
    .onShutdown('turn readiness off, and give load balancers SHUTDOWN_DRAIN_DELAY_MS to notice', async () => {
      health.drain();
      await new Promise((resolve) => setTimeout(resolve, env.SHUTDOWN_DRAIN_DELAY_MS));
    })
    .onShutdown(
      'stop HTTP (drain in-flight requests)',
      () =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeIdleConnections();
        }),
    )
    .onShutdown('close gRPC clients', () => {
      closeServiceClients(clients);
      health.close();
    })
    .onShutdown('close Redis', () => stores.close())
    .onShutdown('flush telemetry', () => telemetry.shutdown())
    .installSignalHandlers();
} catch (err) {
  logger.fatal({ err: err instanceof Error ? { name: err.name, message: err.message } : err }, 'failed to start');
  process.exit(1);
}
