// Entrypoint: telemetry first (before any instrumented module loads), then the composition root.
import { startTelemetry } from '@cfs/common/telemetry';

const telemetry = await startTelemetry('identity');
const [{ runGrpcService }, { createIdentityService, identityEnvSchema, IDENTITY_MIGRATIONS_DIR }] = await Promise.all([
  import('@cfs/common/service'),
  import('./identity-service.ts'),
]);

await runGrpcService({
  name: 'identity',
  telemetry,
  envSchema: identityEnvSchema,
  migrationsDir: IDENTITY_MIGRATIONS_DIR,
  create: createIdentityService,
});
