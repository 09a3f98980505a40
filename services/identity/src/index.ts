// Entrypoint: telemetry first (before any instrumented module loads), then wiring and listen.
import { startTelemetry } from '@cfs/common/telemetry';

const telemetry = await startTelemetry('identity');
const [{ runGrpcService }, { createPgAdapter }, { createBus }, { createRevocationMarkers }, { identityEnvSchema }, { createIdentityServer }, { PrismaClient }] = await Promise.all([
  import('@cfs/common/service'),
  import('@cfs/common/database'),
  import('@cfs/common/bus'),
  import('@cfs/common/revocations'),
  import('./env.ts'),
  import('./server.ts'),
  import('./generated/prisma/client.ts'),
]);

await runGrpcService({
  name: 'identity',
  telemetry,
  envSchema: identityEnvSchema,
  address: (env) => `${env.IDENTITY_GRPC_HOST}:${env.IDENTITY_GRPC_PORT}`,
  migrationsDir: new URL('../prisma/migrations', import.meta.url).pathname,
  createPrisma: async (target, onConnectionError) => new PrismaClient({ adapter: await createPgAdapter(target, 10, onConnectionError) }),
  createServer: ({ env, prisma, logger }) => {
    const redis = { redisUrl: env.REDIS_URL, prefix: env.REDIS_KEY_PREFIX, logger };
    const revocations = { markers: createRevocationMarkers(redis), bus: createBus(redis) };
    return createIdentityServer({
      prisma,
      logger,
      config: {
        pepper: env.CREDENTIAL_PEPPER,
        knownProducts: env.KNOWN_PRODUCTS,
        connectionCodeTtlSeconds: env.CONNECTION_CODE_TTL_SECONDS,
      },
      revocations,
    })
      .addCleanup(() => revocations.markers.close())
      .addCleanup(() => revocations.bus.close());
  },
});
