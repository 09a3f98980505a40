/**
 * The transactional outbox of webhook events (services/webhooks/README.md#events): a producer
 * writes a row in the same transaction as the change that causes the event (`writeOutbox`), so the
 * event exists exactly when the change has committed; a relay (`OutboxRelay`) in the producer's
 * process hands the rows to the webhooks service and forgets them only after it answered.
 *
 * No transaction is held across the call: a relay claims a batch with one statement (`claimed_until`,
 * FOR UPDATE SKIP LOCKED, so replicas share the work), sends, then deletes the rows. A relay that
 * dies leaves its claim to expire (`claimMs`) and another round sends the rows again; the webhooks
 * service takes each event id once, so that repeat adds nothing. On the embedded PostgreSQL every
 * connection shares one session, which is one more reason never to keep a transaction open while
 * another service writes.
 *
 * Each producer's migration creates the table in its schema:
 *
 *   CREATE TABLE "webhook_outbox" ("id" BIGSERIAL PRIMARY KEY, "site_id" TEXT, "type" TEXT NOT NULL,
 *     "data" JSONB NOT NULL, "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
 *     "claimed_until" TIMESTAMPTZ(3));
 */
import { qualifiedTable } from './database.ts';
import type { Logger } from './logger.ts';
import { lazyCounter, lazyHistogram } from './metrics.ts';

export const OUTBOX_TABLE = 'webhook_outbox';

/** What the relay may run SQL through: a Prisma client or a transaction of one. */
export interface RawSql {
  $executeRawUnsafe(query: string, ...values: unknown[]): Promise<number>;
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>;
}

/** A row as written: the event's Site (null when the relay works it out, as feed's do), type and data. */
export interface OutboxEntry {
  siteId: string | null;
  type: string;
  data: Record<string, unknown>;
}

export interface OutboxRow extends OutboxEntry {
  id: bigint;
  createdAt: Date;
}

/** An event as the webhooks service takes it (EnqueueEvents). */
export interface RelayedEvent {
  /** Unique in the system and the same each time the same rows are sent again. */
  id: string;
  siteId: string;
  type: string;
  data: Record<string, unknown>;
  occurredAt: Date;
}

/** Writes outbox rows in the caller's transaction. */
export async function writeOutbox(tx: RawSql, schema: string, entries: readonly OutboxEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await tx.$executeRawUnsafe(
    `INSERT INTO ${qualifiedTable(schema, OUTBOX_TABLE)} (site_id, type, data)
     SELECT site_id, type, data::jsonb FROM unnest($1::text[], $2::text[], $3::text[]) AS x(site_id, type, data)`,
    entries.map((e) => e.siteId),
    entries.map((e) => e.type),
    entries.map((e) => JSON.stringify(e.data)),
  );
}

/** Each row one event, its id made of the producer's name and the row's id. */
export function oneEventPerRow(producer: string): (rows: readonly OutboxRow[]) => Promise<RelayedEvent[]> {
  return async (rows) =>
    rows
      .filter((r): r is OutboxRow & { siteId: string } => r.siteId !== null)
      .map((r) => ({ id: `${producer}_${r.id}`, siteId: r.siteId, type: r.type, data: r.data, occurredAt: r.createdAt }));
}

const relayed = lazyCounter('cfs.webhook_outbox.relayed', 'Outbox rows handed to the webhooks service, by producer and outcome');
const relayLag = lazyHistogram('cfs.webhook_outbox.lag', 'Time from an outbox row commit to its relay', 's', [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 300]);

export interface OutboxRelayOptions {
  db: RawSql;
  schema: string;
  /** The producing service: metrics' label, and event ids' prefix for oneEventPerRow. */
  producer: string;
  /** The rows of one round as events (feed's coalesce per Site; most producers: oneEventPerRow). */
  toEvents: (rows: readonly OutboxRow[]) => Promise<RelayedEvent[]>;
  /** Hands events to the webhooks service (at most 500 a call); throws when it could not. */
  send: (events: readonly RelayedEvent[]) => Promise<void>;
  logger: Logger;
  /** Rounds start at least this far apart: what coalesces close changes into one event. */
  coalesceMs: number;
  /** A round also starts this often without a wake (rows of another replica, a failed round). */
  pollMs: number;
  /** How long a claim holds before another round may take the rows again. */
  claimMs?: number;
  batch?: number;
}

/**
 * Relays one producer's outbox. `wake()` after a commit starts a round at once, or as soon as
 * `coalesceMs` has passed since the last one; rounds never overlap in one process.
 */
export class OutboxRelay {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private lastRound = 0;
  private stopped = false;
  private again = false;

  constructor(private readonly options: OutboxRelayOptions) {}

  start(): this {
    this.schedule(0);
    return this;
  }

  /** Something was committed: relay it soon. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.schedule(Math.max(0, this.lastRound + this.options.coalesceMs - Date.now()));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.running = this.roundsUntilEmpty().finally(() => {
        this.running = undefined;
        const soon = this.again;
        this.again = false;
        this.schedule(soon ? Math.max(0, this.lastRound + this.options.coalesceMs - Date.now()) : this.options.pollMs);
      });
    }, delayMs);
    this.timer.unref();
  }

  private async roundsUntilEmpty(): Promise<void> {
    try {
      // A full batch means more may wait: go on (still coalescing) until a round is short.
      while (!this.stopped && (await this.round()) === (this.options.batch ?? 500)) {
        await new Promise((resolve) => setTimeout(resolve, this.options.coalesceMs).unref());
      }
    } catch (err) {
      relayed.add(0, { producer: this.options.producer, outcome: 'failed' });
      this.options.logger.warn({ err: { name: (err as Error).name, message: (err as Error).message } }, 'webhook outbox relay failed; it will try again');
    }
  }

  /** One round: claim, convert, send, forget. Returns how many rows it claimed. */
  async round(): Promise<number> {
    const { db, schema, producer } = this.options;
    const table = qualifiedTable(schema, OUTBOX_TABLE);
    this.lastRound = Date.now();
    const claimed = await db.$queryRawUnsafe<Array<{ id: bigint; site_id: string | null; type: string; data: Record<string, unknown>; created_at: Date }>>(
      `UPDATE ${table} SET claimed_until = now() + make_interval(secs => $1::double precision / 1000)
       WHERE id IN (SELECT id FROM ${table} WHERE claimed_until IS NULL OR claimed_until < now() ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED)
       RETURNING id, site_id, type, data, created_at`,
      this.options.claimMs ?? 30_000,
      this.options.batch ?? 500,
    );
    if (claimed.length === 0) return 0;
    const rows: OutboxRow[] = claimed
      .map((r) => ({ id: BigInt(r.id), siteId: r.site_id, type: r.type, data: r.data, createdAt: new Date(r.created_at) }))
      .sort((a, b) => (a.id < b.id ? -1 : 1));
    const ids = rows.map((r) => r.id.toString());
    try {
      const events = await this.options.toEvents(rows);
      for (let i = 0; i < events.length; i += 500) await this.options.send(events.slice(i, i + 500));
    } catch (err) {
      // Let another round (this one's next, or another replica's) take them now rather than after the claim.
      await db.$executeRawUnsafe(`UPDATE ${table} SET claimed_until = NULL WHERE id = ANY($1::bigint[])`, ids).catch(() => undefined);
      throw err;
    }
    await db.$executeRawUnsafe(`DELETE FROM ${table} WHERE id = ANY($1::bigint[])`, ids);
    const now = Date.now();
    for (const r of rows) relayLag.record((now - r.createdAt.getTime()) / 1000, { producer });
    relayed.add(rows.length, { producer, outcome: 'relayed' });
    return rows.length;
  }

  /** How many rows wait and the age of the oldest, in seconds (for gauges). */
  async backlog(): Promise<{ rows: number; oldestSeconds: number }> {
    const [r] = await this.options.db.$queryRawUnsafe<Array<{ rows: bigint; oldest: Date | null }>>(
      `SELECT count(*) AS rows, min(created_at) AS oldest FROM ${qualifiedTable(this.options.schema, OUTBOX_TABLE)}`,
    );
    return { rows: Number(r?.rows ?? 0), oldestSeconds: r?.oldest ? Math.max(0, (Date.now() - new Date(r.oldest).getTime()) / 1000) : 0 };
  }
}
