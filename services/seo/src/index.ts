// Entrypoint: telemetry first (before any instrumented module loads), then wiring and listen.
import { startTelemetry } from '@cfs/common/telemetry';

const telemetry = await startTelemetry('seo');
const [{ runGrpcService }, { createPgAdapter }, { seoEnvSchema }, { createSeoServer }, { PrismaClient }] = await Promise.all([
  import('@cfs/common/service'),
  import('@cfs/common/database'),
  import('./env.ts'),
  import('./server.ts'),
  import('./generated/prisma/client.ts'),
]);

await runGrpcService({
  name: 'seo',
  telemetry,
  envSchema: seoEnvSchema,
  address: (env) => `${env.SEO_GRPC_HOST}:${env.SEO_GRPC_PORT}`,
  migrationsDir: new URL('../prisma/migrations', import.meta.url).pathname,
  createPrisma: async (target, onConnectionError) => new PrismaClient({ adapter: await createPgAdapter(target, 10, onConnectionError) }),
  createServer: ({ prisma, logger }) => createSeoServer({ prisma, logger }),
});
