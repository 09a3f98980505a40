/**
 * The changes feed (services/feed/README.md#the-changes-feed): what changed in a Site's feed
 * after a position, so that a client that applies every change in order holds exactly the feed.
 *
 * Writes number their changes with one counter under one transaction-level lock, so changes commit
 * in the order of their numbers and a reader never sees a later one without the earlier ones. The log
 * is compacted: per category, the latest change of each article that is or was in it
 * (category_changes, read per subscribed category like the page query); per Site, the latest change
 * made for it alone (site_article_changes: a new personalized variant); per article, its latest
 * change and whether it was removed (article_changes; a tombstone until CHANGE_RETENTION_DAYS).
 * A subscription change starts a walk: the articles of every category the Site's copy may hold or
 * should hold, as they are now, then the removed ones, then the changes since the walk began.
 *
 * Every write here also writes a `feed.changed` outbox row in the same transaction
 * (src/webhook-events.ts turns them into one event per Site that listens), so the event exists
 * exactly when the change has committed.
 */
import { malformed } from '@cfs/common/errors';
import { FEED_PAGE_MAX_LIMIT } from '@cfs/common/feed-limits';
import { writeOutbox } from '@cfs/common/outbox';
import { Prisma, type PrismaClient } from './generated/prisma/client.ts';
import { articleColumns, articleOf, type ArticleRow, type FeedArticle } from './article-row.ts';
import { feedTables } from './page-query.ts';

type Tx = Prisma.TransactionClient;

/** A caught-up client's position older than this moves to the present (an answer without changes, once a week). */
export const CHANGE_REFRESH_DAYS = 7;
/**
 * How long tombstones and replaced subscription versions are kept. Tokens stay valid at least 30
 * days: a caught-up answer's position may be up to CHANGE_REFRESH_DAYS older than the answer.
 */
export const CHANGE_RETENTION_DAYS = 30 + CHANGE_REFRESH_DAYS;

export interface ChangesWalk {
  to: number;
  from: bigint;
  stage: 'articles' | 'removed';
  after: string;
}

/** A Site's position in its changes feed (what GetChanges' `since` token carries): where its copy is. */
export interface SiteChangesPosition {
  siteId: string;
  seq: bigint;
  /** 0: the client holds nothing yet. */
  version: number;
  walk?: ChangesWalk;
}

/** The webhook event every change of a Site's changes feed leads to (src/webhook-events.ts). */
export const FEED_CHANGED = 'feed.changed';

/**
 * What a feed.changed outbox row says. Article changes name no Site (the relay finds the Sites
 * subscribed to their categories when it runs) and carry their numbers; a Site's own changes (a
 * new variant, a new subscription version) name it.
 */
export type FeedChangedRow = { categories: string[]; from: string; to: string } | { from: string; to: string } | { version: number; seq: string };

export type FeedChange = { type: 'upsert'; article: FeedArticle } | { type: 'delete'; id: string; reason: 'removed' | 'unsubscribed' };

/** Takes `count` change numbers (the first is returned); the lock is held until the transaction ends. */
async function takeNumbers(tx: Tx, schema: string, count: number): Promise<bigint> {
  const t = feedTables(schema);
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`feed-changes:${schema}`}, 0))`;
  // The counter's one row is written by the migration that made the table.
  const [{ last }] = (await tx.$queryRaw<Array<{ last: bigint }>>`UPDATE ${t.counter} SET last = last + ${count} WHERE id = 1 RETURNING last`) as [
    { last: bigint },
  ];
  await tx.$executeRaw`
    INSERT INTO ${t.marks} (day, max_seq) VALUES (current_date, ${last})
    ON CONFLICT (day) DO UPDATE SET max_seq = EXCLUDED.max_seq`;
  return last - BigInt(count) + 1n;
}

export interface ArticleChangeInput {
  id: string;
  /** The categories it was in before (empty for a new article). */
  before: string[];
  /** The categories it is in now (empty when removed). */
  now: string[];
}

/** Records changed (or removed) articles, in the caller's transaction. */
export async function recordArticleChanges(tx: Tx, schema: string, changes: ArticleChangeInput[], removed: boolean): Promise<void> {
  if (changes.length === 0) return;
  const t = feedTables(schema);
  const first = await takeNumbers(tx, schema, changes.length);
  const seqs = changes.map((_, i) => (first + BigInt(i)).toString());
  await tx.$executeRaw`
    INSERT INTO ${t.articleChanges} (article_id, seq, removed, changed_at)
    SELECT id, seq::bigint, ${removed}, now() FROM unnest(${changes.map((c) => c.id)}::text[], ${seqs}::text[]) AS x(id, seq)
    ON CONFLICT (article_id) DO UPDATE SET seq = EXCLUDED.seq, removed = EXCLUDED.removed, changed_at = EXCLUDED.changed_at`;
  // Every category it was or is in: a Site subscribed to one it left learns that it left.
  const rows = changes.flatMap((c, i) => [...new Set([...c.before, ...c.now])].map((category) => ({ category, id: c.id, seq: seqs[i]! })));
  await tx.$executeRaw`
    INSERT INTO ${t.categoryChanges} (category_key, article_id, seq)
    SELECT category, id, seq::bigint FROM unnest(${rows.map((r) => r.category)}::text[], ${rows.map((r) => r.id)}::text[], ${rows.map((r) => r.seq)}::text[]) AS x(category, id, seq)
    ON CONFLICT (category_key, article_id) DO UPDATE SET seq = EXCLUDED.seq`;
  const data: FeedChangedRow = { categories: [...new Set(rows.map((r) => r.category))].sort(), from: seqs[0]!, to: seqs[seqs.length - 1]! };
  await writeOutbox(tx, schema, [{ siteId: null, type: FEED_CHANGED, data }]);
}

/** Records changes made for one Site alone (new personalized variants of its articles). */
export async function noteSiteChanges(db: PrismaClient, schema: string, siteId: string, articleIds: string[]): Promise<void> {
  if (!siteId) throw malformed('site_id is required');
  const ids = [...new Set(articleIds)];
  if (ids.length === 0 || ids.length > 1000) throw malformed('article_ids: 1 to 1000');
  const t = feedTables(schema);
  await db.$transaction(async (tx) => {
    const first = await takeNumbers(tx, schema, ids.length);
    await tx.$executeRaw`
      INSERT INTO ${t.siteChanges} (site_id, article_id, seq)
      SELECT ${siteId}, id, seq::bigint FROM unnest(${ids}::text[], ${ids.map((_, i) => (first + BigInt(i)).toString())}::text[]) AS x(id, seq)
      ON CONFLICT (site_id, article_id) DO UPDATE SET seq = EXCLUDED.seq`;
    const data: FeedChangedRow = { from: first.toString(), to: (first + BigInt(ids.length - 1)).toString() };
    await writeOutbox(tx, schema, [{ siteId, type: FEED_CHANGED, data }]);
  });
}

/** Records a Site's new subscription set as its next version (nothing when the set is the same). */
export async function recordSubscriptionVersion(tx: Tx, schema: string, siteId: string, categories: string[]): Promise<void> {
  const t = feedTables(schema);
  const [current] = await tx.$queryRaw<Array<{ version: number; categories: string[] }>>`
    SELECT version, categories FROM ${t.versions} WHERE site_id = ${siteId} ORDER BY version DESC LIMIT 1`;
  if (current && sameSet(current.categories, categories)) return;
  const version = (current?.version ?? 0) + 1;
  await tx.$executeRaw`
    INSERT INTO ${t.versions} (site_id, version, categories, created_at) VALUES (${siteId}, ${version}, ${categories}::text[], now())`;
  // Where the changes stood (committed ones; no number is taken): a copy of the previous version there is the event's since.
  const [{ last }] = (await tx.$queryRaw<Array<{ last: bigint }>>`SELECT last FROM ${t.counter} WHERE id = 1`) as [{ last: bigint }];
  const data: FeedChangedRow = { version, seq: last.toString() };
  await writeOutbox(tx, schema, [{ siteId, type: FEED_CHANGED, data }]);
}

/**
 * Forgets tombstones past the retention, recording the greatest position among them (a position
 * before it may have missed one of them, see ChangesFeed.oldestKept), and subscription versions
 * replaced longer ago than the retention (a Site's current version stays).
 */
export async function pruneChanges(db: PrismaClient, schema: string): Promise<void> {
  const t = feedTables(schema);
  const before = Prisma.sql`now() - make_interval(days => ${CHANGE_RETENTION_DAYS})`;
  await db.$transaction(async (tx) => {
    // The counter's row first, as writers take it before they touch article_changes: no removal
    // commits meanwhile, and no deadlock.
    await tx.$queryRaw`SELECT 1 FROM ${t.counter} WHERE id = 1 FOR UPDATE`;
    await tx.$executeRaw`
      DELETE FROM ${t.categoryChanges} cc USING ${t.articleChanges} ac
      WHERE ac.removed AND ac.changed_at < ${before} AND cc.article_id = ac.article_id AND cc.seq <= ac.seq
        AND NOT EXISTS (SELECT 1 FROM ${t.articles} a WHERE a.id = ac.article_id)`;
    await tx.$executeRaw`
      WITH gone AS (DELETE FROM ${t.articleChanges} WHERE removed AND changed_at < ${before} RETURNING seq)
      UPDATE ${t.counter} SET pruned_through = GREATEST(pruned_through, (SELECT coalesce(max(seq), 0) FROM gone)) WHERE id = 1`;
    // Counted from its replacement: a version held for years and replaced yesterday still has copies.
    await tx.$executeRaw`
      DELETE FROM ${t.versions} v
      WHERE EXISTS (SELECT 1 FROM ${t.versions} w WHERE w.site_id = v.site_id AND w.version > v.version AND w.created_at < ${before})`;
    await tx.$executeRaw`DELETE FROM ${t.marks} WHERE day < current_date - 400`;
  });
}

function sameSet(a: string[], b: string[]): boolean {
  const x = new Set(a);
  return x.size === new Set(b).size && b.every((k) => x.has(k));
}

/**
 * The position after which a copy needs every change, tombstones included: a first sync holds
 * nothing from before its walk began (null: it holds nothing yet).
 */
function changesNeededAfter(p: SiteChangesPosition): bigint | null {
  if (p.version !== 0) return p.seq;
  return p.walk ? p.walk.from : null;
}

const tooOld = () =>
  malformed(`since: this position is older than the changes kept (at least 30 days); start over without since to receive the whole feed again`);

/** A Site's changes after a position (from the beginning without one), and the notes of changes made for one Site. */
export class ChangesFeed {
  private readonly t: ReturnType<typeof feedTables>;

  constructor(
    private readonly db: PrismaClient,
    private readonly schema: string,
    /** Told after changes noted for a Site committed (it wakes the webhook outbox relay, src/webhook-events.ts). */
    private readonly committed: () => void = () => undefined,
  ) {
    this.t = feedTables(schema);
  }

  async noteSiteChanges(siteId: string, articleIds: string[]): Promise<void> {
    await noteSiteChanges(this.db, this.schema, siteId, articleIds);
    this.committed();
  }

  async changes(
    siteId: string,
    since: SiteChangesPosition | null,
    limit: number,
  ): Promise<{ changes: FeedChange[]; next: SiteChangesPosition; hasMore: boolean }> {
    if (!Number.isInteger(limit) || limit < 1 || limit > FEED_PAGE_MAX_LIMIT) throw malformed(`limit must be 1 to ${FEED_PAGE_MAX_LIMIT}`);
    if (since && since.siteId !== siteId) throw malformed('since: a token of another Site');
    // One snapshot for the whole answer: the subscription version, the articles and the changes agree.
    return this.db.$transaction(
      async (tx) => {
        const { version, categories } = await this.currentSet(tx, siteId);
        const needs = since && changesNeededAfter(since);
        if (needs != null && needs < (await this.oldestKept(tx))) throw tooOld();
        const position: SiteChangesPosition = since ?? { siteId, seq: 0n, version: 0 };
        if (position.version === version && !position.walk) return this.replay(tx, position, categories, limit);
        return this.walk(tx, position, version, categories, limit);
      },
      { isolationLevel: Prisma.TransactionIsolationLevel.RepeatableRead },
    );
  }

  private async currentSet(tx: Tx, siteId: string): Promise<{ version: number; categories: string[] }> {
    const [row] = await tx.$queryRaw<Array<{ version: number; categories: string[] }>>`
      SELECT version, categories FROM ${this.t.versions} WHERE site_id = ${siteId} ORDER BY version DESC LIMIT 1`;
    return row ?? { version: 0, categories: [] };
  }

  /**
   * The first position still answered: at or after every pruned tombstone (a position at one has
   * applied it; one before it would never learn of the removal), and numbered within the retention.
   */
  private async oldestKept(tx: Tx): Promise<bigint> {
    const [row] = await tx.$queryRaw<Array<{ kept: bigint }>>`
      SELECT GREATEST(c.pruned_through, coalesce((
        SELECT max_seq FROM ${this.t.marks} WHERE day < current_date - ${CHANGE_RETENTION_DAYS}::int ORDER BY day DESC LIMIT 1), 0)) AS kept
      FROM ${this.t.counter} c WHERE c.id = 1`;
    return row?.kept ?? 0n;
  }

  private async counter(tx: Tx): Promise<bigint> {
    const [row] = await tx.$queryRaw<Array<{ last: bigint }>>`SELECT last FROM ${this.t.counter} WHERE id = 1`;
    return row?.last ?? 0n;
  }

  /** The changes after `position.seq`, for a copy that follows the current subscription set. */
  private async replay(tx: Tx, position: SiteChangesPosition, categories: string[], limit: number) {
    const picks = await tx.$queryRaw<Array<{ article_id: string; seq: bigint }>>`
      SELECT article_id, seq FROM (
        SELECT c.article_id, c.seq FROM unnest(${categories}::text[]) AS k(key)
        CROSS JOIN LATERAL (
          SELECT article_id, seq FROM ${this.t.categoryChanges}
          WHERE category_key = k.key AND seq > ${position.seq} ORDER BY seq LIMIT ${limit}
        ) c
        UNION ALL
        SELECT * FROM (
          SELECT article_id, seq FROM ${this.t.siteChanges} WHERE site_id = ${position.siteId} AND seq > ${position.seq} ORDER BY seq LIMIT ${limit}
        ) s
      ) p ORDER BY seq LIMIT ${limit}`;
    if (picks.length === 0) {
      // Caught up. A position that stays put keeps its ETag; one older than a week moves to the
      // present, so that it never ages past the changes kept while the client keeps polling.
      const [mark] = await tx.$queryRaw<Array<{ max_seq: bigint }>>`
        SELECT max_seq FROM ${this.t.marks} WHERE day <= current_date - ${CHANGE_REFRESH_DAYS}::int ORDER BY day DESC LIMIT 1`;
      const seq = mark && position.seq < mark.max_seq ? await this.counter(tx) : position.seq;
      return { changes: [], next: { ...position, seq }, hasMore: false };
    }
    // An article picked twice (two categories, or a variant too) is answered once, where it came last.
    const last = new Map<string, number>();
    picks.forEach((p, i) => last.set(p.article_id, i));
    const ids = picks.filter((p, i) => last.get(p.article_id) === i).map((p) => p.article_id);
    const changes = await this.statesOf(tx, ids, categories);
    return { changes, next: { ...position, seq: picks[picks.length - 1]!.seq }, hasMore: picks.length === limit };
  }

  /** Each article as it is now: an upsert while it is in the subscribed categories, else a delete. */
  private async statesOf(tx: Tx, ids: string[], categories: string[]): Promise<FeedChange[]> {
    const rows = await tx.$queryRaw<Array<ArticleRow & { removed: boolean | null }>>`
      SELECT ${articleColumns(this.t.articleCategories)}, ch.removed
      FROM unnest(${ids}::text[]) WITH ORDINALITY AS x(id, n)
      LEFT JOIN ${this.t.articles} a ON a.id = x.id
      LEFT JOIN ${this.t.articleChanges} ch ON ch.article_id = x.id
      ORDER BY x.n`;
    const subscribed = new Set(categories);
    return rows.map((r, i): FeedChange => {
      if (r.id !== null && (r.categories ?? []).some((c) => subscribed.has(c))) return { type: 'upsert', article: articleOf(r) };
      return { type: 'delete', id: ids[i]!, reason: r.id === null ? 'removed' : 'unsubscribed' };
    });
  }

  /**
   * Brings a copy to the current subscription set (or fills it the first time): the articles of every
   * category of the versions the copy went through, as they are now (upserts for those in the current
   * set, deletes for the others), then the articles removed since the copy's position, then (back in
   * replay) the changes since the walk began. A subscription change during the walk starts it again.
   */
  private async walk(tx: Tx, position: SiteChangesPosition, version: number, current: string[], limit: number) {
    if (position.version === 0 && position.walk && position.walk.to !== version && position.walk.to !== 0) {
      // A first sync cut short by a subscription change: the copy holds part of version walk.to's
      // articles as they were after walk.from; bring it over like any copy of that version.
      position = { siteId: position.siteId, seq: position.walk.from, version: position.walk.to };
    }
    let walk = position.walk;
    if (!walk || walk.to !== version) walk = { to: version, from: await this.counter(tx), stage: 'articles', after: '' };
    const first = position.version === 0;
    const touched = first ? current : await this.categoriesSince(tx, position.siteId, position.version, version);
    const changes: FeedChange[] = [];
    if (walk.stage === 'articles') {
      const rows = await tx.$queryRaw<ArticleRow[]>`
        SELECT ${articleColumns(this.t.articleCategories)}
        FROM ${this.t.articles} a
        WHERE a.id > ${walk.after} AND EXISTS (SELECT 1 FROM ${this.t.articleCategories} c WHERE c.article_id = a.id AND c.category_key = ANY(${touched}::text[]))
        ORDER BY a.id LIMIT ${limit}`;
      const subscribed = new Set(current);
      for (const r of rows) {
        const article = articleOf(r);
        if (article.categories.some((c) => subscribed.has(c))) changes.push({ type: 'upsert', article });
        else changes.push({ type: 'delete', id: article.id, reason: 'unsubscribed' });
      }
      if (rows.length === limit) return { changes, next: { ...position, walk: { ...walk, after: rows[rows.length - 1]!.id } }, hasMore: true };
      // A first sync holds nothing that was removed.
      if (first) return { changes, next: { siteId: position.siteId, seq: walk.from, version }, hasMore: true };
      walk = { ...walk, stage: 'removed', after: '' };
    }
    const room = limit - changes.length;
    if (room === 0) return { changes, next: { ...position, walk }, hasMore: true };
    const removed = await tx.$queryRaw<Array<{ article_id: string }>>`
      SELECT article_id FROM ${this.t.articleChanges}
      WHERE removed AND seq > ${position.seq} AND article_id > ${walk.after} ORDER BY article_id LIMIT ${room}`;
    for (const r of removed) changes.push({ type: 'delete', id: r.article_id, reason: 'removed' });
    if (removed.length === room) return { changes, next: { ...position, walk: { ...walk, after: removed[removed.length - 1]!.article_id } }, hasMore: true };
    return { changes, next: { siteId: position.siteId, seq: walk.from, version }, hasMore: true };
  }

  /** Every category of the Site's subscription versions from `from` to `to`: what its copy may hold. */
  private async categoriesSince(tx: Tx, siteId: string, from: number, to: number): Promise<string[]> {
    const rows = await tx.$queryRaw<Array<{ version: number; categories: string[] }>>`
      SELECT version, categories FROM ${this.t.versions} WHERE site_id = ${siteId} AND version BETWEEN ${from} AND ${to}`;
    if (!rows.some((r) => r.version === from)) throw tooOld();
    return [...new Set(rows.flatMap((r) => r.categories))];
  }
}
