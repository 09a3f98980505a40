// Entrypoint: telemetry first (before any instrumented module loads), then the composition root.
import { startTelemetry } from '@cfs/common/telemetry';

const telemetry = await startTelemetry('seo');
const [{ runGrpcService }, { createSeoService, seoEnvSchema, SEO_MIGRATIONS_DIR }] = await Promise.all([
  import('@cfs/common/service'),
  import('./seo-service.ts'),
]);

await runGrpcService({
  name: 'seo',
  telemetry,
  envSchema: seoEnvSchema,
  migrationsDir: SEO_MIGRATIONS_DIR,
  create: createSeoService,
});
