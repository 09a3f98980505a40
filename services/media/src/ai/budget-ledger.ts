/**
 * The AI budget of Sites: a ledger of units per Site and calendar period (UTC) against the budget of
 * the Site's plan, which the caller passes. `used` is the sum of the usage entries in the period
 * (settled reservations and operator records); `reserved` the sum of the open reservations made in
 * it. A generation reserves its whole cost before any provider call, then settles what its
 * successful calls cost, or releases it.
 *
 * Guarantee: used + reserved ≤ budget, whatever the number of replicas and workers. A reservation
 * locks its Site's row in ai_budget_locks, then checks and inserts in one statement, in one short
 * transaction: reservations of one Site queue on that row lock on PostgreSQL, and on the embedded
 * PGlite (one session) the transaction runs whole, so nothing else is awaited inside it. Settling and
 * releasing are single conditional statements on the reservation's state, so each happens once.
 * What each operation moved is counted, once committed, in the cfs.ai.budget.units metric (ai/metrics.ts).
 * Every statement runs in an explicit transaction: PGlite's socket server keeps a transaction's
 * messages together, while the messages of concurrent statements outside one may interleave.
 *
 * The standing told (services/media/README.md#ai-budget-webhook-events): each write, in its own
 * transaction and under the Site's row lock, computes the Site's status after it and compares it with
 * the one last told (kept in that row); when they differ it keeps the new one and writes an
 * `ai.budget.status_changed` outbox row (@cfs/common/outbox) in the same transaction. So there is one
 * event per change of the status, with the status after it, and none when a write leaves it as it was.
 */
import { quoteIdent } from '@cfs/common/database';
import { malformed } from '@cfs/common/errors';
import { newId } from '@cfs/common/ids';
import { periodWindow, QUOTA_PERIODS, type PeriodWindow, type QuotaPeriod } from '@cfs/common/periods';
import { writeOutbox } from '@cfs/common/outbox';
import { commitWithinBudget } from '@cfs/common/transactions';
import { budgetStanding } from './decisions/job-spend.ts';
import { recordBudgetUnits } from './metrics.ts';
import type { AiUnitCosts, AiUsage, LedgerRepository, Reservation, ReserveRequest } from './repositories.ts';

export type { AiUnitCosts, AiUsage, Reservation, ReserveRequest } from './repositories.ts';
import { Prisma, type PrismaClient } from '../generated/prisma/client.ts';

type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

/** The webhook event of a change of a Site's AI budget status. */
export const BUDGET_STATUS_CHANGED = 'ai.budget.status_changed';

/** A Site's budget as its plan says: units per period (null: unlimited). */
export interface KnownBudget {
  budget: number | null;
  period: string;
}

/** A Site whose standing was told, with the budget it was computed with. */
export interface ToldStanding extends KnownBudget {
  siteId: string;
  periodEnd: Date;
}

const MAX_UNITS = 1_000_000;

function checkUnits(units: number): void {
  if (!Number.isInteger(units) || units <= 0 || units > MAX_UNITS) throw malformed(`units must be an integer from 1 to ${MAX_UNITS}`);
}

function checkKind(kind: string): string {
  const k = kind.trim() || 'generation';
  if (k.length > 64) throw malformed('kind must be at most 64 characters');
  return k;
}

export function periodOf(period: string): QuotaPeriod {
  return (QUOTA_PERIODS as readonly string[]).includes(period) ? (period as QuotaPeriod) : 'month';
}

export interface AiBudgetLedgerOptions {
  /** The media service's schema: raw SQL names its tables with it (on PGlite every connection shares one search_path). */
  schema: string;
  costs: AiUnitCosts;
  now?: () => number;
  /** Told after a commit that wrote a webhook event (the relay's wake); without it, the relay's poll finds it. */
  eventsWritten?: () => void;
}

export class AiBudgetLedger implements LedgerRepository {
  readonly costs: AiUnitCosts;
  private readonly now: () => number;
  private readonly schema: string;
  private readonly eventsWritten: () => void;
  private readonly t: { reservations: Prisma.Sql; usage: Prisma.Sql; locks: Prisma.Sql };

  constructor(
    private readonly db: PrismaClient,
    options: AiBudgetLedgerOptions,
  ) {
    this.costs = options.costs;
    this.now = options.now ?? Date.now;
    this.schema = options.schema;
    this.eventsWritten = options.eventsWritten ?? (() => undefined);
    const q = (name: string) => Prisma.raw(`${quoteIdent(options.schema)}.${quoteIdent(name)}`);
    this.t = { reservations: q('ai_reservations'), usage: q('ai_usage_entries'), locks: q('ai_budget_locks') };
  }

  /** What one article costs: its text variant and its image. */
  get articleCost(): number {
    return this.costs.text + this.costs.image;
  }

  /**
   * Holds `units` of the Site's budget in the current period; null (nothing held) when
   * used + reserved + units would exceed the budget (decisions/job-spend.ts fitsBudget, here in SQL).
   */
  async reserve(request: ReserveRequest): Promise<Reservation | null> {
    checkUnits(request.units);
    const kind = checkKind(request.kind);
    if (!request.articleId || request.articleId.length > 128) throw malformed('articleId must be 1 to 128 characters');
    const createdAt = new Date(this.now());
    const reservation: Reservation = {
      id: newId('air', createdAt.getTime()),
      siteId: request.siteId,
      articleId: request.articleId,
      kind,
      units: request.units,
      createdAt,
    };
    const window = periodWindow(periodOf(request.period), createdAt.getTime());
    const { budget } = request;
    const [inserted, told] = await commitWithinBudget(this.db, async (tx) => {
      // Creates the Site's lock row or, when it exists, updates it: either way the row is locked.
      await this.lockSite(tx, request.siteId);
      // Under READ COMMITTED this statement's snapshot is taken after the lock was granted: it sees
      // every reservation committed by the transactions that held the lock before.
      const rows = await tx.$queryRaw<Array<{ id: string }>>`
        INSERT INTO ${this.t.reservations} (id, site_id, article_id, kind, units, state, created_at)
        SELECT ${reservation.id}, ${reservation.siteId}, ${reservation.articleId}, ${kind}, ${reservation.units}::int, 'open', ${createdAt}
        WHERE ${budget}::bigint IS NULL
           OR (SELECT used + reserved FROM (${this.periodSums(request.siteId, window)}) AS sums) + ${reservation.units}::int <= ${budget}::bigint
        RETURNING id`;
      return [rows, await this.tell(tx, [request.siteId], { budget, period: request.period })] as const;
    });
    if (told) this.eventsWritten();
    recordBudgetUnits(inserted.length === 1 ? 'reserved' : 'denied', request.units);
    return inserted.length === 1 ? reservation : null;
  }

  /**
   * Charges `units` (at most the reserved ones) and ends the reservation; the rest goes back.
   * True when this call settled it; false when it is unknown or already settled or released.
   */
  async settle(reservationId: string, units: number): Promise<boolean> {
    checkUnits(units);
    const now = new Date(this.now());
    // The entry is dated at the reservation: units count in the period whose budget held them.
    let told = false;
    const reserved = await commitWithinBudget(this.db, async (tx) => {
      const site = await tx.aiReservation.findUnique({ where: { id: reservationId }, select: { siteId: true } });
      if (site) await this.lockSite(tx, site.siteId);
      const rows = await tx.$queryRaw<Array<{ reserved: number }>>`
      WITH done AS (
        UPDATE ${this.t.reservations} SET state = 'settled', settled_units = ${units}::int, finished_at = ${now}
        WHERE id = ${reservationId} AND state = 'open' AND units >= ${units}::int
        RETURNING site_id, kind, created_at, units
      ), entry AS (
        INSERT INTO ${this.t.usage} (id, site_id, units, kind, created_at)
        SELECT ${newId('aiu', now.getTime())}, site_id, ${units}::int, kind, created_at FROM done
      )
      SELECT units AS reserved FROM done`;
      if (rows.length === 1) {
        if (await this.tell(tx, [site!.siteId])) told = true;
        return rows[0]!.reserved;
      }
      const open = await tx.aiReservation.findUnique({ where: { id: reservationId } });
      if (open?.state === 'open' && open.units < units) throw malformed(`units must be at most the ${open.units} reserved`);
      return null;
    });
    if (told) this.eventsWritten();
    if (reserved === null) return false;
    recordBudgetUnits('settled', units);
    recordBudgetUnits('released', reserved - units);
    return true;
  }

  /** Gives the reserved units back. True when this call released it; false when it is unknown or already finished. */
  async release(reservationId: string): Promise<boolean> {
    const now = new Date(this.now());
    const released = await this.releasing(
      async (tx) => (await tx.aiReservation.findMany({ where: { id: reservationId, state: 'open' }, select: { siteId: true } })).map((r) => r.siteId),
      (tx) =>
        tx.$queryRaw<Array<{ units: number; site_id: string }>>`
        UPDATE ${this.t.reservations} SET state = 'released', finished_at = ${now} WHERE id = ${reservationId} AND state = 'open' RETURNING units, site_id`,
    );
    if (released.length !== 1) return false;
    recordBudgetUnits('released', released[0]!.units);
    return true;
  }

  /**
   * Releases the reservations left open longer than `olderThanMs`: an attempt that died on its last
   * try (a crash, a kill) holds its units until then. Answers how many were released.
   */
  async releaseStale(olderThanMs: number): Promise<number> {
    const now = new Date(this.now());
    const before = new Date(now.getTime() - olderThanMs);
    const released = await this.releasing(
      async (tx) =>
        (await tx.aiReservation.findMany({ where: { state: 'open', createdAt: { lt: before } }, select: { siteId: true }, distinct: ['siteId'] })).map(
          (r) => r.siteId,
        ),
      (tx, sitesLocked) =>
        tx.$queryRaw<Array<{ units: number; site_id: string }>>`
        UPDATE ${this.t.reservations} SET state = 'released', finished_at = ${now}
        WHERE state = 'open' AND created_at < ${before} AND site_id = ANY(${sitesLocked}::text[]) RETURNING units, site_id`,
    );
    for (const { units } of released) recordBudgetUnits('released', units);
    return released.length;
  }

  /**
   * Adds units the Site used to `used` (the operator's `ai-usage record`); no budget is checked.
   * `known`: the Site's budget as its plan says now (else the one last told is used).
   */
  async record(siteId: string, units: number, kind: string, known?: KnownBudget): Promise<void> {
    checkUnits(units);
    const k = checkKind(kind);
    const createdAt = new Date(this.now());
    const told = await commitWithinBudget(
      this.db,
      async (tx) => {
        await this.lockSite(tx, siteId);
        await tx.aiUsageEntry.create({ data: { id: newId('aiu', createdAt.getTime()), siteId, units, kind: k, createdAt } });
        return this.tell(tx, [siteId], known);
      },
      { beforeCommit: 'media.usage.beforeCommit' },
    );
    if (told) this.eventsWritten();
    recordBudgetUnits('recorded', units);
  }

  /**
   * Tells the Site's standing against this budget (its plan changed, or a new period began): an
   * event when its status is not the one last told. Answers whether there was one.
   */
  async check(siteId: string, known: KnownBudget): Promise<boolean> {
    const told = await commitWithinBudget(this.db, async (tx) => {
      await this.lockSite(tx, siteId);
      return this.tell(tx, [siteId], known);
    });
    if (told) this.eventsWritten();
    return told;
  }

  /** Up to `limit` Sites whose standing was told, after `after` in id order (the sweep of ai/budget-watch.ts). */
  async toldStandings(after: string, limit: number): Promise<ToldStanding[]> {
    const rows = await this.db.aiBudgetLock.findMany({
      where: { siteId: { gt: after }, period: { not: null } },
      orderBy: { siteId: 'asc' },
      take: limit,
    });
    return rows.map((r) => ({ siteId: r.siteId, budget: r.budget === null ? null : Number(r.budget), period: r.period!, periodEnd: r.periodEnd! }));
  }

  async usage(siteId: string, budget: number | null, period: string): Promise<AiUsage> {
    const p = periodOf(period);
    const window = periodWindow(p, this.now());
    const [sums] = await commitWithinBudget(this.db, (tx) => tx.$queryRaw<Array<{ used: bigint; reserved: bigint }>>`${this.periodSums(siteId, window)}`);
    const used = Number(sums?.used ?? 0);
    const reserved = Number(sums?.reserved ?? 0);
    const { remaining, status } = budgetStanding({ budget, used, reserved }, this.articleCost);
    return { period: p, periodStart: window.start, resetsAt: window.end, used, reserved, budget, remaining, status };
  }

  async openReservation(siteId: string, key: string): Promise<Pick<Reservation, 'id'> | null> {
    return this.db.aiReservation.findFirst({ where: { siteId, articleId: key, state: 'open' } });
  }

  /** Creates the Site's row or updates it: either way it is locked until the transaction ends. */
  private async lockSite(tx: Tx, siteId: string): Promise<void> {
    await tx.$executeRaw`INSERT INTO ${this.t.locks} (site_id) VALUES (${siteId}) ON CONFLICT (site_id) DO UPDATE SET site_id = EXCLUDED.site_id`;
  }

  /**
   * A release (one reservation or the stale ones) and, in its transaction, the standing of each Site
   * it touched. The Sites' rows are locked first, in id order, as every writer of the ledger takes
   * its Site's row before its reservations: no two transactions wait on each other.
   */
  private async releasing(
    sitesOf: (tx: Tx) => Promise<string[]>,
    work: (tx: Tx, sitesLocked: string[]) => Promise<Array<{ units: number; site_id: string }>>,
  ): Promise<Array<{ units: number; site_id: string }>> {
    const [released, told] = await commitWithinBudget(this.db, async (tx) => {
      const sites = [...new Set(await sitesOf(tx))].sort();
      for (const siteId of sites) await this.lockSite(tx, siteId);
      const rows = await work(tx, sites);
      return [rows, await this.tell(tx, [...new Set(rows.map((r) => r.site_id))])] as const;
    });
    if (told) this.eventsWritten();
    return released;
  }

  /**
   * In the caller's transaction, which holds the Sites' row locks: each Site's status now, against
   * `known` (else the budget last told; a Site never told with no budget known is skipped), kept
   * with the budget it was computed with; an outbox row for each whose status is not the one last
   * told (none told yet counts as ok). Answers whether it wrote any.
   */
  private async tell(tx: Tx, siteIds: readonly string[], known?: KnownBudget): Promise<boolean> {
    const entries = [];
    const at = this.now();
    for (const siteId of siteIds) {
      const row = await tx.aiBudgetLock.findUnique({ where: { siteId } });
      const budget: KnownBudget | undefined =
        known ?? (row?.period ? { budget: row.budget === null ? null : Number(row.budget), period: row.period } : undefined);
      if (!budget) continue;
      const period = periodOf(budget.period);
      const window = periodWindow(period, at);
      const [sums] = await tx.$queryRaw<Array<{ used: bigint; reserved: bigint }>>`${this.periodSums(siteId, window)}`;
      const used = Number(sums?.used ?? 0);
      const { status } = budgetStanding({ budget: budget.budget, used, reserved: Number(sums?.reserved ?? 0) }, this.articleCost);
      await tx.aiBudgetLock.update({
        where: { siteId },
        data: { status, budget: budget.budget, period, periodStart: window.start, periodEnd: window.end },
      });
      if (status !== (row?.status ?? 'ok')) entries.push({ siteId, type: BUDGET_STATUS_CHANGED, data: { period, status, used, budget: budget.budget } });
    }
    await writeOutbox(tx, this.schema, entries);
    return entries.length > 0;
  }

  /** One row: the Site's settled units and open reservations in the window, read from one snapshot. */
  private periodSums(siteId: string, window: PeriodWindow): Prisma.Sql {
    return Prisma.sql`
      SELECT
        (SELECT coalesce(sum(units), 0) FROM ${this.t.usage}
          WHERE site_id = ${siteId} AND created_at >= ${window.start} AND created_at < ${window.end}) AS used,
        (SELECT coalesce(sum(units), 0) FROM ${this.t.reservations}
          WHERE site_id = ${siteId} AND state = 'open' AND created_at >= ${window.start} AND created_at < ${window.end}) AS reserved`;
  }
}
