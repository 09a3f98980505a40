// Entrypoint: telemetry first (before any instrumented module loads), then the composition root.
import { startTelemetry } from '@cfs/common/telemetry';

const telemetry = await startTelemetry('webhooks');
const [{ runGrpcService }, { createWebhooksService, webhooksEnvSchema, WEBHOOKS_MIGRATIONS_DIR }] = await Promise.all([
  import('@cfs/common/service'),
  import('./webhooks-service.ts'),
]);

await runGrpcService({
  name: 'webhooks',
  telemetry,
  envSchema: webhooksEnvSchema,
  migrationsDir: WEBHOOKS_MIGRATIONS_DIR,
  create: createWebhooksService,
});
