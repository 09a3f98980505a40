/**
 * The feed of a Site, cached: pages are cached by (subscription set, cursor, limit), so Sites with
 * the same subscriptions share one query, and a Site's subscriptions are cached too (LRU with a TTL,
 * FEED_CACHE_TTL_MS; concurrent requests for one page share one query). An import anywhere clears the
 * pages, on every replica (the bus); a page read while an import finished is not kept.
 */
import { failpoint } from '@cfs/common/failpoints';
import { LoadingCache } from '@cfs/common/loading-cache';
import type { PrismaClient } from './generated/prisma/client.ts';
import { readPage, type ArticlePage, type Cursor } from './page-query.ts';

interface PageRequest {
  categories: string[];
  limit: number;
  after: Cursor | null;
}

const EMPTY: ArticlePage = { articles: [], next: null };

export class FeedPages {
  private readonly pages: LoadingCache<ArticlePage, PageRequest>;
  private readonly subscriptions: LoadingCache<string[], undefined>;

  constructor(
    db: PrismaClient,
    /** The schema of the feed tables (raw SQL names it). */
    schema: string,
    options: { ttlMs: number; maxEntries: number },
  ) {
    this.pages = new LoadingCache({ ...options, name: 'feed.pages', load: (_key, r) => readPage(db, schema, r.categories, r.limit, r.after) });
    this.subscriptions = new LoadingCache({
      ...options,
      name: 'feed.subscriptions',
      load: async (siteId) =>
        (await db.subscription.findMany({ where: { siteId }, orderBy: { categoryKey: 'asc' }, select: { categoryKey: true } })).map((r) => r.categoryKey),
    });
  }

  /** After an import anywhere: every cached page may be stale. */
  articlesChanged(): void {
    this.pages.clear();
  }

  subscriptionsChanged(siteId: string): void {
    this.subscriptions.delete(siteId);
  }

  subscriptionsOf(siteId: string): Promise<string[]> {
    return this.subscriptions.get(siteId, undefined);
  }

  async page(siteId: string, limit: number, after: Cursor | null): Promise<ArticlePage> {
    await failpoint('feed.page');
    const categories = await this.subscriptionsOf(siteId);
    if (categories.length === 0) return EMPTY;
    const key = `${categories.join(',')}|${limit}|${after ? `${after.publishedAt.toISOString()}|${after.articleId}` : ''}`;
    return this.pages.get(key, { categories, limit, after });
  }
}
