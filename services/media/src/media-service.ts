/**
 * The media service's composition root and package entry (`@cfs/media`): `createMediaService(env,
 * deps)` builds the object store, the gRPC server and the HTTP server that serves
 * /media/generated/{key} (listening on MEDIA_HTTP_HOST:MEDIA_HTTP_PORT; `httpUrl` says where).
 * index.ts, the launcher and the tests all use it.
 */
import type { AddressInfo } from 'node:net';
import type { GrpcServer } from '@cfs/common/grpc';
import { serviceAdapter, type ServiceDeps } from '@cfs/common/service';
import { AiBudgetLedger, type AiUnitCosts } from './ai-budget.ts';
import { GenerationQueue } from './ai-jobs.ts';
import { createAiProvider } from './ai-providers/index.ts';
import type { MediaEnv } from './env.ts';
import { PrismaClient } from './generated/prisma/client.ts';
import { createMediaHttpServer } from './http.ts';
import { FileObjectStore, S3ObjectStore, type ObjectStore } from './object-store.ts';
import { createMediaGrpcServer } from './server.ts';

export { mediaEnvSchema, type MediaEnv } from './env.ts';
export { FileObjectStore, S3ObjectStore, type ObjectStore } from './object-store.ts';

export const MEDIA_MIGRATIONS_DIR = new URL('../prisma/migrations', import.meta.url).pathname;

export interface MediaServiceDeps extends ServiceDeps {
  /** Where the bytes are (default: S3 from S3_ENDPOINT, else the folder MEDIA_DIR). */
  objectStore?: ObjectStore;
}

function objectStoreOf(env: MediaEnv): ObjectStore {
  return env.S3_ENDPOINT
    ? new S3ObjectStore({
        endpoint: env.S3_ENDPOINT,
        accessKey: env.S3_ACCESS_KEY ?? '',
        secretKey: env.S3_SECRET_KEY ?? '',
        bucket: env.S3_BUCKET,
        region: env.S3_REGION,
      })
    : new FileObjectStore(env.MEDIA_DIR);
}

/** A budget ledger on its own connection pool (workers, tests); the media service builds its own. */
export async function openAiBudgetLedger(
  deps: Pick<ServiceDeps, 'database' | 'poolSize' | 'logger'>,
  costs: AiUnitCosts,
): Promise<{ ledger: AiBudgetLedger; close: () => Promise<void> }> {
  const prisma = new PrismaClient({ adapter: await serviceAdapter(deps) });
  return { ledger: new AiBudgetLedger(prisma, { schema: deps.database.schema, costs }), close: () => prisma.$disconnect() };
}

const aiUnitCostsOf = (env: Pick<MediaEnv, 'AI_UNITS_TEXT' | 'AI_UNITS_IMAGE'>): AiUnitCosts => ({ text: env.AI_UNITS_TEXT, image: env.AI_UNITS_IMAGE });

export async function createMediaService(env: MediaEnv, deps: MediaServiceDeps): Promise<GrpcServer & { httpUrl: string }> {
  const { logger } = deps;
  const prisma = new PrismaClient({ adapter: await serviceAdapter(deps) });
  const store = deps.objectStore ?? objectStoreOf(env);
  await store.ensureReady();
  const http = createMediaHttpServer({ prisma, store, logger });
  http.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(env.MEDIA_HTTP_PORT, env.MEDIA_HTTP_HOST, resolve);
  });
  const { port } = http.address() as AddressInfo;
  logger.info({ port }, 'media HTTP listening');
  const ledger = new AiBudgetLedger(prisma, { schema: deps.database.schema, costs: aiUnitCostsOf(env) });
  // Generation runs here, next to the budget ledger and the object store it writes; with AI_PROVIDER
  // none nothing is queued and no worker runs.
  const provider = await createAiProvider(env);
  let jobs: GenerationQueue | undefined;
  if (provider) {
    jobs = await GenerationQueue.start({
      connectionString: deps.database.connectionString,
      schema: `${deps.database.schema}_jobs`,
      maxAttempts: env.AI_MAX_ATTEMPTS,
      callTimeoutMs: env.AI_TIMEOUT_MS,
      logger,
    });
    await jobs.work({ prisma, ledger, provider, store, logger, maxObjectBytes: env.MEDIA_MAX_OBJECT_BYTES });
  }
  const server = createMediaGrpcServer({ prisma, ledger, store, jobs, logger, maxObjectBytes: env.MEDIA_MAX_OBJECT_BYTES, callers: deps.callers })
    .addCleanup(async () => jobs?.stop())
    .addCleanup(
      () =>
        new Promise<void>((resolve) => {
          http.close(() => resolve());
          http.closeAllConnections();
        }),
    )
    .addCleanup(() => prisma.$disconnect());
  const host = env.MEDIA_HTTP_HOST === '0.0.0.0' ? '127.0.0.1' : env.MEDIA_HTTP_HOST;
  return Object.assign(server, { httpUrl: `http://${host}:${port}` });
}
