/**
 * The metrics of Sources (docs/architecture.md "Health and metrics"), in the system's own metrics
 * (@cfs/common/metrics): fetches by outcome, items by result, fetch duration, recorded where the
 * fetch happens (sources.ts); and, in the ingest role, Sources by status and the age of the oldest
 * overdue fetch, read from the database when metrics are collected, at most once per READ_EVERY_MS.
 */
import { lazyCounter, lazyHistogram, observeGauges } from '@cfs/common/metrics';
import type { Logger } from '@cfs/common/logger';
import type { PrismaClient } from '../generated/prisma/client.ts';

/** Fetches by outcome (`ok`, `not_modified`, `failed`) and, for a failure, its `code` (a lastError code). */
const fetches = lazyCounter('cfs.sources.fetches', 'Fetches of Sources, by outcome (ok, not_modified, failed) and failure code');

/** Items of fetched documents by result: `created`, `updated`, `unchanged` (nothing written), `rejected`. */
const items = lazyCounter('cfs.sources.items', 'Items of fetched feed documents, by result: created, updated, unchanged, rejected');

/** How long a fetch took, answer, parsing and writing included; buckets up to the 30 s deadline and past it. */
const fetchDuration = lazyHistogram('cfs.sources.fetch_duration_seconds', 'Duration of Source fetches', 's', [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60]);

export function recordFetch(
  outcome: 'ok' | 'not_modified' | 'failed',
  seconds: number,
  counts: Record<'created' | 'updated' | 'unchanged' | 'rejected', number>,
  code?: string,
): void {
  fetches.add(1, code === undefined ? { outcome } : { outcome, code });
  fetchDuration.record(seconds, { outcome });
  for (const [result, n] of Object.entries(counts)) if (n > 0) items.add(n, { result });
}

const READ_EVERY_MS = 15_000;
const STATUSES = ['active', 'failing', 'paused', 'gone'] as const;

interface Snapshot {
  byStatus: Record<string, number>;
  oldestOverdueSeconds: number;
}

async function readSources(prisma: PrismaClient): Promise<Snapshot> {
  const groups = await prisma.source.groupBy({ by: ['status'], _count: { _all: true } });
  const now = new Date();
  const oldest = await prisma.source.findFirst({
    where: { status: { in: ['active', 'failing'] }, nextFetchAt: { lt: now } },
    orderBy: { nextFetchAt: 'asc' },
    select: { nextFetchAt: true },
  });
  return {
    byStatus: Object.fromEntries(groups.map((g) => [g.status, g._count._all])),
    oldestOverdueSeconds: oldest?.nextFetchAt ? Math.max(0, (now.getTime() - oldest.nextFetchAt.getTime()) / 1000) : 0,
  };
}

/** Registers the gauges of Sources; returns what unregisters them. */
export function observeSources(prisma: PrismaClient, logger: Logger): () => void {
  let last: { at: number; snapshot: Promise<Snapshot | null> } | undefined;
  const snapshot = () => {
    if (!last || Date.now() - last.at >= READ_EVERY_MS) {
      last = {
        at: Date.now(),
        snapshot: readSources(prisma).catch((err: unknown) => {
          logger.warn({ err: { name: (err as Error).name, message: (err as Error).message } }, 'reading the Sources for metrics failed');
          return null;
        }),
      };
    }
    return last.snapshot;
  };
  return observeGauges(
    {
      sources: { name: 'cfs.sources.count', description: 'Sources by status: active, failing, paused, gone' },
      overdue: {
        name: 'cfs.sources.oldest_overdue_fetch_seconds',
        description: 'How late the most overdue fetch of an active or failing Source is; 0 when none is due',
        unit: 's',
      },
    },
    async (record) => {
      const s = await snapshot();
      if (!s) return;
      for (const status of STATUSES) record('sources', s.byStatus[status] ?? 0, { status });
      record('overdue', s.oldestOverdueSeconds);
    },
  );
}
