/**
 * The feed's page query: the articles of some categories, newest first, in keyset pages. A page is
 * one query: per category an index range scan on article_categories_feed_idx from the cursor,
 * merged, de-duplicated and cut to the limit, so its cost does not grow with the table.
 */
import { malformed } from '@cfs/common/errors';
import { ARTICLE_ID_MAX } from '@cfs/common/rules';
import type { FeedCursor__Output as CursorMessageIn } from '@cfs/protos/generated/cfs/feed/v1/FeedCursor.js';
import { Prisma, type PrismaClient } from './generated/prisma/client.ts';

/** Where a page starts (exclusive): the last article of the previous page. */
export interface Cursor {
  publishedAt: Date;
  articleId: string;
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

/** One page of articles and the cursor of the next one (null on the last page). */
export interface ArticlePage {
  articles: FeedArticle[];
  next: Cursor | null;
}

/** The cursor of a request (the gateway's codec read the client's opaque one: gateway/src/tokens/feed-cursor.ts); INVALID_ARGUMENT when malformed. */
export function cursorFromMessage(message: CursorMessageIn): Cursor {
  const publishedAt = new Date(message.publishedAt);
  if (!message.publishedAt || Number.isNaN(publishedAt.getTime())) throw malformed('cursor: publishedAt is not a timestamp');
  if (!message.articleId || message.articleId.length > ARTICLE_ID_MAX) throw malformed(`cursor: articleId must be 1 to ${ARTICLE_ID_MAX} characters`);
  return { publishedAt, articleId: message.articleId };
}

export function cursorToMessage(cursor: Cursor): CursorMessageIn {
  return { publishedAt: cursor.publishedAt.toISOString(), articleId: cursor.articleId };
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
  return {
    articles: q('articles'),
    articleCategories: q('article_categories'),
    subscriptions: q('subscriptions'),
    // The changes feed (changes.ts).
    counter: q('change_counter'),
    articleChanges: q('article_changes'),
    categoryChanges: q('category_changes'),
    siteChanges: q('site_article_changes'),
    versions: q('subscription_versions'),
    marks: q('change_marks'),
  };
}

/** The page query; exported so a test can EXPLAIN it on a large table. */
export function pageQuery(schema: string, categories: string[], limit: number, after: Cursor | null): Prisma.Sql {
  const t = feedTables(schema);
  const keyset = after ? Prisma.sql`AND (ac.published_at, ac.article_id) < (${after.publishedAt}::timestamptz, ${after.articleId})` : Prisma.empty;
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

/** Reads one page (one query: limit + 1 rows tell whether a next page exists). */
export async function readPage(db: PrismaClient, schema: string, categories: string[], limit: number, after: Cursor | null): Promise<ArticlePage> {
  const rows = await db.$queryRaw<PageRow[]>(pageQuery(schema, categories, limit + 1, after));
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
  return { articles, next: rows.length > limit && last ? { publishedAt: last.publishedAt, articleId: last.id } : null };
}

/** A position in the order articles changed in (updated_at, then id). */
export interface ChangePosition {
  updatedAt: Date;
  articleId: string;
}

export function changePositionFromMessage(message: { updatedAt: string; articleId: string }): ChangePosition {
  const updatedAt = new Date(message.updatedAt);
  if (!message.updatedAt || Number.isNaN(updatedAt.getTime())) throw malformed('after: updatedAt is not a timestamp');
  if (message.articleId.length > ARTICLE_ID_MAX) throw malformed(`after: articleId must be at most ${ARTICLE_ID_MAX} characters`);
  return { updatedAt, articleId: message.articleId };
}

const feedArticleOf = (r: {
  id: string;
  title: string;
  url: string;
  summary: string | null;
  publishedAt: Date;
  imageKey: string | null;
  categories: Array<{ categoryKey: string }>;
}): FeedArticle => ({
  id: r.id,
  title: r.title,
  url: r.url,
  summary: r.summary,
  publishedAt: r.publishedAt,
  imageKey: r.imageKey,
  categories: r.categories.map((c) => c.categoryKey),
});

/** The articles of these ids that exist, and the ids of those removed (a tombstone in article_changes), in id order. */
export async function readArticles(db: PrismaClient, ids: string[]): Promise<{ articles: FeedArticle[]; removed: string[] }> {
  const [rows, removed] = await Promise.all([
    db.article.findMany({
      where: { id: { in: ids } },
      orderBy: { id: 'asc' },
      include: { categories: { select: { categoryKey: true }, orderBy: { categoryKey: 'asc' } } },
    }),
    db.articleChange.findMany({ where: { articleId: { in: ids }, removed: true }, select: { articleId: true }, orderBy: { articleId: 'asc' } }),
  ]);
  return { articles: rows.map(feedArticleOf), removed: removed.map((r) => r.articleId) };
}

/** Articles changed after a position, oldest change first (an index scan of articles_changes_idx). */
export async function readChanges(
  db: PrismaClient,
  after: ChangePosition | null,
  limit: number,
): Promise<{ articles: FeedArticle[]; last: ChangePosition | null }> {
  const rows = await db.article.findMany({
    where: after ? { OR: [{ updatedAt: { gt: after.updatedAt } }, { updatedAt: after.updatedAt, id: { gt: after.articleId } }] } : {},
    orderBy: [{ updatedAt: 'asc' }, { id: 'asc' }],
    take: limit,
    include: { categories: { select: { categoryKey: true }, orderBy: { categoryKey: 'asc' } } },
  });
  const articles = rows.map(feedArticleOf);
  const last = rows[rows.length - 1];
  return { articles, last: last ? { updatedAt: last.updatedAt, articleId: last.id } : null };
}
