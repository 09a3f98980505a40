// Entrypoint: telemetry first (before any instrumented module loads), then the composition root.
import { startTelemetry } from '@cfs/common/telemetry';

const telemetry = await startTelemetry('account');
const [{ runGrpcService }, { createAccountService, accountEnvSchema, ACCOUNT_MIGRATIONS_DIR }] = await Promise.all([
  import('@cfs/common/service'),
  import('./account-service.ts'),
]);

await runGrpcService({
  name: 'account',
  telemetry,
  envSchema: accountEnvSchema,
  migrationsDir: ACCOUNT_MIGRATIONS_DIR,
  create: createAccountService,
});
