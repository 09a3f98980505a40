/**
 * Durable AI generation jobs: one job per (Site, article version, SEO profile version), kept by
 * pg-boss in a schema of its own (media_jobs) in the media database, so a restart loses none and a transient provider
 * failure is retried with backoff (at most AI_MAX_ATTEMPTS attempts). pg-boss's singletonKey on an
 * `exclusive` queue holds at most one queued or running job per triple.
 *
 * When it runs, a job reads what is current (src/ai/current.ts): one whose article or profile
 * version was superseded is dropped (no provider call, no charge), and the others reserve against
 * the Site's budget as its plan says then, not as it said when the job was queued.
 * A job reserves the article's whole cost before any provider call (src/ai/budget-ledger.ts), makes the
 * text and then the image, stores the variant, and settles only what the successful calls cost.
 * Its reservation is found again by the job's key: an attempt after a crash reuses the open one, and
 * a variant already stored settles it rather than generating (and charging) again. No transaction is
 * held across a provider call: the embedded PGlite is one session.
 *
 * While the operator has paused generation (src/ai/images-status.ts), no new provider call is made: a job that
 * finds the pause before its text or its image releases what it held and goes back to the queue
 * with its attempts intact (putBack), and the worker takes no more jobs until the pause ends.
 *
 * The runner (runGeneration) takes its storage as the interfaces of ai/repositories.ts and decides
 * with the pure functions of ai/decisions/ (test/ai-job-flow.test.ts runs it in memory).
 */
import { createHash } from 'node:crypto';
import { malformed } from '@cfs/common/errors';
import type { Logger } from '@cfs/common/logger';
import { PgBoss, type JobWithMetadata } from 'pg-boss';
import { PAUSE_CHECK_MS, type AiImages } from './images-status.ts';
import type { Reservation } from './budget-ledger.ts';
import { verdictNow, type CurrentFacts } from './current.ts';
import { madeForJob } from './decisions/current-variant.ts';
import { unitsSpent } from './decisions/job-spend.ts';
import { checkJob, generationKey, singletonKeyOf, type GenerationJobData, type GenerationOutcome, type PlanRequest } from './job-data.ts';
import { AiProviderError, type AiProvider, type AiRequest, type GeneratedImage, type GeneratedText, type SeoProfile } from './providers/index.ts';
import type { AiJobRepository, GeneratedImages, LedgerRepository, VariantRecord, VariantRepository } from './repositories.ts';

export { checkJob, generationKey, type GenerationJobData, type GenerationOutcome, type PlanRequest } from './job-data.ts';

export const GENERATION_QUEUE = 'ai-generation';
/** Plan requests (src/ai/planner.ts): one queued and one running per scope and Site (pg-boss's `stately` policy). */
export const PLAN_QUEUE = 'ai-plan';

/** A job put back during a pause waits this long before a worker may take it again. */
export const PAUSED_JOB_DELAY_SECONDS = 5;
/** While paused, a worker holds this long between looks at the queue (each look puts back what it took). */
const PAUSE_HOLD_MS = 10_000;

export interface GenerationDeps {
  variants: VariantRepository;
  /** Where each attempt's outcome is recorded. */
  jobs: Pick<AiJobRepository, 'recordAttempt'>;
  ledger: LedgerRepository;
  provider: AiProvider;
  /** Asked before each provider call (the operator's pause); told each image call's outcome (the computed status). */
  images: Pick<AiImages, 'paused' | 'recordImageCall'>;
  /** Where a generated image's bytes go. */
  generatedImages: GeneratedImages;
  /** What is current when the job runs: the Site's budget, the article's and the profile's versions. */
  facts: CurrentFacts;
  logger: Logger;
  /**
   * Told after a variant was stored: the feed's changes feed notes it for the Site (what could not be
   * noted is noted by the planner's sweep: notedAt stays null) and the gateways drop the Site's
   * personalized pages. Never throws.
   */
  variantStored?: (siteId: string, articleId: string) => Promise<void>;
  now?: () => Date;
}

/** One attempt of a job. Throws (so that pg-boss retries) only on a transient failure, after releasing what it held. */
export async function runGeneration(
  deps: GenerationDeps,
  data: GenerationJobData,
  attempt: { number: number; last: boolean; signal?: AbortSignal },
): Promise<GenerationOutcome> {
  const { variants, ledger, provider } = deps;
  const now = deps.now ?? (() => new Date());
  const key = generationKey(data);
  const log = async (outcome: GenerationOutcome, units: number, reason?: string) => {
    await deps.jobs.recordAttempt({
      siteId: data.siteId,
      articleId: data.article.id,
      articleVersion: data.article.version,
      profileVersion: data.profile?.version ?? '',
      attempt: attempt.number,
      outcome,
      reason: reason ?? null,
      units,
      createdAt: now(),
    });
    return outcome;
  };

  const held = await ledger.openReservation(data.siteId, key);
  const stored = await variants.find(data.siteId, data.article.id);
  if (stored && madeForJob(stored, data)) {
    // Made by an attempt that stopped before settling: charge it now, once.
    if (held) await ledger.settle(held.id, stored.units);
    return 'generated';
  }
  if (await deps.images.paused()) return 'paused';
  const verdict = await verdictNow(deps.facts, data);
  if (!verdict.run) {
    // A reservation an earlier attempt left open goes back: this job will not spend it.
    if (held) await ledger.release(held.id);
    return verdict.reason === 'superseded' ? 'superseded' : log('no_budget', 0);
  }
  const reservation: Pick<Reservation, 'id'> | null =
    held ??
    (await ledger.reserve({ siteId: data.siteId, articleId: key, kind: 'article', units: ledger.articleCost, budget: verdict.budget, period: verdict.period }));
  if (!reservation) return log('no_budget', 0);

  const request: AiRequest = {
    article: data.article,
    profile: data.profile ? profileOf(data.profile) : null,
    ...(attempt.signal ? { signal: attempt.signal } : {}),
  };
  let text: GeneratedText;
  try {
    text = await provider.generateText(request);
  } catch (err) {
    return failed(deps, reservation.id, err, attempt.last, log);
  }
  let image: GeneratedImage | null = null;
  let imageFailure: AiProviderError | null = null;
  if (await deps.images.paused()) {
    // The text is not kept or charged: the job starts over once the pause ends.
    await ledger.release(reservation.id);
    return 'paused';
  }
  try {
    image = await provider.generateImage(request);
    await deps.images.recordImageCall('success');
  } catch (err) {
    // A call aborted by our own shutdown says nothing about the provider.
    if (!(err instanceof AiProviderError && err.reason === 'aborted'))
      await deps.images.recordImageCall(err instanceof AiProviderError && !err.transient ? 'permanent' : 'transient');
    if (!(err instanceof AiProviderError) || err.transient) return failed(deps, reservation.id, err, attempt.last, log);
    imageFailure = err;
  }
  let imageKey: string | null = null;
  if (image) {
    imageKey = `ai/${createHash('sha256').update(image.bytes).digest('hex')}.${image.contentType === 'image/webp' ? 'webp' : 'png'}`;
    await deps.generatedImages.put({ key: imageKey, contentType: image.contentType, bytes: image.bytes });
  }
  const units = unitsSpent(ledger.costs, image !== null);
  await storeVariant(variants, data, text, imageKey, units, now());
  await ledger.settle(reservation.id, units);
  await deps.variantStored?.(data.siteId, data.article.id);
  return log(image ? 'generated' : 'partial', units, imageFailure?.message);
}

async function failed(
  deps: GenerationDeps,
  reservationId: string,
  err: unknown,
  last: boolean,
  log: (outcome: GenerationOutcome, units: number, reason?: string) => Promise<GenerationOutcome>,
): Promise<GenerationOutcome> {
  await deps.ledger.release(reservationId);
  const failure = err instanceof AiProviderError ? err : null;
  deps.logger.warn({ reason: failure?.reason, status: failure?.status, detail: failure?.detail ?? (err as Error).message }, 'AI generation call failed');
  if (failure && !failure.transient) return log('refused', 0, failure.message);
  await log(last ? 'failed' : 'retry', 0, failure?.message ?? 'The generation failed.');
  throw err;
}

function profileOf(p: SeoProfile & { version: string }): SeoProfile {
  return { siteName: p.siteName, locale: p.locale, keywords: p.keywords, tone: p.tone, topics: p.topics };
}

/**
 * Stores the variant, replacing the Site's earlier one of the article. Two jobs of different
 * versions finishing out of order may leave the older one stored: the planner sees that its
 * versions are not the current ones and queues the article again (src/ai/planner.ts).
 */
async function storeVariant(
  variants: VariantRepository,
  data: GenerationJobData,
  text: GeneratedText,
  imageKey: string | null,
  units: number,
  generatedAt: Date,
): Promise<void> {
  await variants.store({
    siteId: data.siteId,
    articleId: data.article.id,
    articleVersion: data.article.version,
    profileVersion: data.profile?.version ?? '',
    title: text.title,
    summary: text.summary,
    metaDescription: text.metaDescription,
    imageKey,
    units,
    generatedAt,
  });
}

const MAX_VARIANT_IDS = 500;

export async function variantsOf(variants: VariantRepository, siteId: string, articleIds: readonly string[]): Promise<VariantRecord[]> {
  if (articleIds.length > MAX_VARIANT_IDS) throw malformed(`at most ${MAX_VARIANT_IDS} article ids`);
  if (articleIds.length === 0) return [];
  return variants.list(siteId, articleIds);
}

export interface GenerationQueueOptions {
  connectionString: string;
  /** pg-boss's own schema (it creates and migrates it itself): the media service's schema + `_jobs`. */
  schema: string;
  maxAttempts: number;
  /** The longest one provider call may take (AI_TIMEOUT_MS). */
  callTimeoutMs: number;
  logger: Logger;
}

/** The pg-boss queue of generation jobs: `queue` from any replica, `work` on those that generate. */
export class GenerationQueue {
  private stopping = false;

  private constructor(
    private readonly boss: PgBoss,
    private readonly logger: Logger,
  ) {}

  static async start(options: GenerationQueueOptions): Promise<GenerationQueue> {
    const boss = new PgBoss({
      connectionString: options.connectionString,
      schema: options.schema,
      max: 2,
      // Workers poll (every 0.5 s): LISTEN/NOTIFY does not cross the embedded PGlite's socket server.
      useListenNotify: false,
    });
    boss.on('error', (err: Error) => options.logger.error({ err: { name: err.name, message: err.message } }, 'generation queue error'));
    await boss.start();
    await boss.createQueue(GENERATION_QUEUE, {
      policy: 'exclusive',
      retryLimit: options.maxAttempts - 1,
      retryDelay: 1,
      retryBackoff: true,
      retryDelayMax: 60,
      // A worker that died (crash, kill) stops its heartbeat: its jobs are retried within a minute
      // instead of after pg-boss's 15-minute expiry; a live one may take both calls' whole time.
      heartbeatSeconds: 30,
      expireInSeconds: Math.ceil((2 * options.callTimeoutMs) / 1000) + 60,
    });
    // A plan reads other services: a failure (one of them unreachable) is retried a few times, then the sweep catches up.
    await boss.createQueue(PLAN_QUEUE, { policy: 'stately', retryLimit: 5, retryDelay: 2, retryBackoff: true, retryDelayMax: 60, expireInSeconds: 900 });
    return new GenerationQueue(boss, options.logger);
  }

  /** Queues each job unless one for the same triple is queued or running; answers how many were new. Higher priorities run first. */
  async queue(jobs: GenerationJobData[], priorities: number[] = []): Promise<number> {
    let queued = 0;
    for (const [i, data] of jobs.entries()) {
      const priority = priorities[i];
      const id = await this.boss.send(GENERATION_QUEUE, checkJob(data), {
        singletonKey: singletonKeyOf(data),
        ...(priority === undefined ? {} : { priority }),
      });
      if (id) queued += 1;
    }
    return queued;
  }

  /** Asks for a plan; a request already queued for the same scope (and Site) absorbs this one. */
  async requestPlan(request: PlanRequest): Promise<void> {
    await this.boss.send(PLAN_QUEUE, request, { singletonKey: request.scope === 'site' ? `site:${request.siteId}` : request.scope });
  }

  /** Runs plan requests here, and a sweep on `cron` (pg-boss's schedule fires once for all replicas). */
  async workPlans(plan: (request: PlanRequest) => Promise<unknown>, cron: string): Promise<void> {
    await this.boss.schedule(PLAN_QUEUE, cron, { scope: 'sweep' } satisfies PlanRequest);
    await this.boss.work<PlanRequest>(PLAN_QUEUE, { pollingIntervalSeconds: 0.5 }, async ([job]) => {
      if (job) await plan(job.data);
    });
  }

  /** Runs generation jobs here, `concurrency` at a time (a fetch takes that many; the next fetch waits for the batch). */
  async work(deps: GenerationDeps, concurrency = 5): Promise<void> {
    const options = { pollingIntervalSeconds: 0.5, batchSize: concurrency, includeMetadata: true } as const;
    await this.boss.work<GenerationJobData, void, typeof options>(GENERATION_QUEUE, options, async (jobs) => {
      if (await deps.images.paused()) {
        await this.putBack(jobs);
        return this.holdWhilePaused(deps.images);
      }
      // One attempt per job; a transient failure of one fails only that job (pg-boss retries it).
      const results = await Promise.allSettled(
        jobs.map((job) => runGeneration(deps, job.data, { number: job.retryCount + 1, last: job.retryCount >= job.retryLimit, signal: job.signal })),
      );
      const where = (ok: (r: PromiseSettledResult<GenerationOutcome>) => boolean) => jobs.filter((_, i) => ok(results[i]!));
      const done = where((r) => r.status === 'fulfilled' && r.value !== 'paused').map((j) => j.id);
      const failed = where((r) => r.status === 'rejected').map((j) => j.id);
      if (done.length > 0) await this.boss.complete(GENERATION_QUEUE, done);
      if (failed.length > 0) await this.boss.fail(GENERATION_QUEUE, failed);
      await this.putBack(where((r) => r.status === 'fulfilled' && r.value === 'paused'));
    });
  }

  private readonly cleanups: Array<() => void> = [];

  /** Something to close after the queue stopped (the planner's clients). */
  addCleanup(cleanup: () => void): void {
    this.cleanups.push(cleanup);
  }

  /**
   * Gives jobs taken during a pause back to the queue, untouched: in one transaction each is
   * completed (only if this worker still holds its claim: pg-boss fences on the attempt) and queued
   * again under the same singletonKey after PAUSED_JOB_DELAY_SECONDS, with its priority and the
   * attempts it had left.
   * Failing it would spend an attempt, and pg-boss's restore() would let another worker claim it
   * before this handler's own completion of the batch lands on it.
   */
  private async putBack(jobs: JobWithMetadata<GenerationJobData>[]): Promise<void> {
    if (jobs.length === 0) return;
    const tx = await this.boss.getDb().beginTransaction!();
    try {
      await this.boss.complete(GENERATION_QUEUE, jobs, undefined, { db: tx.db });
      // A job whose claim this worker lost is queued or running again elsewhere, so its singletonKey
      // refuses the copy; had it ended meanwhile, the copy runs it once more (free if its variant is stored).
      for (const job of jobs)
        await this.boss.send(GENERATION_QUEUE, job.data, {
          db: tx.db,
          singletonKey: singletonKeyOf(job.data),
          startAfter: PAUSED_JOB_DELAY_SECONDS,
          priority: job.priority,
          retryLimit: Math.max(0, job.retryLimit - job.retryCount),
        });
      await tx.commit();
    } catch (err) {
      await tx.rollback();
      throw err;
    }
    this.logger.info({ jobs: jobs.length }, 'AI generation paused: jobs put back');
  }

  /** Keeps this worker from taking jobs while the pause lasts, up to PAUSE_HOLD_MS (well under a job's expiry) or until stop(). */
  private async holdWhilePaused(images: GenerationDeps['images']): Promise<void> {
    const end = Date.now() + PAUSE_HOLD_MS;
    while (!this.stopping && Date.now() < end && (await images.paused())) await new Promise((r) => setTimeout(r, PAUSE_CHECK_MS));
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await this.boss.stop({ graceful: true, timeout: 5000 });
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.logger.info('generation queue stopped');
  }
}
