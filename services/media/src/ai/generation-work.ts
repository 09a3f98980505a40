/**
 * Generation's two halves (services/media/README.md#where-generation-runs), shared by every role:
 * what asks for work (the announcements that request plans: any process serving the API), and what
 * does it (the planner and the job runner, the consumers of the two queues: the process of
 * MEDIA_ROLE=worker, or the child process of MEDIA_ROLE=all, ai/generation-process.ts).
 */
import { CHANNELS, type Bus, type Channel } from '@cfs/common/bus';
import type { Logger } from '@cfs/common/logger';
import type { AiBudgetLedger } from './budget-ledger.ts';
import type { CurrentFacts } from './current.ts';
import type { AiImages } from './images-status.ts';
import { GenerationQueue, type PlanRequest } from './jobs.ts';
import { measuredProvider } from './metrics.ts';
import { GenerationPlanner, VariantNotes, type PlannerSources } from './planner.ts';
import { prismaAiJobs, prismaVariants, storedImages } from './prisma-repositories.ts';
import type { AiProvider } from './providers/index.ts';
import type { ObjectStore } from '../object-store.ts';
import type { MediaEnv } from '../env.ts';
import { defaultGenerationConcurrency } from '../env.ts';
import type { PrismaClient } from '../generated/prisma/client.ts';

/** The pg-boss queues of generation, in the media schema's `_jobs` schema: sending needs it as much as working. */
export function openGenerationQueue(
  env: Pick<MediaEnv, 'AI_MAX_ATTEMPTS' | 'AI_TIMEOUT_MS'>,
  database: { connectionString: string; schema: string },
  logger: Logger,
): Promise<GenerationQueue> {
  return GenerationQueue.start({
    connectionString: database.connectionString,
    schema: `${database.schema}_jobs`,
    maxAttempts: env.AI_MAX_ATTEMPTS,
    callTimeoutMs: env.AI_TIMEOUT_MS,
    logger,
  });
}

/** Requests plans on the announcements that change what to generate (imports, subscriptions, plans, profiles), and a sweep now and after a bus outage. */
export function requestPlansOnAnnouncements(queue: GenerationQueue, bus: Bus, logger: Logger): void {
  const request = (message: PlanRequest) => () =>
    void queue.requestPlan(message).catch((err: unknown) => logger.warn({ err: { message: (err as Error).message } }, 'could not queue a plan'));
  bus.subscribe(CHANNELS.articlesChanged, request({ scope: 'changes' }));
  for (const channel of [CHANNELS.subscriptionsChanged, CHANNELS.siteChanged, CHANNELS.seoProfileChanged])
    bus.subscribe(channel, (siteId) => request({ scope: 'site', siteId })());
  // Announcements may have been missed while the bus was away, or while no process was running.
  bus.onReconnect(request({ scope: 'sweep' }));
  request({ scope: 'sweep' })();
}

export interface GenerationWork {
  prisma: PrismaClient;
  store: ObjectStore;
  ledger: AiBudgetLedger;
  provider: AiProvider;
  images: Pick<AiImages, 'paused' | 'recordImageCall'>;
  sources: PlannerSources;
  facts: CurrentFacts;
  logger: Logger;
  /** Tells the gateways (over the bus, or through the parent process) that a Site's variants changed. */
  announce: (channel: Channel, siteId: string) => Promise<void>;
}

/** Jobs run at a time: AI_WORKER_CONCURRENCY, else half the CPUs. */
export const generationConcurrency = (env: Pick<MediaEnv, 'AI_WORKER_CONCURRENCY'>): number => env.AI_WORKER_CONCURRENCY ?? defaultGenerationConcurrency();

/** Starts the consumers: the job runner (AI_WORKER_CONCURRENCY jobs at a time) and the planner with its sweep on AI_SWEEP_CRON. */
export async function workGeneration(queue: GenerationQueue, env: MediaEnv, work: GenerationWork): Promise<void> {
  const { logger } = work;
  const variants = prismaVariants(work.prisma);
  const jobs = prismaAiJobs(work.prisma);
  // The changes feed learns of the variant (or the sweep tells it later); the gateways' caches are told when they can be.
  const announce = (siteId: string) =>
    work
      .announce(CHANNELS.variantsChanged, siteId)
      .catch((err: unknown) => logger.warn({ err: { message: (err as Error).message } }, 'could not announce a variant'));
  const notes = new VariantNotes(variants, work.sources, logger, announce);
  await queue.work(
    {
      variants,
      jobs,
      ledger: work.ledger,
      provider: measuredProvider(work.provider),
      images: work.images,
      generatedImages: storedImages(work.prisma, work.store, env.MEDIA_MAX_OBJECT_BYTES),
      facts: work.facts,
      logger,
      variantStored: async (siteId, articleId) => {
        await notes.note(siteId, [articleId]);
        await announce(siteId);
      },
    },
    generationConcurrency(env),
  );
  const planner = new GenerationPlanner({
    sources: work.sources,
    variants,
    jobs,
    ledger: work.ledger,
    queue: (batch, priorities) => queue.queue(batch, priorities),
    backfill: env.AI_BACKFILL_ARTICLES,
    // Longer than any attempt can hold one (pg-boss expires a job after both calls' timeouts and a
    // minute), with room for a retry's backoff: such a reservation's attempt is gone.
    staleReservationMs: 4 * env.AI_TIMEOUT_MS + 10 * 60_000,
    notes,
    variantsDropped: announce,
    logger,
  });
  await queue.workPlans((request) => planner.run(request), env.AI_SWEEP_CRON);
  logger.info({ concurrency: generationConcurrency(env) }, 'generation worker started');
}
