// Entrypoint: telemetry first (before any instrumented module loads), then the composition root.
import { startTelemetry } from '@cfs/common/telemetry';

const telemetry = await startTelemetry('billing');
const [{ runGrpcService }, { createBillingService, billingEnvSchema, BILLING_MIGRATIONS_DIR }] = await Promise.all([
  import('@cfs/common/service'),
  import('./billing-service.ts'),
]);

await runGrpcService({
  name: 'billing',
  telemetry,
  envSchema: billingEnvSchema,
  migrationsDir: BILLING_MIGRATIONS_DIR,
  create: createBillingService,
});
