/**
 * The delivery engine (services/webhooks/README.md#delivery). A delivery row is what is owed; a
 * pg-boss job (schema webhooks_jobs) is when its next attempt is due. Jobs are on a `singleton`
 * queue keyed by the endpoint, so an endpoint has at most one attempt in flight in the whole
 * system and a hanging receiver holds only its own endpoint's deliveries; WEBHOOK_MAX_IN_FLIGHT
 * slots per replica bound the attempts in flight in all. The engine fetches jobs itself, as many
 * as it has free slots, and completes each as soon as its attempt ends (services/webhooks/README.md#delivery, Throughput).
 *
 * A job's id is derived from (delivery, attempt, due time), so scheduling the same attempt twice
 * adds nothing: the sweeper re-schedules every pending delivery that is past due (a crash between
 * a delivery's commit and its job, a job lost with its process) without doubling attempts, and a
 * job that finds its delivery already past that attempt does nothing.
 */
import { createHash } from 'node:crypto';
import type { Logger } from '@cfs/common/logger';
import { PgBoss } from 'pg-boss';
import { Webhook } from 'standardwebhooks';
import { request, type Dispatcher } from 'undici';
import type { PrismaClient, WebhookDelivery, WebhookEndpoint } from './generated/prisma/client.ts';
import { recordAttempt } from './webhook-metrics.ts';
import { attemptVerdict, signingSecrets, succeeded, type AttemptResult } from './webhook-rules.ts';

export const ATTEMPT_QUEUE = 'webhook-attempt';

interface AttemptJob {
  deliveryId: string;
  /** The number of the attempt this job makes (1 for the first). */
  attempt: number;
}

export interface DeliverySettings {
  /** Each entry is the wait, in seconds, before one more attempt. */
  retrySchedule: readonly number[];
  timeoutMs: number;
  disableAfterMs: number;
  maxPayloadBytes: number;
  maxInFlight: number;
  /** How often pending deliveries past due are looked for (their job lost). */
  sweepMs: number;
}

/** How long the fetch loop waits when the queue had nothing more for it (unless woken sooner). */
const IDLE_POLL_MS = 500;
/** After a slot frees, a moment for more to free, so one fetch fills several. */
const REFILL_GATHER_MS = 5;
/** The queue's heartbeat (a job of a process that died is retried after it), and how often in-flight jobs are touched. */
const HEARTBEAT_SECONDS = 30;
const TOUCH_EVERY_MS = 10_000;

export interface DeliveryEngineOptions extends DeliverySettings {
  prisma: PrismaClient;
  connectionString: string;
  /** pg-boss's schema. */
  schema: string;
  /** Connects only to addresses the address guard allows (@cfs/common/address-guard). */
  dispatcher: Dispatcher;
  logger: Logger;
  now?: () => Date;
  /** Whether this replica makes attempts (else it only schedules them). */
  work: boolean;
}

/** A UUID for one attempt of one delivery due at one time: the same attempt is one job. */
function jobId(deliveryId: string, attempt: number, dueAt: Date): string {
  const h = createHash('sha256').update(`${deliveryId}:${attempt}:${dueAt.getTime()}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The body of a delivery: the Standard Webhooks payload {type, timestamp, data}. */
export function payloadOf(delivery: Pick<WebhookDelivery, 'eventType' | 'eventAt' | 'data'>): string {
  return JSON.stringify({ type: delivery.eventType, timestamp: delivery.eventAt.toISOString(), data: delivery.data });
}

/** The webhook-signature header: one `v1,<base64>` per secret, space-separated. */
export function signatureHeader(secrets: readonly string[], id: string, at: Date, body: string): string {
  return secrets.map((secret) => new Webhook(secret).sign(id, at, body)).join(' ');
}

export class DeliveryEngine {
  private sweeper: NodeJS.Timeout | undefined;
  private toucher: NodeJS.Timeout | undefined;
  private stopped = false;
  /** Jobs whose attempt runs, by job id. */
  private readonly inFlight = new Map<string, Promise<void>>();
  private loop: Promise<void> | undefined;
  /** Ends the fetch loop's wait: a slot freed, a job scheduled here, or the engine stopping. */
  private wakeLoop: (() => void) | undefined;
  /** Ids of jobs whose attempt ended, completed together at the next turn of the event loop. */
  private completing: string[] = [];
  private completed: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly boss: PgBoss,
    private readonly options: DeliveryEngineOptions,
  ) {}

  static async start(options: DeliveryEngineOptions): Promise<DeliveryEngine> {
    const boss = new PgBoss({
      connectionString: options.connectionString,
      schema: options.schema,
      // Fetches, completions, touches and the sweeper's sends: few, each for many jobs.
      max: 4,
      // The loop polls (every 0.5 s when idle): LISTEN/NOTIFY does not cross the embedded PGlite's
      // socket server. Jobs this process schedules wake it at once.
      useListenNotify: false,
    });
    boss.on('error', (err: Error) => options.logger.error({ err: { name: err.name, message: err.message } }, 'delivery queue error'));
    await boss.start();
    await boss.createQueue(ATTEMPT_QUEUE, {
      policy: 'singleton',
      // pg-boss retries a job only when its process died or the database failed mid-attempt;
      // receivers' failures are scheduled by the engine on the retry schedule.
      retryLimit: 5,
      retryDelay: 2,
      retryBackoff: true,
      retryDelayMax: 60,
      heartbeatSeconds: HEARTBEAT_SECONDS,
      expireInSeconds: Math.ceil(options.timeoutMs / 1000) + 60,
    });
    const engine = new DeliveryEngine(boss, options);
    if (options.work) {
      engine.loop = engine.fetchLoop();
      engine.toucher = setInterval(() => engine.touchInFlight(), TOUCH_EVERY_MS);
      engine.toucher.unref();
      await engine.sweep();
      engine.sweeper = setInterval(() => {
        engine.sweep().catch((err: unknown) => options.logger.warn({ err: { message: (err as Error).message } }, 'delivery sweep failed'));
      }, options.sweepMs);
      engine.sweeper.unref();
    }
    return engine;
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /**
   * Fetches as many jobs as there are free slots and starts their attempts without waiting for
   * them; fetches again at once while the queue fills every free slot, else after IDLE_POLL_MS or
   * when woken. A slot is held only by its own attempt: a receiver that never answers holds one
   * slot for WEBHOOK_TIMEOUT_MS, every other slot goes on. (pg-boss's `work` holds a worker per
   * fetched batch until the batch's last job ends and, at one job a batch, waits its polling
   * interval after every job: at most two attempts a second a worker.)
   */
  private async fetchLoop(): Promise<void> {
    const { maxInFlight, logger } = this.options;
    while (!this.stopped) {
      const free = maxInFlight - this.inFlight.size;
      if (free <= 0) {
        await this.pause(IDLE_POLL_MS);
        await new Promise((resolve) => setTimeout(resolve, REFILL_GATHER_MS));
        continue;
      }
      let fetched = 0;
      try {
        const jobs = await this.boss.fetch<AttemptJob>(ATTEMPT_QUEUE, { batchSize: free });
        fetched = jobs.length;
        for (const job of jobs) this.start(job.id, job.data);
      } catch (err) {
        if (!this.stopped) logger.warn({ err: { message: (err as Error).message } }, 'fetching delivery attempts failed');
      }
      if (fetched < free) await this.pause(IDLE_POLL_MS);
    }
  }

  /** Waits up to `ms`, or until woken. */
  private pause(ms: number): Promise<void> {
    if (this.stopped) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeLoop = () => {
        this.wakeLoop = undefined;
        done();
      };
    });
  }

  private wake(): void {
    this.wakeLoop?.();
  }

  /** Runs one job's attempt in a slot; completes the job when it ends, fails it (pg-boss retries) when the attempt threw. */
  private start(jobId: string, data: AttemptJob): void {
    const run = this.attempt(data).then(
      () => this.complete(jobId),
      async (err: unknown) => {
        this.options.logger.warn({ deliveryId: data.deliveryId, err: { message: (err as Error).message } }, 'delivery attempt failed to run');
        await this.boss.fail(ATTEMPT_QUEUE, jobId).catch(() => undefined);
      },
    );
    this.inFlight.set(
      jobId,
      run.finally(() => {
        this.inFlight.delete(jobId);
        this.wake();
      }),
    );
  }

  /** Completes a job with the others ended in the same turn of the event loop: one statement for many. */
  private complete(jobId: string): void {
    this.completing.push(jobId);
    if (this.completing.length > 1) return;
    setImmediate(() => {
      const ids = this.completing;
      this.completing = [];
      this.completed = this.boss.complete(ATTEMPT_QUEUE, ids).catch((err: unknown) => {
        // Left active, each expires and is retried: an attempt whose delivery moved past it does nothing.
        this.options.logger.warn({ err: { message: (err as Error).message } }, 'completing delivery jobs failed');
      });
    });
  }

  /** Keeps the heartbeat of the jobs whose attempts run (a job of a process that died is retried after HEARTBEAT_SECONDS). */
  private touchInFlight(): void {
    const ids = [...this.inFlight.keys()];
    if (ids.length === 0) return;
    this.boss
      .touch(ATTEMPT_QUEUE, ids)
      .catch((err: unknown) => this.options.logger.warn({ err: { message: (err as Error).message } }, 'touching delivery jobs failed'));
  }

  /** Schedules a pending delivery's next attempt at its nextAttemptAt (again: no second job). */
  async schedule(delivery: Pick<WebhookDelivery, 'id' | 'endpointId' | 'attempts' | 'nextAttemptAt'>): Promise<void> {
    const dueAt = delivery.nextAttemptAt ?? this.now();
    const attempt = delivery.attempts + 1;
    await this.boss.send(ATTEMPT_QUEUE, { deliveryId: delivery.id, attempt } satisfies AttemptJob, {
      id: jobId(delivery.id, attempt, dueAt),
      singletonKey: delivery.endpointId,
      startAfter: dueAt,
    });
    if (dueAt.getTime() <= this.now().getTime()) this.wake();
  }

  /** Schedules many new deliveries' first attempts in one insert (again: no second job). */
  async scheduleMany(deliveries: ReadonlyArray<Pick<WebhookDelivery, 'id' | 'endpointId' | 'attempts' | 'nextAttemptAt'>>): Promise<void> {
    for (let i = 0; i < deliveries.length; i += 500) {
      const jobs = deliveries.slice(i, i + 500).map((delivery) => {
        const dueAt = delivery.nextAttemptAt ?? this.now();
        const attempt = delivery.attempts + 1;
        return {
          id: jobId(delivery.id, attempt, dueAt),
          data: { deliveryId: delivery.id, attempt } satisfies AttemptJob,
          singletonKey: delivery.endpointId,
          startAfter: dueAt,
        };
      });
      await this.boss.insert(ATTEMPT_QUEUE, jobs);
    }
    this.wake();
  }

  /** Schedules what is owed and past due, in case its job was lost (a crash between commit and job). */
  async sweep(): Promise<number> {
    const due = await this.options.prisma.webhookDelivery.findMany({
      where: { status: 'pending', nextAttemptAt: { lte: this.now() }, endpoint: { enabled: true } },
      orderBy: { nextAttemptAt: 'asc' },
      take: 500,
      select: { id: true, endpointId: true, attempts: true, nextAttemptAt: true },
    });
    for (const delivery of due) await this.schedule(delivery);
    return due.length;
  }

  /** One attempt of a delivery, if it is still owed at this attempt. */
  private async attempt(job: AttemptJob): Promise<void> {
    const { prisma } = this.options;
    const delivery = await prisma.webhookDelivery.findUnique({ where: { id: job.deliveryId }, include: { endpoint: true } });
    if (!delivery || delivery.status !== 'pending' || delivery.attempts !== job.attempt - 1) return;
    if (!delivery.endpoint.enabled) {
      const { count } = await prisma.webhookDelivery.updateMany({
        where: { id: delivery.id, attempts: delivery.attempts },
        data: { status: 'failed', nextAttemptAt: null },
      });
      if (count > 0) recordAttempt(null, 'failed');
      return;
    }
    const started = this.now();
    const result = await this.post(delivery, delivery.endpoint, started);
    const durationMs = Math.max(0, Math.round(this.now().getTime() - started.getTime()));
    const verdict = attemptVerdict({
      result,
      attempts: job.attempt,
      schedule: this.options.retrySchedule,
      now: this.now(),
      failingSince: delivery.endpoint.failingSince,
      disableAfterMs: this.options.disableAfterMs,
    });
    const record = {
      attempts: job.attempt,
      status: verdict.delivery.status,
      nextAttemptAt: verdict.delivery.nextAttemptAt,
      lastAttemptAt: started,
      responseStatus: result.status,
      durationMs,
    };
    const fence = { id: delivery.id, attempts: delivery.attempts };
    const disabled = verdict.endpoint.disabledReason !== undefined;
    const endpointChanged = disabled || (verdict.endpoint.failingSince?.getTime() ?? null) !== (delivery.endpoint.failingSince?.getTime() ?? null);
    // Fenced on the attempt: a duplicate job that raced this one records nothing twice. The usual
    // attempt (a success of an endpoint that was not failing) changes its delivery only: one write.
    const { updated, cancelled } = !endpointChanged
      ? { updated: (await prisma.webhookDelivery.updateMany({ where: fence, data: record })).count > 0, cancelled: 0 }
      : await prisma.$transaction(async (tx) => {
          const { count } = await tx.webhookDelivery.updateMany({ where: fence, data: record });
          if (count === 0) return { updated: false, cancelled: 0 };
          await tx.webhookEndpoint.update({
            where: { id: delivery.endpointId },
            data: {
              failingSince: verdict.endpoint.failingSince,
              ...(disabled ? { enabled: false, disabledReason: verdict.endpoint.disabledReason!, updatedAt: this.now() } : {}),
            },
          });
          // A disabled endpoint is owed nothing more; re-enabling it resumes with new events.
          const cancelled = disabled
            ? (
                await tx.webhookDelivery.updateMany({
                  where: { endpointId: delivery.endpointId, status: 'pending' },
                  data: { status: 'failed', nextAttemptAt: null },
                })
              ).count
            : 0;
          return { updated: true, cancelled };
        });
    if (updated) recordAttempt({ outcome: succeeded(result) ? 'success' : 'failure', seconds: durationMs / 1000 }, verdict.delivery.status);
    for (let i = 0; i < cancelled; i++) recordAttempt(null, 'failed');
    if (updated && verdict.delivery.status === 'pending') {
      await this.schedule({ id: delivery.id, endpointId: delivery.endpointId, attempts: job.attempt, nextAttemptAt: verdict.delivery.nextAttemptAt });
    }
  }

  /**
   * POSTs the payload, signed with the endpoint's current secrets, through the address guard. A
   * redirect is an answer like any other (a failure: not a 2xx); at most WEBHOOK_MAX_PAYLOAD_BYTES
   * of the answer are read, and only its status is kept.
   */
  private async post(delivery: WebhookDelivery, endpoint: WebhookEndpoint, at: Date): Promise<AttemptResult> {
    const body = payloadOf(delivery);
    const { timeoutMs, maxPayloadBytes } = this.options;
    try {
      const answer = await request(endpoint.url, {
        method: 'POST',
        dispatcher: this.options.dispatcher,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'ContentFeedService-Webhooks/1',
          'webhook-id': delivery.id,
          'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
          'webhook-signature': signatureHeader(signingSecrets(endpoint, at), delivery.id, at, body),
        },
        body,
        signal: AbortSignal.timeout(timeoutMs),
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
      let read = 0;
      try {
        for await (const chunk of answer.body) {
          read += (chunk as Buffer).length;
          if (read >= maxPayloadBytes) break;
        }
      } finally {
        answer.body.destroy();
      }
      return { status: answer.statusCode };
    } catch (err) {
      this.options.logger.info(
        { endpointId: endpoint.id, deliveryId: delivery.id, err: { name: (err as Error).name, message: (err as Error).message } },
        'webhook attempt failed',
      );
      return { status: null };
    }
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (this.sweeper) clearInterval(this.sweeper);
    if (this.toucher) clearInterval(this.toucher);
    this.wake();
    await this.loop;
    // Attempts in flight get 2 s to end; a job left active is retried after its heartbeat.
    await Promise.race([Promise.allSettled([...this.inFlight.values()]), new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
    await new Promise((resolve) => setImmediate(resolve));
    await this.completed; // the last completions
    await this.boss.stop({ graceful: true, timeout: 2000 });
  }
}
