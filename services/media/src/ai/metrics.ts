/**
 * The metrics of AI generation (services/media/README.md#metrics-of-ai-generation), in
 * the system's own metrics (common/metrics.ts), recorded where things happen without touching the
 * job itself: provider calls by a decorator around the provider, budget units by the ledger
 * (ai/budget-ledger.ts), and the generation queue's depth and oldest job by gauges that read pg-boss's
 * job table when metrics are collected (a scrape), at most once per QUEUE_READ_EVERY_MS.
 *
 * The names of the seconds-valued series end in `_seconds`: the Prometheus exporter writes the unit
 * only as a `# UNIT` line, not into the name, and Prometheus's convention wants it there.
 */
import { performance } from 'node:perf_hooks';
import { quoteIdent } from '@cfs/common/database';
import type { Logger } from '@cfs/common/logger';
import { lazyCounter, lazyHistogram, observeGauges } from '@cfs/common/metrics';
import { commitWithinBudget } from '@cfs/common/transactions';
import { AiProviderError, type AiProvider } from './providers/index.ts';
import { Prisma, type PrismaClient } from '../generated/prisma/client.ts';

/**
 * Texts and images asked of the provider, by provider, kind (text, image) and outcome: `generated`,
 * `transient` (a failure the job retries, unless it was its last attempt) or `permanent` (refused:
 * no retry), with the failure's `reason` (AiFailureReason, or `unexpected`).
 */
const generations = lazyCounter('cfs.ai.generations', 'Texts and images asked of the AI provider, by provider, kind and outcome');

/** How long each provider call took, by provider, kind and outcome; buckets up to AI_TIMEOUT_MS's default (120 s). */
const callDuration = lazyHistogram(
  'cfs.ai.provider.call_duration_seconds',
  'Duration of AI provider calls',
  's',
  [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60, 120],
);

/**
 * Budget units by operation: `reserved` (an article's cost held before any call), `settled` (what
 * the successful calls cost), `released` (given back: a failed or refused generation's whole
 * reservation, and the rest of one settled for less), `denied` (asked by a reservation the budget
 * could not hold: the article is not generated), `recorded` (the operator's `ai-usage record`).
 * reserved − settled − released is what open reservations hold.
 */
const budgetUnits = lazyCounter('cfs.ai.budget.units', 'AI budget units by operation: reserved, settled, released, denied, recorded');

export type BudgetOperation = 'reserved' | 'settled' | 'released' | 'denied' | 'recorded';

/** One measurement of the instruments above, as plain data. */
export interface AiMeasurement {
  instrument: 'generations' | 'callDuration' | 'budgetUnits';
  value: number;
  attributes: Record<string, string>;
}

/**
 * Records a measurement in this process's instruments. The process that exports the metrics calls
 * it with what its generation worker process forwarded (ai/generation-process.ts).
 */
export function applyAiMeasurement(m: AiMeasurement): void {
  if (m.instrument === 'callDuration') callDuration.record(m.value, m.attributes);
  else (m.instrument === 'generations' ? generations : budgetUnits).add(m.value, m.attributes);
}

let take: (m: AiMeasurement) => void = applyAiMeasurement;

/** Sends every measurement of this process to `send` instead (a generation worker process without an exporter of its own). */
export function forwardAiMeasurements(send: (m: AiMeasurement) => void): void {
  take = send;
}

export function recordBudgetUnits(op: BudgetOperation, units: number): void {
  if (units > 0) take({ instrument: 'budgetUnits', value: units, attributes: { op } });
}

/** The provider, its calls timed and counted. */
export function measuredProvider(provider: AiProvider): AiProvider {
  async function measure<T>(kind: 'text' | 'image', call: () => Promise<T>): Promise<T> {
    const started = performance.now();
    const record = (outcome: string, reason?: string) => {
      const attributes = { provider: provider.name, kind, outcome };
      take({ instrument: 'callDuration', value: (performance.now() - started) / 1000, attributes });
      take({ instrument: 'generations', value: 1, attributes: reason ? { ...attributes, reason } : attributes });
    };
    try {
      const result = await call();
      record('generated');
      return result;
    } catch (err) {
      // Anything that is not an AiProviderError fails the attempt, which pg-boss retries (ai/jobs.ts): transient.
      if (err instanceof AiProviderError) record(err.kind, err.reason);
      else record('transient', 'unexpected');
      throw err;
    }
  }
  return {
    name: provider.name,
    models: provider.models,
    generateText: (request) => measure('text', () => provider.generateText(request)),
    generateImage: (request) => measure('image', () => provider.generateImage(request)),
  };
}

/** The generation queue's jobs not yet finished, and how long the oldest of them has been queued. */
export interface QueueSnapshot {
  /** Waiting for a worker (new, or due for a retry). */
  queued: number;
  /** Waiting for their retry's backoff delay. */
  deferred: number;
  /** Being run by a worker. */
  active: number;
  /** Since the oldest queued, deferred or active job was queued, retries included; 0 when there is none. */
  oldestAgeSeconds: number;
}

/** A scrape reads the table at most this often; Prometheus scrapes every 15 to 60 s. */
export const QUEUE_READ_EVERY_MS = 5000;

/**
 * One query on pg-boss's job table (in its own schema, `jobsSchema`): the queue's unfinished jobs
 * by state, and the oldest one's age on pg-boss's clock (job_now()). pg-boss's getQueue and
 * getQueueStats serve counts its monitor refreshes once a minute, and no age unless
 * persistQueueStats records a history.
 */
export async function readQueue(prisma: PrismaClient, jobsSchema: string, queue: string): Promise<QueueSnapshot> {
  const s = Prisma.raw(quoteIdent(jobsSchema));
  const [row] = await commitWithinBudget(
    prisma,
    (tx) => tx.$queryRaw<Array<{ queued: number; deferred: number; active: number; oldest: number }>>`
      SELECT a.queued, a.deferred, a.active, coalesce(extract(epoch FROM c.now - a.oldest), 0)::float8 AS oldest
      FROM (SELECT ${s}.job_now() AS now) c, LATERAL (
        SELECT
          count(*) FILTER (WHERE j.state IN ('created', 'retry') AND j.start_after <= c.now)::int AS queued,
          count(*) FILTER (WHERE j.state IN ('created', 'retry') AND j.start_after > c.now)::int AS deferred,
          count(*) FILTER (WHERE j.state = 'active')::int AS active,
          min(j.created_on) AS oldest
        FROM ${s}.job j
        WHERE j.name = ${queue} AND j.state IN ('created', 'retry', 'active')
      ) a`,
  );
  return { queued: row?.queued ?? 0, deferred: row?.deferred ?? 0, active: row?.active ?? 0, oldestAgeSeconds: Math.max(0, row?.oldest ?? 0) };
}

/**
 * The gauges of the generation queue, from `read` (readQueue), read again only when the last reading
 * is older than `everyMs`, and by one collection at a time. A failed reading is logged and counts as
 * a reading (no retry before the period ends); the gauges keep the last values read meanwhile (the
 * SDK keeps an observable gauge's last value). Returns what unregisters them.
 */
export function observeGenerationQueue(read: () => Promise<QueueSnapshot>, options: { logger: Logger; everyMs?: number; now?: () => number }): () => void {
  const everyMs = options.everyMs ?? QUEUE_READ_EVERY_MS;
  const now = options.now ?? Date.now;
  let last: { at: number; snapshot: Promise<QueueSnapshot | null> } | undefined;
  const snapshot = () => {
    const at = now();
    if (!last || at - last.at >= everyMs) {
      last = {
        at,
        snapshot: read().catch((err: unknown) => {
          options.logger.warn({ err: { name: (err as Error).name, message: (err as Error).message } }, 'reading the generation queue for metrics failed');
          return null;
        }),
      };
    }
    return last.snapshot;
  };
  return observeGauges(
    {
      jobs: { name: 'cfs.ai.queue.jobs', description: 'Generation jobs not yet finished, by state: queued, deferred (waiting for a retry), active' },
      oldest: {
        name: 'cfs.ai.queue.oldest_job_age_seconds',
        description: 'Since the oldest unfinished generation job was queued (retries included); 0 when none',
        unit: 's',
      },
    },
    async (record) => {
      const s = await snapshot();
      if (!s) return;
      for (const state of ['queued', 'deferred', 'active'] as const) record('jobs', s[state], { state });
      record('oldest', s.oldestAgeSeconds);
    },
  );
}
