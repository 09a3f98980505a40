/**
 * feed.changed webhook events (services/feed/README.md#webhook-events): the outbox rows the changes
 * feed writes with each change (src/changes.ts) become, per round of the relay, one event per Site
 * whose feed they changed and that has an endpoint listening, carrying positions of its changes
 * feed: `since` (where the Site's previous event left it), `nextSince` (after these changes) and
 * how many changes lie between. The relay (@cfs/common/outbox) claims the rows, so every FEED_ROLE
 * runs one and replicas share the work; rounds start at least WEBHOOK_COALESCE_MS apart, which is
 * what coalesces close changes into one event a Site.
 *
 * An event's id is made of the Site and the greatest row id behind it, so the same rows sent again
 * (a relay that died before forgetting them) are the same event, which the webhooks service takes
 * once. A Site's position is stored only after the webhooks service took the event: a round that
 * failed computes the same event again.
 */
import { failpoint } from '@cfs/common/failpoints';
import type { OutboxRow, RelayedEvent } from '@cfs/common/outbox';
import { LISTENING_SITES_MAX, type RelayedEvents, type WebhooksIntake } from '@cfs/common/webhooks-relay';
import type { ChangesTokenCodec } from '@cfs/common/tokens';
import { CHANGE_REFRESH_DAYS, FEED_CHANGED } from './changes.ts';
import { Prisma, type PrismaClient } from './generated/prisma/client.ts';
import { feedTables } from './page-query.ts';

interface Position {
  siteId: string;
  seq: bigint;
  version: number;
}

/** A row as read back: one of the shapes of FeedChangedRow (src/changes.ts). */
interface RowData {
  categories?: string[];
  from?: string;
  to?: string;
  version?: number;
  seq?: string;
}

type Tx = Prisma.TransactionClient;

export class FeedChangedEvents implements RelayedEvents {
  private readonly t: ReturnType<typeof feedTables>;
  /** The positions of the events computed and not yet taken: stored once the webhooks service took them. */
  private readonly pending = new Map<string, Position>();

  constructor(
    private readonly prisma: PrismaClient,
    private readonly schema: string,
    private readonly tokens: ChangesTokenCodec,
    private readonly webhooks: WebhooksIntake,
  ) {
    this.t = feedTables(schema);
  }

  /** The rows of one round as events: one per Site that listens and whose feed they changed. */
  async toEvents(rows: readonly OutboxRow[]): Promise<RelayedEvent[]> {
    this.pending.clear(); // rounds never overlap in one process: what a failed round left is computed again
    const mine = rows.filter((r) => r.type === FEED_CHANGED);
    if (mine.length === 0) return [];
    const categories = [...new Set(mine.flatMap((r) => (r.data as RowData).categories ?? []))];
    const subscribed =
      categories.length === 0
        ? []
        : (
            await this.prisma.$queryRaw<Array<{ site_id: string }>>`
            SELECT DISTINCT site_id FROM ${this.t.subscriptions} WHERE category_key = ANY(${categories}::text[])`
          ).map((r) => r.site_id);
    const candidates = [...new Set([...subscribed, ...mine.flatMap((r) => (r.siteId ? [r.siteId] : []))])];
    const listening: string[] = [];
    for (let i = 0; i < candidates.length; i += LISTENING_SITES_MAX) {
      listening.push(...(await this.webhooks.listening(FEED_CHANGED, candidates.slice(i, i + LISTENING_SITES_MAX))));
    }
    if (listening.length === 0) return [];
    // One snapshot: the counter, the subscription versions and the changes counted agree.
    return this.prisma.$transaction((tx) => this.eventsOf(tx, mine, listening), { isolationLevel: Prisma.TransactionIsolationLevel.RepeatableRead });
  }

  /** Hands events to the webhooks service, then remembers each Site's new position (the next event's since). */
  async send(events: readonly RelayedEvent[]): Promise<void> {
    await this.webhooks.enqueue(events);
    // Fault tests: a relay that dies (or fails) after the webhooks service took the events, before it forgot the rows.
    await failpoint('feed.webhookEvents.afterEnqueue');
    const positions = events.flatMap((e) => {
      const p = this.pending.get(e.id);
      this.pending.delete(e.id);
      return p ? [p] : [];
    });
    if (positions.length === 0) return;
    await this.prisma.$executeRaw`
      INSERT INTO ${this.positions} (site_id, seq, version, updated_at)
      SELECT site_id, seq::bigint, version::int, now()
      FROM unnest(${positions.map((p) => p.siteId)}::text[], ${positions.map((p) => p.seq.toString())}::text[], ${positions.map((p) => p.version)}::int[]) AS x(site_id, seq, version)
      ON CONFLICT (site_id) DO UPDATE SET seq = EXCLUDED.seq, version = EXCLUDED.version, updated_at = EXCLUDED.updated_at
      WHERE ${this.positions}.seq <= EXCLUDED.seq OR ${this.positions}.version < EXCLUDED.version`;
  }

  private get positions() {
    return Prisma.raw(`"${this.schema.replace(/"/g, '""')}"."webhook_feed_positions"`);
  }

  private async eventsOf(tx: Tx, rows: readonly OutboxRow[], siteIds: string[]): Promise<RelayedEvent[]> {
    const [{ last }] = (await tx.$queryRaw<Array<{ last: bigint }>>`SELECT last FROM ${this.t.counter} WHERE id = 1`) as [{ last: bigint }];
    const current = new Map(
      (
        await tx.$queryRaw<Array<{ site_id: string; version: number; categories: string[] }>>`
          SELECT DISTINCT ON (site_id) site_id, version, categories FROM ${this.t.versions}
          WHERE site_id = ANY(${siteIds}::text[]) ORDER BY site_id, version DESC`
      ).map((r) => [r.site_id, { version: r.version, categories: r.categories }]),
    );
    // A position older than a refresh period may have aged past the changes kept: derived afresh instead.
    const stored = new Map(
      (
        await tx.$queryRaw<Array<{ site_id: string; seq: bigint; version: number }>>`
          SELECT site_id, seq, version FROM ${this.positions}
          WHERE site_id = ANY(${siteIds}::text[]) AND updated_at > now() - make_interval(days => ${CHANGE_REFRESH_DAYS})`
      ).map((r) => [r.site_id, { siteId: r.site_id, seq: BigInt(r.seq), version: r.version }]),
    );
    const events: RelayedEvent[] = [];
    for (const siteId of siteIds) {
      const now = current.get(siteId) ?? { version: 0, categories: [] };
      const inSet = new Set(now.categories);
      const behind = rows.filter((r) => r.siteId === siteId || (r.siteId === null && ((r.data as RowData).categories ?? []).some((c) => inSet.has(c))));
      if (behind.length === 0) continue;
      const since = stored.get(siteId) ?? sinceOf(siteId, behind, now.version);
      const { next, changes } = await this.advance(tx, since, now.version, now.categories, last);
      if (changes === 0 && next.version === since.version && next.seq === since.seq) continue;
      const greatest = behind[behind.length - 1]!;
      const id = `feed_${siteId}_${greatest.id}`;
      this.pending.set(id, next);
      events.push({
        id,
        siteId,
        type: FEED_CHANGED,
        data: { since: this.token(since), nextSince: this.token(next), changes },
        occurredAt: new Date(Math.max(...behind.map((r) => r.createdAt.getTime()))),
      });
    }
    return events;
  }

  /**
   * The Site's position after the changes committed so far (`last`), and how many changes a copy at
   * `since` is given on the way there, counted as GET /api/v1/feed/changes answers them
   * (src/changes.ts): at the same subscription version, each article changed in its categories or
   * for it alone once, up to the last of them (the position a reader ends at); across versions, the
   * walk's articles and removals, ending at the counter as a walk begun now would.
   */
  private async advance(tx: Tx, since: Position, version: number, categories: string[], last: bigint): Promise<{ next: Position; changes: number }> {
    if (since.version === version) {
      const [row] = await tx.$queryRaw<Array<{ changes: bigint; seq: bigint | null }>>`
        SELECT count(DISTINCT article_id) AS changes, max(seq) AS seq FROM (
          SELECT article_id, seq FROM ${this.t.categoryChanges}
          WHERE category_key = ANY(${categories}::text[]) AND seq > ${since.seq} AND seq <= ${last}
          UNION ALL
          SELECT article_id, seq FROM ${this.t.siteChanges} WHERE site_id = ${since.siteId} AND seq > ${since.seq} AND seq <= ${last}
        ) p`;
      const changes = Number(row?.changes ?? 0);
      return { next: { ...since, seq: row?.seq != null ? BigInt(row.seq) : since.seq }, changes };
    }
    const first = since.version === 0;
    const touched = first
      ? categories
      : [
          ...new Set([
            ...categories,
            ...(
              await tx.$queryRaw<Array<{ categories: string[] }>>`
                SELECT categories FROM ${this.t.versions} WHERE site_id = ${since.siteId} AND version BETWEEN ${since.version} AND ${version}`
            ).flatMap((r) => r.categories),
          ]),
        ];
    const [walked] = await tx.$queryRaw<Array<{ n: bigint }>>`
      SELECT count(DISTINCT article_id) AS n FROM ${this.t.articleCategories} WHERE category_key = ANY(${touched}::text[])`;
    const [removed] = first
      ? [{ n: 0n }]
      : await tx.$queryRaw<Array<{ n: bigint }>>`SELECT count(*) AS n FROM ${this.t.articleChanges} WHERE removed AND seq > ${since.seq}`;
    return { next: { siteId: since.siteId, seq: last, version }, changes: Number(walked?.n ?? 0) + Number(removed?.n ?? 0) };
  }

  private token(p: Position): string {
    return this.tokens.encode({ siteId: p.siteId, seq: p.seq.toString(), version: p.version, walk: null });
  }
}

/**
 * Where a Site without a stored position stood before these rows: just before the first change
 * they numbered, at the subscription version before the first new one among them (0: a copy that
 * held nothing, which the first subscription's event then fills).
 */
function sinceOf(siteId: string, rows: readonly OutboxRow[], version: number): Position {
  const data = rows.map((r) => r.data as RowData);
  const seqs = data.flatMap((d) => (d.from !== undefined ? [BigInt(d.from) - 1n] : d.seq !== undefined ? [BigInt(d.seq)] : []));
  const versions = data.flatMap((d) => (d.version !== undefined ? [d.version - 1] : []));
  const before = versions.length > 0 ? Math.min(...versions) : version;
  const seq = seqs.length > 0 ? seqs.reduce((a, b) => (a < b ? a : b)) : 0n;
  return { siteId, seq: before === 0 ? 0n : seq, version: before };
}
