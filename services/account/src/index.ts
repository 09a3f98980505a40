// Entrypoint: telemetry first (before any instrumented module loads), then wiring and listen.
import { startTelemetry } from '@cfs/common/telemetry';

const telemetry = await startTelemetry('account');
const [{ runGrpcService }, { createPgAdapter }, { accountEnvSchema }, { createAccountServer }, { loadPlanCatalog }, { PrismaClient }, { createBus }] =
  await Promise.all([
    import('@cfs/common/service'),
    import('@cfs/common/database'),
    import('./env.ts'),
    import('./server.ts'),
    import('./plans.ts'),
    import('./generated/prisma/client.ts'),
    import('@cfs/common/bus'),
  ]);

await runGrpcService({
  name: 'account',
  telemetry,
  envSchema: accountEnvSchema,
  address: (env) => `${env.ACCOUNT_GRPC_HOST}:${env.ACCOUNT_GRPC_PORT}`,
  migrationsDir: new URL('../prisma/migrations', import.meta.url).pathname,
  createPrisma: async (target, onConnectionError) => new PrismaClient({ adapter: await createPgAdapter(target, 10, onConnectionError) }),
  createServer: ({ env, prisma, logger }) =>
    createAccountServer({
      prisma,
      logger,
      catalog: loadPlanCatalog(env.PLANS_FILE),
      bus: createBus({ redisUrl: env.REDIS_URL, prefix: env.REDIS_KEY_PREFIX, logger }),
    }),
});
