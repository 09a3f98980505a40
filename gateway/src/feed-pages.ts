/**
 * Feed pages, cached on each gateway replica so that a hot feed page costs no service call and no
 * serialisation. Two caches (LRU with FEED_PAGE_CACHE_TTL_MS):
 * - a Site's subscription set (GetSubscriptions), dropped when the feed announces that the Site's
 *   subscriptions were replaced;
 * - the public answer of a page as JSON text, keyed by (subscription set, limit, cursor), so Sites
 *   with the same subscriptions share it; every page is dropped when the feed announces an import.
 * - a Site's personalized page (design 9): the shared page with the Site's generated variants laid
 *   over it as `personalized` (GetVariants from media), for Sites whose plan has AI generation;
 *   dropped when media announces a new variant of the Site, and with every page on an import.
 * All weigh at most FEED_PAGE_CACHE_MAX_BYTES, counting the bytes of keys as well as of values (a
 * subscription set's key holds up to 100 category keys of 64 characters): the sets may take an
 * eighth of it, the personalized pages three eighths, the shared pages the rest (least recently
 * used go first). A media service that does not answer costs a feed no more than the shared page:
 * for MEDIA_RETRY_MS after a failed GetVariants the Site's page is answered without `personalized`.
 * The bus reaches every replica; after a bus outage (announcements may have been missed) both are
 * emptied. A load that an announcement overtakes is not kept (LoadingCache). The feed service
 * itself caches nothing, so a page loaded after an announcement is read from the database.
 */
import { CHANNELS, type Bus } from '@cfs/common/bus';
import { LoadingCache } from '@cfs/common/loading-cache';
import type { z } from 'zod';
import type { Article__Output } from '@cfs/protos/generated/cfs/feed/v1/Article.js';
import type { AiVariant__Output } from '@cfs/protos/generated/cfs/media/v1/AiVariant.js';
import type { FeedCursor, FeedCursorCodec } from './cursor.ts';
import { SerializedAnswer } from './route.ts';
import type { Rpc } from './rpc.ts';
import { FeedPage } from './routes/feed-schemas.ts';

interface PageLoad {
  categories: string[];
  limit: number;
  after: FeedCursor | null;
  rpc: Rpc;
}

/** The part of the byte bound the subscription sets may take: each is a few short keys, a page a few KB. */
const SETS_SHARE_OF_BYTES = 1 / 8;
const PERSONALIZED_SHARE_OF_BYTES = 3 / 8;
/** After a failed GetVariants, pages go out without `personalized` this long before media is asked again. */
const MEDIA_RETRY_MS = 5000;

interface PersonalLoad {
  siteId: string;
  shared: SerializedAnswer;
  rpc: Rpc;
}

type FeedPageValue = z.output<typeof FeedPage>;

const bytesOf = (text: string) => Buffer.byteLength(text, 'utf8');

/** The public path of a generated image (each key segment URL-encoded). */
const imageUrlOf = (key: string) => `/media/generated/${key.split('/').map(encodeURIComponent).join('/')}`;

type PublicArticle = FeedPageValue['data'][number];

/** A feed item as the API shows it, from the feed service's article. */
export function publicArticle(a: Article__Output): PublicArticle {
  return {
    id: a.id,
    title: a.title,
    url: a.url,
    summary: a.summary ?? null,
    publishedAt: a.publishedAt,
    categories: a.categories,
    imageKey: a.imageKey ?? null,
    imageUrl: a.imageKey ? imageUrlOf(a.imageKey) : null,
  };
}

/** The items with the Site's variants laid over them as `personalized` (those without one unchanged). */
function withVariants<T extends { id: string }>(items: T[], variants: AiVariant__Output[]): T[] {
  const byArticle = new Map(variants.map((v) => [v.articleId, v]));
  return items.map((a) => {
    const v = byArticle.get(a.id);
    return v
      ? {
          ...a,
          personalized: {
            title: v.title,
            summary: v.summary,
            metaDescription: v.metaDescription,
            imageUrl: v.imageKey ? imageUrlOf(v.imageKey) : null,
            generatedAt: v.generatedAt,
          },
        }
      : a;
  });
}

export class FeedPageCache {
  private readonly sets: LoadingCache<string[], Rpc>;
  private readonly pages: LoadingCache<SerializedAnswer, PageLoad>;
  private readonly personalized: LoadingCache<SerializedAnswer, PersonalLoad>;
  private readonly now: () => number;
  private mediaRetryAt = 0;

  constructor(options: { bus: Bus; cursors: FeedCursorCodec; ttlMs: number; maxEntries: number; maxBytes: number; maxSites: number; now?: () => number }) {
    const clock = options.now ? { now: options.now } : {};
    this.now = options.now ?? Date.now;
    const setsBytes = Math.max(1, Math.floor(options.maxBytes * SETS_SHARE_OF_BYTES));
    const personalizedBytes = Math.max(1, Math.floor(options.maxBytes * PERSONALIZED_SHARE_OF_BYTES));
    this.sets = new LoadingCache<string[], Rpc>({
      name: 'gateway.feed-subscriptions',
      maxEntries: options.maxSites,
      maxSize: setsBytes,
      sizeOf: (categories, siteId) => categories.reduce((sum, key) => sum + bytesOf(key), bytesOf(siteId)),
      ttlMs: options.ttlMs,
      load: async (siteId, rpc) => (await rpc('feed', 'GetSubscriptions', { siteId })).categories,
      ...clock,
    });
    this.pages = new LoadingCache<SerializedAnswer, PageLoad>({
      name: 'gateway.feed-pages',
      maxEntries: options.maxEntries,
      maxSize: Math.max(1, options.maxBytes - setsBytes - personalizedBytes),
      sizeOf: (answer, key) => answer.body.byteLength + bytesOf(key),
      ttlMs: options.ttlMs,
      load: async (_key, { categories, limit, after, rpc }) => {
        const page = await rpc('feed', 'GetFeedPage', { siteId: '', limit, categories: { keys: categories }, ...(after ? { after } : {}) });
        return SerializedAnswer.of(FeedPage, {
          data: page.articles.map(publicArticle),
          nextCursor: page.next ? options.cursors.encode(page.next) : null,
        });
      },
      ...clock,
    });
    this.personalized = new LoadingCache<SerializedAnswer, PersonalLoad>({
      name: 'gateway.feed-personalized',
      maxEntries: options.maxEntries,
      maxSize: personalizedBytes,
      sizeOf: (answer, key) => answer.body.byteLength + bytesOf(key),
      ttlMs: options.ttlMs,
      load: async (_key, { siteId, shared, rpc }) => {
        const page = JSON.parse(shared.body.toString('utf8')) as FeedPageValue;
        const { variants } = await rpc('media', 'GetVariants', { siteId, articleIds: page.data.map((a) => a.id) });
        if (variants.length === 0) return shared;
        return SerializedAnswer.of(FeedPage, { ...page, data: withVariants(page.data, variants) });
      },
      ...clock,
    });
    options.bus.subscribe(CHANNELS.subscriptionsChanged, (siteId) => this.sets.delete(siteId));
    options.bus.subscribe(CHANNELS.articlesChanged, () => {
      this.pages.clear();
      this.personalized.clear();
    });
    options.bus.subscribe(CHANNELS.variantsChanged, (siteId) => this.personalized.deleteWhere((_page, key) => key.startsWith(`${siteId}|`)));
    options.bus.onReconnect(() => {
      this.sets.clear();
      this.pages.clear();
      this.personalized.clear();
    });
  }

  /** One page of a Site's feed, as the public answer's JSON; with the Site's variants laid over it when `personalized`. */
  async page(siteId: string, limit: number, after: FeedCursor | null, rpc: Rpc, options: { personalized: boolean }): Promise<SerializedAnswer> {
    const categories = await this.sets.get(siteId, rpc);
    const key = `${categories.join(',')}|${limit}|${after ? `${after.publishedAt}|${after.articleId}` : ''}`;
    const shared = await this.pages.get(key, { categories, limit, after, rpc });
    if (!options.personalized) return shared;
    const personalKey = `${siteId}|${key}`;
    const cached = this.personalized.cached(personalKey);
    if (cached) return cached;
    return this.orWithoutVariants(shared, () => this.personalized.get(personalKey, { siteId, shared, rpc }));
  }

  /**
   * What `withVariants` answers, or `plain` while media does not answer: the feed answers without
   * `personalized` rather than not at all (the variants are an addition), and media is asked again
   * after MEDIA_RETRY_MS.
   */
  private async orWithoutVariants<T>(plain: T, withVariants: () => Promise<T>): Promise<T> {
    if (this.now() < this.mediaRetryAt) return plain;
    try {
      return await withVariants();
    } catch {
      this.mediaRetryAt = this.now() + MEDIA_RETRY_MS;
      return plain;
    }
  }

  /**
   * Items (the changes feed's upserts) with the Site's variants, read now (not cached: a changes page
   * is asked once); without them while media does not answer, as pages are.
   */
  async personalizeItems<T extends { id: string }>(siteId: string, items: T[], rpc: Rpc): Promise<T[]> {
    if (items.length === 0) return items;
    return this.orWithoutVariants(items, async () =>
      withVariants(items, (await rpc('media', 'GetVariants', { siteId, articleIds: items.map((a) => a.id) })).variants),
    );
  }

  /** What this replica holds now (subscription sets by Site, pages by key), for inspection. */
  cachedEntries(): { sets: Array<[string, string[]]>; pages: Array<[string, SerializedAnswer]> } {
    return { sets: this.sets.entries(), pages: this.pages.entries() };
  }

  /** This replica replaced the Site's subscriptions: forget its set now (the announcement reaches the others). */
  subscriptionsChanged(siteId: string): void {
    this.sets.delete(siteId);
  }
}
