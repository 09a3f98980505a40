/**
 * The feed of a Site, read from the database on every call: the Site's subscriptions, then one page
 * query for them. Nothing is cached here: the gateway caches pages by subscription set, and a second
 * cache under it could hand a gateway that was just told of a change the page from before it.
 */
import { failpoint } from '@cfs/common/failpoints';
import { parseOrRefuse, subscribedCategories } from '@cfs/common/rules';
import type { PrismaClient } from './generated/prisma/client.ts';
import { readPage, type ArticlePage, type Cursor } from './page-query.ts';

const EMPTY: ArticlePage = { articles: [], next: null };

export class FeedPages {
  constructor(
    private readonly db: PrismaClient,
    /** The schema of the feed tables (raw SQL names it). */
    private readonly schema: string,
  ) {}

  /** The category keys a Site subscribes to, sorted. */
  async subscriptionsOf(siteId: string): Promise<string[]> {
    const rows = await this.db.subscription.findMany({ where: { siteId }, orderBy: { categoryKey: 'asc' }, select: { categoryKey: true } });
    return rows.map((r) => r.categoryKey);
  }

  /** A page of the Site's feed: the articles of the categories it subscribes to. */
  async page(siteId: string, limit: number, after: Cursor | null): Promise<ArticlePage> {
    return this.pageOf(await this.subscriptionsOf(siteId), limit, after);
  }

  /** A page of the articles of some categories (a subscription set; INVALID_ARGUMENT when it breaks the subscription rule). */
  async pageOf(categories: string[], limit: number, after: Cursor | null): Promise<ArticlePage> {
    await failpoint('feed.page');
    const keys = parseOrRefuse(subscribedCategories, categories, { where: 'categories' });
    if (keys.length === 0) return EMPTY;
    return readPage(this.db, this.schema, keys, limit, after);
  }
}
