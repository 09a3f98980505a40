// Entrypoint: telemetry first (before any instrumented module loads), then wiring and listen.
import { startTelemetry } from '@cfs/common/telemetry';

const telemetry = await startTelemetry('feed');
const [{ runGrpcService }, { createPgAdapter }, { createBus }, { feedEnvSchema }, { createFeedServer }, { DEMO_ARTICLES_FILE }, { PrismaClient }] = await Promise.all([
  import('@cfs/common/service'),
  import('@cfs/common/database'),
  import('@cfs/common/bus'),
  import('./env.ts'),
  import('./server.ts'),
  import('./articles.ts'),
  import('./generated/prisma/client.ts'),
]);

await runGrpcService({
  name: 'feed',
  telemetry,
  envSchema: feedEnvSchema,
  address: (env) => `${env.FEED_GRPC_HOST}:${env.FEED_GRPC_PORT}`,
  migrationsDir: new URL('../prisma/migrations', import.meta.url).pathname,
  createPrisma: async (target, onConnectionError) => new PrismaClient({ adapter: await createPgAdapter(target, 10, onConnectionError) }),
  createServer: ({ env, prisma, logger, target }) =>
    createFeedServer({
      prisma,
      schema: target.schema,
      logger,
      bus: createBus({ redisUrl: env.REDIS_URL, prefix: env.REDIS_KEY_PREFIX, logger }),
      cache: { ttlMs: env.FEED_CACHE_TTL_MS, maxEntries: env.FEED_CACHE_MAX_ENTRIES },
      ...(env.FEED_LOAD_DEMO_ARTICLES ? { demoArticlesFile: DEMO_ARTICLES_FILE } : {}),
    }),
});
