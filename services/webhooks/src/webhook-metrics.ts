/**
 * The metrics of webhooks (services/webhooks/README.md#metrics), in the system's own metrics
 * (common/metrics.ts): attempts and deliveries by outcome and the attempts' durations, recorded by
 * the delivery engine; endpoints by status and the pending deliveries with the age of the oldest, by
 * gauges that read the tables when metrics are collected (a scrape), at most once per READ_EVERY_MS.
 *
 * The names of the seconds-valued series end in `_seconds`: the Prometheus exporter writes the unit
 * only as a `# UNIT` line, not into the name, and Prometheus's convention wants it there.
 */
import type { Logger } from '@cfs/common/logger';
import { lazyCounter, lazyHistogram, observeGauges } from '@cfs/common/metrics';
import type { PrismaClient } from './generated/prisma/client.ts';

/** Attempts by outcome: `success` (a 2xx), `failure` (any other status, or none). */
const attempts = lazyCounter('cfs.webhooks.attempts', 'Webhook delivery attempts by outcome: success or failure');
/** Deliveries that ended, by outcome: `succeeded`, or `failed` (schedule spent, 410, endpoint disabled). */
const deliveries = lazyCounter('cfs.webhooks.deliveries', 'Webhook deliveries that ended, by outcome: succeeded or failed');
/** How long each attempt took (to the answer's status and the read of its body), by outcome; buckets up to WEBHOOK_TIMEOUT_MS's default (15 s). */
const attemptDuration = lazyHistogram(
  'cfs.webhooks.attempt.duration_seconds',
  'Duration of webhook delivery attempts',
  's',
  [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15],
);

/** One attempt (none: a delivery ended without one, its endpoint disabled) and what became of its delivery. */
export function recordAttempt(attempt: { outcome: 'success' | 'failure'; seconds: number } | null, ended: 'succeeded' | 'failed' | 'pending'): void {
  if (attempt) {
    attempts.add(1, { outcome: attempt.outcome });
    attemptDuration.record(attempt.seconds, { outcome: attempt.outcome });
  }
  if (ended !== 'pending') deliveries.add(1, { outcome: ended });
}

const READ_EVERY_MS = 10_000;

interface State {
  endpoints: Array<{ status: string; count: number }>;
  pending: number;
  oldestSeconds: number;
}

/** Registers the gauges; the function returned unregisters them. */
export function observeWebhookGauges(prisma: PrismaClient, logger: Logger, now: () => Date = () => new Date()): () => void {
  let last: { at: number; state: State } | undefined;
  const read = async (): Promise<State> => {
    const at = now().getTime();
    if (last && at - last.at < READ_EVERY_MS) return last.state;
    const [byStatus, pending, oldest] = await Promise.all([
      prisma.webhookEndpoint.groupBy({ by: ['enabled'], _count: { _all: true } }),
      prisma.webhookDelivery.count({ where: { status: 'pending' } }),
      prisma.webhookDelivery.findFirst({ where: { status: 'pending' }, orderBy: { createdAt: 'asc' }, select: { createdAt: true } }),
    ]);
    const endpoints = ['enabled', 'disabled'].map((status) => ({
      status,
      count: byStatus.find((g) => (g.enabled ? 'enabled' : 'disabled') === status)?._count._all ?? 0,
    }));
    const state = { endpoints, pending, oldestSeconds: oldest ? Math.max(0, (at - oldest.createdAt.getTime()) / 1000) : 0 };
    last = { at, state };
    return state;
  };
  return observeGauges(
    {
      endpoints: { name: 'cfs.webhooks.endpoints', description: 'Webhook endpoints by status (enabled, disabled)' },
      pending: { name: 'cfs.webhooks.pending_deliveries', description: 'Webhook deliveries not yet succeeded or failed' },
      oldest: { name: 'cfs.webhooks.oldest_pending_delivery_seconds', description: 'Age of the oldest pending webhook delivery (0 when none)', unit: 's' },
    },
    async (record) => {
      try {
        const state = await read();
        for (const e of state.endpoints) record('endpoints', e.count, { status: e.status });
        record('pending', state.pending);
        record('oldest', state.oldestSeconds);
      } catch (err) {
        logger.warn({ err: { message: (err as Error).message } }, 'could not read the webhook gauges');
      }
    },
  );
}
