/**
 * The Sources' schedule (the ingest role): each Source's next fetch is its `next_fetch_at`, and a
 * pg-boss job per Source (singletonKey = the Source's id, `startAfter` = that time) runs it. The
 * jobs live in PostgreSQL (pg-boss's own schema, the feed's + `_jobs`), so a restart loses none; a
 * sweep every SOURCES_SWEEP_SECONDS queues a job for any Source due soon that has none (a Source
 * just added or resumed, a job lost with a process that died between a fetch and queueing the
 * next one). The queue's `stately` policy keeps at most one queued and one running job per Source;
 * the fetch itself is held by the Source's lease (sources.ts), whoever started it.
 */
import { PgBoss } from 'pg-boss';
import type { Logger } from '@cfs/common/logger';
import type { Sources } from './sources.ts';
import type { WebSub } from './websub.ts';

export const SOURCE_FETCH_QUEUE = 'source-fetch';

export interface SourceScheduleOptions {
  connectionString: string;
  /** pg-boss's own schema (it creates and migrates it itself): the feed service's schema + `_jobs`. */
  schema: string;
  sources: Sources;
  /** WebSub subscriptions: each sweep renews those whose lease nears its end (websub.ts). */
  websub?: WebSub;
  logger: Logger;
  /** Fetches at once in this process. */
  concurrency: number;
  sweepSeconds: number;
  /** The longest one fetch may take (ms): a job running longer is given up and retried. */
  fetchTimeoutMs: number;
}

interface FetchJob {
  sourceId: string;
}

export class SourceSchedule {
  private sweeping: NodeJS.Timeout | undefined;
  private stopped = false;

  private constructor(
    private readonly boss: PgBoss,
    private readonly options: SourceScheduleOptions,
  ) {}

  static async start(options: SourceScheduleOptions): Promise<SourceSchedule> {
    const boss = new PgBoss({
      connectionString: options.connectionString,
      schema: options.schema,
      max: 2,
      // Workers poll (every 2 s each): LISTEN/NOTIFY does not cross the embedded PGlite's socket server.
      useListenNotify: false,
    });
    boss.on('error', (err: Error) => options.logger.error({ err: { name: err.name, message: err.message } }, 'source schedule error'));
    await boss.start();
    await boss.createQueue(SOURCE_FETCH_QUEUE, {
      policy: 'stately',
      // A failed job (the database unreachable mid-fetch) is retried soon; the sweep catches up after that.
      retryLimit: 2,
      retryDelay: 5,
      retryBackoff: true,
      heartbeatSeconds: 30,
      expireInSeconds: Math.ceil(options.fetchTimeoutMs / 1000) + 120,
    });
    const schedule = new SourceSchedule(boss, options);
    // Workers take fetches two at a time and, while a batch comes back full (more are due), the next
    // at once: one worker per slot taking one job and then waiting out the 2 s poll held a process to
    // slots / 2 s (4 fetches a second with 8). A pair waits for its slower fetch, so a slow publisher
    // holds one other slot at most. A failed pair is retried whole; a fetch not due is skipped.
    const perBatch = Math.min(2, options.concurrency);
    await boss.work<FetchJob>(
      SOURCE_FETCH_QUEUE,
      { pollingIntervalSeconds: 2, batchSize: perBatch, burstWhenBatchFull: true, localConcurrency: Math.ceil(options.concurrency / perBatch) },
      async (jobs) => {
        const done = await Promise.allSettled(
          jobs.map(async (job) => {
            const next = await options.sources.fetchIfDue(job.data.sourceId);
            if (next !== null && !schedule.stopped) await schedule.plan(job.data.sourceId, next);
          }),
        );
        const failed = done.find((d) => d.status === 'rejected');
        if (failed) throw failed.reason;
      },
    );
    await schedule.sweep();
    schedule.sweeping = setInterval(() => void schedule.sweep(), options.sweepSeconds * 1000).unref();
    return schedule;
  }

  /** Queues the Source's fetch at `at`, or moves the one queued to `at`. */
  private async plan(sourceId: string, at: Date): Promise<void> {
    await this.boss.upsert(SOURCE_FETCH_QUEUE, { sourceId } satisfies FetchJob, { singletonKey: sourceId, startAfter: at });
  }

  /** Queues the fetch of every Source due before the next sweep. */
  async sweep(): Promise<void> {
    try {
      const until = new Date(Date.now() + this.options.sweepSeconds * 1000);
      for (const { id, nextFetchAt } of await this.options.sources.dueBefore(until, 5000)) {
        if (this.stopped) return;
        await this.plan(id, nextFetchAt);
      }
      await this.options.websub?.renewDue(500);
    } catch (err) {
      this.options.logger.warn({ err: { message: (err as Error).message } }, 'could not sweep the Sources due');
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.sweeping);
    await this.boss.stop({ graceful: true, timeout: 5000 });
  }
}
