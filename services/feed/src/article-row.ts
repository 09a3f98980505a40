/**
 * An article as the feed's raw SQL reads it, declared once and mapped once: every query that
 * answers articles (the page query, the changes feed, GetArticles, ListArticleChanges, the import's
 * read of what is stored) selects articleColumns and maps each row with articleOf.
 */
import { Prisma } from './generated/prisma/client.ts';

/** An article as the feed hands it out (FeedService's Article message is made from it in server.ts). */
export interface FeedArticle {
  id: string;
  title: string;
  url: string;
  summary: string | null;
  publishedAt: Date;
  imageKey: string | null;
  /** The publisher's own image (a Source's item: absolute http(s), any host); null when it gave none. */
  imageUrl: string | null;
  categories: string[];
}

/** One row of articleColumns. */
export interface ArticleRow {
  id: string;
  title: string;
  url: string;
  summary: string | null;
  published_at: Date;
  image_key: string | null;
  image_url: string | null;
  /** Its category keys in key order; null when it is in none (or the row is missing). */
  categories: string[] | null;
}

/** The columns of an ArticleRow, of the articles table aliased `a`, its categories read from `articleCategories`. */
export function articleColumns(articleCategories: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`a.id, a.title, a.url, a.summary, a.published_at, a.image_key, a.image_url,
    (SELECT array_agg(c.category_key ORDER BY c.category_key) FROM ${articleCategories} c WHERE c.article_id = a.id) AS categories`;
}

export const articleOf = (r: ArticleRow): FeedArticle => ({
  id: r.id,
  title: r.title,
  url: r.url,
  summary: r.summary,
  publishedAt: new Date(r.published_at),
  imageKey: r.image_key,
  imageUrl: r.image_url,
  categories: r.categories ?? [],
});
