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
import { GENERATION_QUEUE, GenerationQueue, type GenerationDeps } from './ai/jobs.ts';
import { measuredProvider, observeGenerationQueue, readQueue } from './ai/metrics.ts';
import type { CurrentFacts } from './ai/current.ts';
import { GenerationPlanner, VariantNotes, type PlannerSources } from './ai/planner.ts';
import { prismaAiJobs, prismaVariants, storedImages } from './ai/prisma-repositories.ts';
import type { AiJobRepository } from './ai/repositories.ts';
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

/**
 * Generation, where a provider is configured: the job queue and its workers, the planner that fills
 * it, and the announcements that wake the planner (imports, subscriptions, plans, profiles) or tell
 * the gateways of a new variant.
 */
async function startGeneration(
  env: MediaEnv,
  deps: MediaServiceDeps,
  bus: Bus,
  sources: PlannerSources,
  work: Omit<GenerationDeps, 'variantStored' | 'jobs'> & { jobs: AiJobRepository },
): Promise<GenerationQueue> {
  const { logger } = deps;
  const queue = await GenerationQueue.start({
    connectionString: deps.database.connectionString,
    schema: `${deps.database.schema}_jobs`,
    maxAttempts: env.AI_MAX_ATTEMPTS,
    callTimeoutMs: env.AI_TIMEOUT_MS,
    logger,
  });
  const notes = new VariantNotes(work.variants, sources, logger);
  // The changes feed learns of the variant (or the sweep tells it later); the gateways' caches are told when they can be.
  const announce = (siteId: string) =>
    bus
      .publish(CHANNELS.variantsChanged, siteId)
      .catch((err: unknown) => logger.warn({ err: { message: (err as Error).message } }, 'could not announce a variant'));
  const variantStored = async (siteId: string, articleId: string) => {
    await notes.note(siteId, [articleId]);
    await announce(siteId);
  };
  await queue.work({ ...work, variantStored });
  const planner = new GenerationPlanner({
    sources,
    variants: work.variants,
    jobs: work.jobs,
    ledger: work.ledger,
    queue: (jobs, priorities) => queue.queue(jobs, priorities),
    backfill: env.AI_BACKFILL_ARTICLES,
    // Longer than any attempt can hold one (pg-boss expires a job after both calls' timeouts and a
    // minute), with room for a retry's backoff: such a reservation's attempt is gone.
    staleReservationMs: 4 * env.AI_TIMEOUT_MS + 10 * 60_000,
    notes,
    variantsDropped: announce,
    logger,
  });
  await queue.workPlans((request) => planner.run(request), env.AI_SWEEP_CRON);
  const request = (message: Parameters<GenerationQueue['requestPlan']>[0]) => () =>
    void queue.requestPlan(message).catch((err: unknown) => logger.warn({ err: { message: (err as Error).message } }, 'could not queue a plan'));
  bus.subscribe(CHANNELS.articlesChanged, request({ scope: 'changes' }));
  for (const channel of [CHANNELS.subscriptionsChanged, CHANNELS.siteChanged, CHANNELS.seoProfileChanged])
    bus.subscribe(channel, (siteId) => request({ scope: 'site', siteId })());
  // Announcements may have been missed while the bus was away, or while this process was not running.
  bus.onReconnect(request({ scope: 'sweep' }));
  request({ scope: 'sweep' })();
  return queue;
}

export async function createMediaService(
  env: MediaEnv,
  deps: MediaServiceDeps,
): Promise<GrpcServer & { httpUrl: string; generation?: Promise<GenerationQueue> }> {
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
  // none nothing is queued and no worker runs.
  const provider = await createAiProvider(env);
  const images = new AiImages(prisma, { providerConfigured: provider !== undefined, logger });
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
  // Started beside the server, not before it: pg-boss's start takes seconds on the embedded PGlite.
  // A queue that cannot start stops nothing else; its error is logged and every call that needs it fails.
  const jobs = provider
    ? startGeneration(env, deps, bus, sources, {
        variants,
        jobs: prismaAiJobs(prisma),
        ledger,
        provider: measuredProvider(provider),
        images,
        generatedImages: storedImages(prisma, store, env.MEDIA_MAX_OBJECT_BYTES),
        facts,
        logger,
      })
    : undefined;
  jobs?.catch((err: unknown) => logger.error({ err: { name: (err as Error).name, message: (err as Error).message } }, 'generation could not start'));
  const unobserveQueue = provider ? observeGenerationQueue(() => readQueue(prisma, `${deps.database.schema}_jobs`, GENERATION_QUEUE), { logger }) : undefined;
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
      await (await jobs?.catch(() => undefined))?.stop();
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
  return Object.assign(server, { httpUrl: `http://${host}:${port}`, ...(jobs ? { generation: jobs } : {}) });
}
