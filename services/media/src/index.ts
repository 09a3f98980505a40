// Entrypoint: telemetry first (before any instrumented module loads), then wiring and listen.
// The media service listens twice: gRPC (usage, status, uploads) and HTTP (streaming objects).
import { startTelemetry } from '@cfs/common/telemetry';

const telemetry = await startTelemetry('media');
const [{ runGrpcService }, { createPgAdapter }, { mediaEnvSchema }, { createMediaGrpcServer }, { createMediaHttpServer }, stores, { PrismaClient }] =
  await Promise.all([
    import('@cfs/common/service'),
    import('@cfs/common/database'),
    import('./env.ts'),
    import('./server.ts'),
    import('./http.ts'),
    import('./object-store.ts'),
    import('./generated/prisma/client.ts'),
  ]);

await runGrpcService({
  name: 'media',
  telemetry,
  envSchema: mediaEnvSchema,
  address: (env) => `${env.MEDIA_GRPC_HOST}:${env.MEDIA_GRPC_PORT}`,
  migrationsDir: new URL('../prisma/migrations', import.meta.url).pathname,
  createPrisma: async (target, onConnectionError) => new PrismaClient({ adapter: await createPgAdapter(target, 10, onConnectionError) }),
  createServer: async ({ env, prisma, logger }) => {
    const store = env.S3_ENDPOINT
      ? new stores.S3ObjectStore({ endpoint: env.S3_ENDPOINT, accessKey: env.S3_ACCESS_KEY ?? '', secretKey: env.S3_SECRET_KEY ?? '', bucket: env.S3_BUCKET, region: env.S3_REGION })
      : new stores.FileObjectStore(env.MEDIA_DIR);
    await store.ensureReady();
    const http = createMediaHttpServer({ prisma, store, logger });
    http.keepAliveTimeout = 65_000;
    await new Promise<void>((resolve) => http.listen(env.MEDIA_HTTP_PORT, env.MEDIA_HTTP_HOST, resolve));
    logger.info({ port: env.MEDIA_HTTP_PORT }, 'media HTTP listening');
    return createMediaGrpcServer({ prisma, store, logger, maxObjectBytes: env.MEDIA_MAX_OBJECT_BYTES }).addCleanup(
      () => new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeIdleConnections();
      }),
    );
  },
});
