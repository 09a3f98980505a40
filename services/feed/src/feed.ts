/**
 * The cursor feed: the articles of a Site's subscribed categories, newest first, in keyset pages.
 * A page is one query: per subscribed category an index range scan on
 * article_categories_feed_idx from the keyset position, merged, de-duplicated and cut to the limit,
 * so its cost does not grow with the table. Pages are cached by (subscription set, position,
 * limit), so Sites with the same subscriptions share one query; every import clears the cache, on
 * every replica.
 */
import { failpoint } from '@cfs/common/failpoints';
import { malformed } from '@cfs/common/errors';
import { TtlCache } from '@cfs/common/ttl-cache';
import { Prisma, type PrismaClient } from './generated/prisma/client.ts';

/** A keyset position: the last article of the previous page. */
export interface Position {
  publishedAt: Date;
  id: string;
}

export interface FeedArticle {
  id: string;
  title: string;
  url: string;
  summary: string | null;
  publishedAt: Date;
  imageKey: string | null;
  categories: string[];
}

export interface FeedPage {
  articles: FeedArticle[];
  next: Position | null;
}

/** The raw position the gateway wraps into its signed public cursor: `<RFC 3339 ms>|<article id>`. */
export function formatPosition(p: Position): string {
  return `${p.publishedAt.toISOString()}|${p.id}`;
}

export function parsePosition(raw: string): Position {
  const bar = raw.indexOf('|');
  const publishedAt = new Date(raw.slice(0, bar));
  const id = raw.slice(bar + 1);
  if (bar < 0 || Number.isNaN(publishedAt.getTime()) || !id || id.length > 64) throw malformed('cursor is not valid');
  return { publishedAt, id };
}

interface PageRow {
  id: string;
  title: string;
  url: string;
  summary: string | null;
  published_at: Date;
  image_key: string | null;
  categories: string[] | null;
}

/**
 * Schema-qualified table names for raw SQL. Never rely on search_path for raw queries: on the
 * embedded PostgreSQL (PGlite) every connection shares one session, so another service's
 * connection may have changed it.
 */
export function feedTables(schema: string) {
  const q = (name: string) => Prisma.raw(`"${schema.replace(/"/g, '""')}"."${name}"`);
  return { articles: q('articles'), articleCategories: q('article_categories') };
}

/** The page query; exported so a test can EXPLAIN it on a large table. */
export function pageQuery(schema: string, categories: string[], limit: number, after: Position | null): Prisma.Sql {
  const t = feedTables(schema);
  const keyset = after ? Prisma.sql`AND (ac.published_at, ac.article_id) < (${after.publishedAt}::timestamptz, ${after.id})` : Prisma.empty;
  return Prisma.sql`
    WITH picks AS (
      SELECT c.article_id, c.published_at
      FROM unnest(${categories}::text[]) AS k(key)
      CROSS JOIN LATERAL (
        SELECT ac.article_id, ac.published_at
        FROM ${t.articleCategories} ac
        WHERE ac.category_key = k.key ${keyset}
        ORDER BY ac.published_at DESC, ac.article_id DESC
        LIMIT ${limit}
      ) c
    ), page AS (
      SELECT DISTINCT article_id, published_at FROM picks
      ORDER BY published_at DESC, article_id DESC
      LIMIT ${limit}
    )
    SELECT a.id, a.title, a.url, a.summary, a.published_at, a.image_key,
      (SELECT array_agg(x.category_key ORDER BY x.category_key) FROM ${t.articleCategories} x WHERE x.article_id = a.id) AS categories
    FROM page p JOIN ${t.articles} a ON a.id = p.article_id
    ORDER BY p.published_at DESC, p.article_id DESC`;
}

export class FeedReader {
  private readonly pages: TtlCache<FeedPage>;
  private readonly subscriptions: TtlCache<string[]>;
  /** Reads in flight, so concurrent requests for one page share one query. */
  private readonly inFlight = new Map<string, Promise<FeedPage>>();
  private generation = 0;

  constructor(
    private readonly db: PrismaClient,
    options: { ttlMs: number; maxEntries: number },
    private readonly schema: string,
  ) {
    this.pages = new TtlCache(options.ttlMs, options.maxEntries);
    this.subscriptions = new TtlCache(options.ttlMs, options.maxEntries);
  }

  /** After an import anywhere: every cached page may be stale. */
  articlesChanged(): void {
    this.generation += 1;
    this.pages.clear();
    this.inFlight.clear();
  }

  subscriptionsChanged(siteId: string): void {
    this.subscriptions.delete(siteId);
  }

  async subscriptionsOf(siteId: string): Promise<string[]> {
    const cached = this.subscriptions.get(siteId);
    if (cached) return cached;
    const rows = await this.db.subscription.findMany({ where: { siteId }, orderBy: { categoryKey: 'asc' }, select: { categoryKey: true } });
    const keys = rows.map((r) => r.categoryKey);
    this.subscriptions.set(siteId, keys);
    return keys;
  }

  async page(siteId: string, limit: number, after: Position | null): Promise<FeedPage> {
    await failpoint('feed.page');
    const categories = await this.subscriptionsOf(siteId);
    if (categories.length === 0) return { articles: [], next: null };
    const key = `${categories.join(',')}|${limit}|${after ? formatPosition(after) : ''}`;
    const cached = this.pages.get(key);
    if (cached) return cached;
    let pending = this.inFlight.get(key);
    if (!pending) {
      const generation = this.generation;
      pending = this.read(categories, limit, after).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
      // A page read before an import finished must not be cached after it.
      void pending.then((page) => generation === this.generation && this.pages.set(key, page)).catch(() => undefined);
    }
    return pending;
  }

  private async read(categories: string[], limit: number, after: Position | null): Promise<FeedPage> {
    const rows = await this.db.$queryRaw<PageRow[]>(pageQuery(this.schema, categories, limit + 1, after));
    const articles = rows.slice(0, limit).map((r) => ({
      id: r.id,
      title: r.title,
      url: r.url,
      summary: r.summary,
      publishedAt: new Date(r.published_at),
      imageKey: r.image_key,
      categories: r.categories ?? [],
    }));
    const last = articles[articles.length - 1];
    return { articles, next: rows.length > limit && last ? { publishedAt: last.publishedAt, id: last.id } : null };
  }
}
