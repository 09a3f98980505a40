/**
 * The media service's composition root and package entry (`@cfs/media`): `createMediaService(env,
 * deps)` builds the object store, the gRPC server and the HTTP server that serves
 * /media/generated/{key} (listening on MEDIA_HTTP_HOST:MEDIA_HTTP_PORT; `httpUrl` says where).
 * index.ts, the launcher and the tests all use it.
 */
import type { AddressInfo } from 'node:net';
import { CHANNELS, createBus, type Bus } from '@cfs/common/bus';
import { addressesOf, DEPLOYABLES } from '@cfs/common/deployables';
import type { GrpcServer } from '@cfs/common/grpc';
import { serviceAdapter, type ServiceDeps } from '@cfs/common/service';
import { startWebhooksRelay } from '@cfs/common/webhooks-relay';
import { BudgetWatch } from './ai/budget-watch.ts';
import { AiImages } from './ai/images-status.ts';
import { AiBudgetLedger, type AiUnitCosts } from './ai/budget-ledger.ts';
import { GENERATION_QUEUE, type GenerationQueue } from './ai/jobs.ts';
import { observeGenerationQueue, readQueue } from './ai/metrics.ts';
import type { CurrentFacts } from './ai/current.ts';
import { GenerationProcess } from './ai/generation-process.ts';
import { generationConcurrency, openGenerationQueue, requestPlansOnAnnouncements, workGeneration } from './ai/generation-work.ts';
import { prismaVariants } from './ai/prisma-repositories.ts';
import { ThreadedProvider } from './ai/provider-thread.ts';
import { createAiProvider } from './ai/providers/index.ts';
import type { MediaEnv } from './env.ts';
import { PrismaClient } from './generated/prisma/client.ts';
import { createMediaHttpServer } from './http.ts';
import { FileObjectStore, S3ObjectStore, type ObjectStore } from './object-store.ts';
import { grpcPlannerSources } from './ai/grpc-sources.ts';
import { createMediaGrpcServer } from './server.ts';

export { mediaEnvSchema, type MediaEnv } from './env.ts';
export { FileObjectStore, S3ObjectStore, type ObjectStore } from './object-store.ts';
export { createAiProvider, type AiProvider, type AiRequest } from './ai/providers/index.ts';

export const MEDIA_MIGRATIONS_DIR = new URL('../prisma/migrations', import.meta.url).pathname;

export interface MediaServiceDeps extends ServiceDeps {
  /** Where the bytes are (default: S3 from S3_ENDPOINT, else the folder MEDIA_DIR). */
  objectStore?: ObjectStore;
  /** Announcements (default: Redis from REDIS_URL, else in-process); closed with the server. */
  bus?: Bus;
  /** What is current for jobs and GetVariants (default: read from account, feed and seo over gRPC). */
  aiFacts?: CurrentFacts;
  /** The built generation child (dist/generation-worker.js) for MEDIA_ROLE=all; the embedded launcher names it. */
  generationEntry?: string;
  /**
   * MEDIA_ROLE=all with the consumers in this process and the provider calls in niced render
   * threads (ai/provider-thread.ts) rather than in a niced child process: the embedded launcher on
   * Linux. `entry`: the built thread entry (dist/generation-thread.js) for a launcher run from its bundle.
   */
  generationThreads?: { entry?: string };
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

export async function createMediaService(
  env: MediaEnv,
  deps: MediaServiceDeps,
): Promise<
  GrpcServer & { httpUrl: string; generation?: Promise<GenerationQueue>; generationWorkerPid: () => number | undefined; renderThreadIds: () => number[] }
> {
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
  // Changes of the Sites' AI budget status, written by the ledger with the change, handed to the webhooks service.
  const events = startWebhooksRelay({
    producer: 'media',
    db: prisma,
    schema: deps.database.schema,
    address: env.WEBHOOKS_ADDR,
    serviceToken: env.SERVICE_TOKEN,
    deadlineMs: env.GRPC_DEADLINE_MS,
    logger,
  });
  const ledger = new AiBudgetLedger(prisma, { schema: deps.database.schema, costs: aiUnitCostsOf(env), eventsWritten: () => events.relay.wake() });
  // Generation runs here, next to the budget ledger and the object store it writes; with AI_PROVIDER
  // none nothing is queued and no worker runs. The provider is created where its calls run: in this
  // process only for MEDIA_ROLE=worker (the child process and the render threads create their own).
  const providerConfigured = env.AI_PROVIDER !== 'none';
  const provider = env.MEDIA_ROLE === 'worker' ? await createAiProvider(env) : undefined;
  let worker: GenerationProcess | undefined;
  let threaded: ThreadedProvider | undefined;
  const images = new AiImages(prisma, { providerConfigured, logger, settingChanged: () => worker?.imagesSettingChanged() });
  const bus = deps.bus ?? createBus({ redisUrl: env.REDIS_URL, prefix: env.REDIS_KEY_PREFIX, logger });
  // The other services, read by the planner, the jobs and GetVariants (clients connect on first use).
  const sources = grpcPlannerSources({
    addresses: addressesOf(env, DEPLOYABLES.media.calls),
    serviceToken: env.SERVICE_TOKEN,
    deadlineMs: env.GRPC_DEADLINE_MS,
  });
  const facts = deps.aiFacts ?? sources;
  // Plan changes and new periods change a status without a ledger write: told by the watch.
  const watch = new BudgetWatch(ledger, sources, logger).start();
  bus.subscribe(CHANNELS.siteChanged, (siteId) => void watch.site(siteId));
  const variants = prismaVariants(prisma);
  // Where generation runs (services/media/README.md#where-generation-runs): every role queues (QueueGenerations,
  // plan requests on announcements); `worker` runs the consumers and renders here, `all` in a niced
  // child process (or, with deps.generationThreads, the consumers here and the provider calls in niced
  // render threads), `api` nowhere. With AI_PROVIDER none nothing is queued and no worker runs.
  // Started beside the server, not before it: pg-boss's start takes seconds on the embedded PGlite.
  // A queue that cannot start stops nothing else; its error is logged and every call that needs it fails.
  const jobs = providerConfigured ? openGenerationQueue(env, deps.database, logger) : undefined;
  const generation = jobs?.then(async (queue) => {
    if (env.MEDIA_ROLE !== 'worker') requestPlansOnAnnouncements(queue, bus, logger);
    // The provider the consumers call when they run here: this process's own (`worker`), or the
    // render threads' (`all` with deps.generationThreads).
    const here =
      env.MEDIA_ROLE === 'worker'
        ? provider!
        : env.MEDIA_ROLE === 'all' && deps.generationThreads
          ? (threaded = await ThreadedProvider.start({
              env,
              nice: env.AI_WORKER_NICE,
              size: generationConcurrency(env),
              logger,
              ...(deps.generationThreads.entry ? { entry: deps.generationThreads.entry } : {}),
            }))
          : undefined;
    if (here)
      await workGeneration(queue, env, {
        prisma,
        store,
        ledger,
        provider: here,
        images,
        sources,
        facts,
        logger,
        announce: (channel, siteId) => bus.publish(channel, siteId),
      });
    else if (env.MEDIA_ROLE === 'all') {
      // Test seams (in-memory facts) cannot cross into another process: such a test runs MEDIA_ROLE=worker.
      if (deps.aiFacts) throw new Error('MEDIA_ROLE=all runs generation in a child process, which cannot use injected aiFacts; use MEDIA_ROLE=worker');
      worker = GenerationProcess.start({
        config: { env, database: deps.database, poolSize: deps.poolSize ?? 10, logLevel: logger.level, store: store.spec },
        nice: env.AI_WORKER_NICE,
        bus,
        eventsWritten: () => events.relay.wake(),
        logger,
        ...(deps.generationEntry ? { entry: deps.generationEntry } : {}),
      });
    }
    return queue;
  });
  generation?.catch((err: unknown) => logger.error({ err: { name: (err as Error).name, message: (err as Error).message } }, 'generation could not start'));
  const unobserveQueue = providerConfigured
    ? observeGenerationQueue(() => readQueue(prisma, `${deps.database.schema}_jobs`, GENERATION_QUEUE), { logger })
    : undefined;
  const server = createMediaGrpcServer({
    prisma,
    ledger,
    variants,
    images,
    store,
    facts,
    jobs,
    logger,
    maxObjectBytes: env.MEDIA_MAX_OBJECT_BYTES,
    callers: deps.callers,
  })
    .addCleanup(async () => {
      unobserveQueue?.();
      await generation?.catch(() => undefined);
      await worker?.stop();
      await (await jobs?.catch(() => undefined))?.stop();
      // After the queue: its jobs in flight have had their provider calls.
      await threaded?.close();
      sources.close();
    })
    .addCleanup(() => bus.close())
    .addCleanup(() => watch.stop())
    .addCleanup(() => events.stop())
    .addCleanup(
      () =>
        new Promise<void>((resolve) => {
          http.close(() => resolve());
          http.closeAllConnections();
        }),
    )
    .addCleanup(() => prisma.$disconnect());
  const host = env.MEDIA_HTTP_HOST === '0.0.0.0' ? '127.0.0.1' : env.MEDIA_HTTP_HOST;
  return Object.assign(server, {
    httpUrl: `http://${host}:${port}`,
    ...(generation ? { generation } : {}),
    generationWorkerPid: () => worker?.pid,
    renderThreadIds: () => threaded?.threadIds() ?? [],
  });
}
