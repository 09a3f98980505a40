// Entrypoint: source maps of this repository's code only, then telemetry (before any instrumented
// module loads), then the composition root.
import { sourceMapsOfOwnCodeOnly } from '@cfs/common/node-runtime';
import { startTelemetry } from '@cfs/common/telemetry';

sourceMapsOfOwnCodeOnly();
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
