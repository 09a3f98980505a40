// Entrypoint: telemetry first (before any instrumented module loads), then the composition root.
import { startTelemetry } from '@cfs/common/telemetry';

const telemetry = await startTelemetry('feed');
const [{ runGrpcService }, { createFeedService, feedEnvSchema, FEED_MIGRATIONS_DIR }] = await Promise.all([
  import('@cfs/common/service'),
  import('./feed-service.ts'),
]);

await runGrpcService({
  name: 'feed',
  telemetry,
  envSchema: feedEnvSchema,
  migrationsDir: FEED_MIGRATIONS_DIR,
  create: createFeedService,
});
