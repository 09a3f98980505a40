/**
 * Article ingestion: one JSON object a line (`articles import --file F.jsonl`), validated line by
 * line; bad lines are rejected with their reason, the others imported; importing an id again
 * updates the article. An article without an id gets one derived from its url, so re-importing the
 * same file never duplicates.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import {
  ARTICLE_CATEGORIES_MAX,
  ARTICLE_ID,
  ARTICLE_SUMMARY_MAX,
  ARTICLE_TITLE_MAX,
  categoryKey,
  CONTROL_CHARACTER_MESSAGE,
  formatIssues,
  httpUrl,
  mediaKey,
  paragraphs,
  providerAddress,
  text,
  withoutControlCharacters,
} from '@cfs/common/rules';
import { toPlainText } from '@cfs/common/rules/plain-text';
import { CHANNELS, type Bus } from '@cfs/common/bus';
import { malformed } from '@cfs/common/errors';
import { recordArticleChanges } from './changes.ts';
import { articleColumns, type ArticleRow } from './article-row.ts';
import { feedTables } from './page-query.ts';
import { Prisma, type PrismaClient } from './generated/prisma/client.ts';

/**
 * An import line. Title and summary are stored as their plain text (toPlainText): the feed hands out
 * text a consumer escapes and is done with, never a publisher's markup (a script, an onerror
 * handler). A title with no text once its markup is gone is refused like an empty one; a summary
 * with none is no summary.
 */
export const articleSchema = z.strictObject({
  id: z.string().regex(ARTICLE_ID, 'id: 1-64 letters, digits, _ . : -').optional(),
  title: text(ARTICLE_TITLE_MAX)
    .transform((t) => toPlainText(t))
    .pipe(z.string().min(1, 'holds no text once its markup is removed')),
  url: httpUrl,
  summary: paragraphs(ARTICLE_SUMMARY_MAX)
    .transform((t) => toPlainText(t, { keepLineBreaks: true }))
    .optional(),
  publishedAt: z.iso.datetime({ offset: true }),
  categories: z.array(categoryKey).min(1).max(ARTICLE_CATEGORIES_MAX),
  imageKey: mediaKey.optional(),
});

/** A URL as a publisher gives it: absolute http(s), on any host, at most 2 048 characters. */
const publisherAddress = z.string().max(2048).refine(withoutControlCharacters, CONTROL_CHARACTER_MESSAGE).pipe(providerAddress());

/**
 * An article read from a Source: an import line's rules, but the link and image as the publisher
 * gave them, on any host (services/feed/README.md#sources).
 */
export const sourceArticleSchema = articleSchema.extend({
  url: publisherAddress,
  // The publisher's image (src/sources/map-item.ts); one that is no such address is no image, not a
  // reason to refuse the article.
  imageUrl: publisherAddress.optional().catch(undefined),
});

export interface ArticleLine {
  line: number;
  /** The parsed JSON of the line. */
  value: unknown;
}

export interface Rejection {
  line: number;
  reason: string;
}

export function articleIdForUrl(url: string): string {
  return `art_${createHash('sha256').update(url).digest('hex').slice(0, 24)}`;
}

export interface ValidArticle {
  id: string;
  /** The Source it was read from (src/sources/), absent for imported lines. */
  sourceId?: string;
  title: string;
  url: string;
  summary: string | null;
  publishedAt: Date;
  categories: string[];
  imageKey: string | null;
  /** The publisher's own image (Sources only); null for import lines. */
  imageUrl: string | null;
}

export function validateArticles(lines: ArticleLine[], categoryKeys: Set<string>): { valid: ValidArticle[]; rejected: Rejection[] } {
  const rejected: Rejection[] = [];
  const byId = new Map<string, ValidArticle>();
  for (const { line, value } of lines) {
    const parsed = articleSchema.safeParse(value);
    if (!parsed.success) {
      rejected.push({ line, reason: formatIssues(parsed.error, { max: 1 }).slice(0, 300) });
      continue;
    }
    const a = parsed.data;
    const unknown = a.categories.find((c) => !categoryKeys.has(c));
    if (unknown !== undefined) {
      rejected.push({ line, reason: `categories: unknown category key "${unknown.slice(0, 64)}"` });
      continue;
    }
    const id = a.id ?? articleIdForUrl(a.url);
    byId.set(id, {
      id,
      title: a.title,
      url: a.url,
      summary: a.summary || null,
      publishedAt: new Date(a.publishedAt),
      categories: [...new Set(a.categories)],
      imageKey: a.imageKey ?? null,
      imageUrl: null,
    });
  }
  return { valid: [...byId.values()], rejected };
}

/** Whether an import line changes what the feed shows of an article. */
function differs(stored: ArticleRow, a: ValidArticle): boolean {
  return (
    stored.title !== a.title ||
    stored.url !== a.url ||
    stored.summary !== a.summary ||
    new Date(stored.published_at).getTime() !== a.publishedAt.getTime() ||
    stored.image_key !== a.imageKey ||
    stored.image_url !== a.imageUrl ||
    [...(stored.categories ?? [])].sort().join(',') !== [...a.categories].sort().join(',')
  );
}

export interface UpsertCounts {
  created: number;
  updated: number;
  unchanged: number;
}

/**
 * Upserts a batch in one transaction: the rows of each article that is new or shows differently,
 * then their category rows, and a change in the changes feed for each (src/changes.ts). An article
 * that shows the same is not written at all: its updated_at (the order the generation planner reads
 * changes in, ListArticleChanges) and every feed's ETag stay as they were.
 */
export async function upsertArticles(db: PrismaClient, schema: string, batch: ValidArticle[]): Promise<UpsertCounts> {
  if (batch.length === 0) return { created: 0, updated: 0, unchanged: 0 };
  const t = feedTables(schema);
  return db.$transaction(async (tx) => {
    const stored = new Map(
      (
        await tx.$queryRaw<ArticleRow[]>`
        SELECT ${articleColumns(t.articleCategories)}
        FROM ${t.articles} a WHERE a.id = ANY(${batch.map((a) => a.id)}::text[]) FOR UPDATE`
      ).map((r) => [r.id, r]),
    );
    const articles = batch.filter((a) => !stored.has(a.id) || differs(stored.get(a.id)!, a));
    const counts = { created: articles.filter((a) => !stored.has(a.id)).length, updated: 0, unchanged: batch.length - articles.length };
    counts.updated = articles.length - counts.created;
    if (articles.length === 0) return counts;
    const ids = articles.map((a) => a.id);
    const links = articles.flatMap((a) => a.categories.map((c) => ({ id: a.id, category: c, publishedAt: a.publishedAt })));
    await tx.$executeRaw`
      INSERT INTO ${t.articles} (id, title, url, summary, published_at, image_key, image_url, source_id, created_at, updated_at)
      SELECT * , now(), now() FROM unnest(
        ${ids}::text[], ${articles.map((a) => a.title)}::text[], ${articles.map((a) => a.url)}::text[],
        ${articles.map((a) => a.summary)}::text[], ${articles.map((a) => a.publishedAt)}::timestamptz[],
        ${articles.map((a) => a.imageKey)}::text[], ${articles.map((a) => a.imageUrl)}::text[],
        ${articles.map((a) => a.sourceId ?? null)}::text[])
      ON CONFLICT (id) DO UPDATE SET title = EXCLUDED.title, url = EXCLUDED.url, summary = EXCLUDED.summary,
        published_at = EXCLUDED.published_at, image_key = EXCLUDED.image_key, image_url = EXCLUDED.image_url,
        source_id = coalesce(EXCLUDED.source_id, ${t.articles}.source_id), updated_at = now()`;
    await tx.$executeRaw`DELETE FROM ${t.articleCategories} WHERE article_id = ANY(${ids}::text[])`;
    await tx.$executeRaw`
      INSERT INTO ${t.articleCategories} (article_id, category_key, published_at)
      SELECT * FROM unnest(${links.map((l) => l.id)}::text[], ${links.map((l) => l.category)}::text[], ${links.map((l) => l.publishedAt)}::timestamptz[])`;
    await recordArticleChanges(
      tx,
      schema,
      articles.map((a) => ({ id: a.id, before: stored.get(a.id)?.categories ?? [], now: a.categories })),
      false,
    );
    return counts;
  });
}

/** Removes articles (`articles remove`): they leave every feed; each is a delete in the changes feed. */
export async function removeArticles(db: PrismaClient, schema: string, ids: string[]): Promise<number> {
  const unique = [...new Set(ids)];
  if (unique.length === 0 || unique.length > 1000) throw malformed('ids: 1 to 1000 article ids');
  const bad = unique.find((id) => !ARTICLE_ID.test(id));
  if (bad !== undefined) throw malformed(`ids: not an article id: ${bad.slice(0, 64)}`);
  const t = feedTables(schema);
  return db.$transaction(async (tx) => {
    const gone = await tx.$queryRaw<Array<{ id: string; categories: string[] | null }>>`
      WITH cats AS (
        DELETE FROM ${t.articleCategories} WHERE article_id = ANY(${unique}::text[]) RETURNING article_id, category_key
      ), arts AS (
        DELETE FROM ${t.articles} WHERE id = ANY(${unique}::text[]) RETURNING id
      )
      SELECT arts.id, (SELECT array_agg(category_key) FROM cats WHERE cats.article_id = arts.id) AS categories FROM arts`;
    await recordArticleChanges(
      tx,
      schema,
      gone.map((g) => ({ id: g.id, before: g.categories ?? [], now: [] })),
      true,
    );
    return gone.length;
  });
}

/** Reads a JSON-lines file: one entry per non-empty line, or a rejection when it is not JSON. */
export function readJsonLines(text: string): { lines: ArticleLine[]; rejected: Rejection[] } {
  const lines: ArticleLine[] = [];
  const rejected: Rejection[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    if (!raw.trim()) return;
    try {
      lines.push({ line: index + 1, value: JSON.parse(raw) });
    } catch {
      rejected.push({ line: index + 1, reason: 'not valid JSON' });
    }
  });
  return { lines, rejected };
}

/**
 * Imports article lines: validates each, upserts the valid ones, and announces the change to every
 * replica; `committed` is told after each write that changed something (it wakes the webhook outbox
 * relay, src/webhook-events.ts).
 */
export class ArticleImporter {
  constructor(
    private readonly db: PrismaClient,
    private readonly schema: string,
    private readonly bus: Bus,
    private readonly committed: () => void = () => undefined,
  ) {}

  async importLines(lines: ArticleLine[]): Promise<{ imported: number; rejected: Rejection[] }> {
    const categoryKeys = new Set((await this.db.category.findMany({ select: { key: true } })).map((c) => c.key));
    const { valid, rejected } = validateArticles(lines, categoryKeys);
    const counts = await upsertArticles(this.db, this.schema, valid);
    if (counts.created + counts.updated > 0) this.committed();
    if (valid.length > 0) {
      await this.bus.publish(CHANNELS.articlesChanged, String(valid.length)).catch(() => undefined);
    }
    return { imported: valid.length, rejected };
  }

  /**
   * Imports the articles of one fetch of a Source: each is checked like an import line, the valid
   * ones upserted with the Source's id, the change announced when there was one.
   *
   * The link and the image are kept as the publisher gave them, on any host (an IP address or
   * localhost included: sourceArticleSchema), which the public Article schema carries
   * (gateway/src/schemas/feed-schemas.ts); the image is the publisher's URL, never a copy.
   */
  async importSourceArticles(
    sourceId: string,
    articles: Array<{
      id: string;
      identity: string;
      title: string;
      url: string;
      summary?: string;
      publishedAt: string;
      imageUrl?: string;
      categories: string[];
    }>,
  ): Promise<UpsertCounts & { rejected: Array<{ item: string; reason: string }> }> {
    const valid: ValidArticle[] = [];
    const rejected: Array<{ item: string; reason: string }> = [];
    for (const a of articles) {
      const parsed = sourceArticleSchema.safeParse({
        id: a.id,
        title: a.title,
        url: a.url,
        ...(a.summary === undefined ? {} : { summary: a.summary }),
        ...(a.imageUrl === undefined ? {} : { imageUrl: a.imageUrl }),
        publishedAt: a.publishedAt,
        categories: a.categories,
      });
      if (!parsed.success) {
        rejected.push({ item: a.identity.slice(0, 200), reason: formatIssues(parsed.error, { max: 1 }).slice(0, 300) });
        continue;
      }
      const v = parsed.data;
      valid.push({
        id: a.id,
        sourceId,
        title: v.title,
        url: v.url,
        summary: v.summary ?? null,
        publishedAt: new Date(v.publishedAt),
        categories: [...new Set(v.categories)],
        imageKey: null,
        imageUrl: v.imageUrl ?? null,
      });
    }
    const counts = await upsertArticles(this.db, this.schema, valid);
    if (counts.created + counts.updated > 0) {
      this.committed();
      await this.bus.publish(CHANNELS.articlesChanged, String(counts.created + counts.updated)).catch(() => undefined);
    }
    return { ...counts, rejected };
  }

  async remove(ids: string[]): Promise<number> {
    const removed = await removeArticles(this.db, this.schema, ids);
    if (removed > 0) {
      this.committed();
      await this.bus.publish(CHANNELS.articlesChanged, String(removed)).catch(() => undefined);
    }
    return removed;
  }

  /** Loads a JSON-lines file of demo articles into an empty database (local runs); the number imported. */
  async loadDemoIfEmpty(file: string): Promise<number> {
    if ((await this.db.article.count()) > 0) return 0;
    return (await this.importLines(demoArticles(file))).imported;
  }
}

/** The demo article set shipped with the service (services/feed/demo-articles.jsonl). */
export const DEMO_ARTICLES_FILE = new URL('../demo-articles.jsonl', import.meta.url).pathname;

export function demoArticles(file: string): ArticleLine[] {
  return readJsonLines(readFileSync(file, 'utf8')).lines;
}

export { Prisma };
