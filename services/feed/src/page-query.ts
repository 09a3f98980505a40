/**
 * The feed's page query: the articles of some categories, newest first, in keyset pages. A page is
 * one query: per category an index range scan on article_categories_feed_idx from the cursor,
 * merged, de-duplicated and cut to the limit, so its cost does not grow with the table.
 */
import { malformed } from '@cfs/common/errors';
import { ARTICLE_ID_MAX } from '@cfs/common/rules';
import type { FeedCursor__Output as CursorMessageIn } from '@cfs/protos/generated/cfs/feed/v1/FeedCursor.js';
import { articleColumns, articleOf, type ArticleRow, type FeedArticle } from './article-row.ts';
import { Prisma, type PrismaClient } from './generated/prisma/client.ts';

/** Where a page starts (exclusive): the last article of the previous page. */
export interface Cursor {
  publishedAt: Date;
  articleId: string;
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
    SELECT ${articleColumns(t.articleCategories)}
    FROM page p JOIN ${t.articles} a ON a.id = p.article_id
    ORDER BY p.published_at DESC, p.article_id DESC`;
}

/** Reads one page (one query: limit + 1 rows tell whether a next page exists). */
export async function readPage(db: PrismaClient, schema: string, categories: string[], limit: number, after: Cursor | null): Promise<ArticlePage> {
  const rows = await db.$queryRaw<ArticleRow[]>(pageQuery(schema, categories, limit + 1, after));
  const articles = rows.slice(0, limit).map(articleOf);
  const last = articles[articles.length - 1];
  return { articles, next: rows.length > limit && last ? { publishedAt: last.publishedAt, articleId: last.id } : null };
}

/** A position in the order articles changed in (updated_at, then id): where ListArticleChanges goes on. */
export interface ArticleChangePosition {
  updatedAt: Date;
  articleId: string;
}

export function articleChangePositionFromMessage(message: { updatedAt: string; articleId: string }): ArticleChangePosition {
  const updatedAt = new Date(message.updatedAt);
  if (!message.updatedAt || Number.isNaN(updatedAt.getTime())) throw malformed('after: updatedAt is not a timestamp');
  if (message.articleId.length > ARTICLE_ID_MAX) throw malformed(`after: articleId must be at most ${ARTICLE_ID_MAX} characters`);
  return { updatedAt, articleId: message.articleId };
}

/** The articles of these ids that exist, and the ids of those removed (a tombstone in article_changes), in id order. */
export async function readArticles(db: PrismaClient, schema: string, ids: string[]): Promise<{ articles: FeedArticle[]; removed: string[] }> {
  const t = feedTables(schema);
  const [rows, removed] = await Promise.all([
    db.$queryRaw<ArticleRow[]>`SELECT ${articleColumns(t.articleCategories)} FROM ${t.articles} a WHERE a.id = ANY(${ids}::text[]) ORDER BY a.id`,
    db.articleChange.findMany({ where: { articleId: { in: ids }, removed: true }, select: { articleId: true }, orderBy: { articleId: 'asc' } }),
  ]);
  return { articles: rows.map(articleOf), removed: removed.map((r) => r.articleId) };
}

/** Articles changed after a position, oldest change first (an index scan of articles_changes_idx). */
export async function readChanges(
  db: PrismaClient,
  schema: string,
  after: ArticleChangePosition | null,
  limit: number,
): Promise<{ articles: FeedArticle[]; last: ArticleChangePosition | null }> {
  const t = feedTables(schema);
  const from = after
    ? Prisma.sql`WHERE a.updated_at > ${after.updatedAt}::timestamptz OR (a.updated_at = ${after.updatedAt}::timestamptz AND a.id > ${after.articleId})`
    : Prisma.empty;
  const rows = await db.$queryRaw<Array<ArticleRow & { updated_at: Date }>>`
    SELECT ${articleColumns(t.articleCategories)}, a.updated_at FROM ${t.articles} a ${from}
    ORDER BY a.updated_at, a.id LIMIT ${limit}`;
  const last = rows[rows.length - 1];
  return { articles: rows.map(articleOf), last: last ? { updatedAt: new Date(last.updated_at), articleId: last.id } : null };
}
