// Entrypoint: telemetry first (before any instrumented module loads), then the composition root.
import { startTelemetry } from '@cfs/common/telemetry';

const telemetry = await startTelemetry('media');
const [{ runGrpcService }, { createMediaService, mediaEnvSchema, MEDIA_MIGRATIONS_DIR }] = await Promise.all([
  import('@cfs/common/service'),
  import('./media-service.ts'),
]);

await runGrpcService({
  name: 'media',
  telemetry,
  envSchema: mediaEnvSchema,
  migrationsDir: MEDIA_MIGRATIONS_DIR,
  create: createMediaService,
});
