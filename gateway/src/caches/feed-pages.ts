/**
 * Feed pages, cached on each gateway replica so that a hot feed page costs no service call and no
 * serialisation: shared pages and each Site's overlay of variants laid over them (the changes
 * feed's caught-up answers are feed-changes.ts's). LRU caches with FEED_PAGE_CACHE_TTL_MS:
 * - a Site's subscription set (GetSubscriptions), dropped when the feed announces that the Site's
 *   subscriptions were replaced (or when the Site's generation moved on; with the shared tier a set
 *   another replica recorded is kept without asking feed: caches/shared-facts.ts);
 * - the public answer of a page as JSON bytes, keyed by (subscription set, limit, cursor), so Sites
 *   with the same subscriptions share it, with its articles' ids and where each article's object
 *   ends in the bytes; every page is dropped when the feed announces an import.
 * - a Site's overlay (gateway/README.md#personalized-feed-items), for Sites whose plan has AI generation: the Site's generated
 *   variants (GetVariants from media) of the articles of the shared pages it was checked against,
 *   each kept as the JSON of its `personalized` member, never a copy of a page. One call checks
 *   every cached page of the Site's subscription set at once (up to 500 articles, the most recently
 *   read first), so the Site's other pages need no call either; a page answered with variants is laid out from the shared
 *   bytes and the Site's members per request (one copy of the page's bytes), its ETag kept with the
 *   overlay. Media answers only the variants made for each article's and the Site's profile's
 *   current versions. Dropped when media announces a new or dropped variant of the Site, when the
 *   Site replaces its SEO profile, and with every page on an import.
 * All weigh at most FEED_PAGE_CACHE_MAX_BYTES, counting the bytes of keys as well as of values (a
 * subscription set's key holds up to 100 category keys of 64 characters): the sets may take an
 * eighth of it, the overlays a quarter, the shared pages the rest after the changes feed's part (feed-changes.ts) (least recently used go first).
 * A media service that does not answer costs a feed no more than the shared page: for
 * MEDIA_RETRY_MS after a failed GetVariants for a Site, that Site's pages are answered without
 * `personalized` (other Sites' are not touched). The changes feed never is: an upsert without the
 * variant the Site has would leave a mirror with the plain text until the article changes again, so
 * while the Site's variants cannot be read its changes are answered SERVICE_UNAVAILABLE (nothing
 * applied, the client retries; services/feed/README.md#the-changes-feed).
 * The bus reaches every replica; after a bus outage (announcements may have been missed) all are
 * emptied. A load that an announcement overtakes is not kept (LoadingCache). The feed service
 * itself caches nothing, so a page loaded after an announcement is read from the database.
 */
import { CHANNELS, type Bus } from '@cfs/common/bus';
import { unavailable } from '@cfs/common/errors';
import { LoadingCache } from '@cfs/common/loading-cache';
import type { z } from 'zod';
import type { Article__Output } from '@cfs/protos/generated/cfs/feed/v1/Article.js';
import type { AiVariant__Output } from '@cfs/protos/generated/cfs/media/v1/AiVariant.js';
import { changesBytesOf } from './feed-changes.ts';
import type { SiteFactsTier } from './shared-facts.ts';
import { ownBytes, SerializedAnswer } from '../schemas/serialized-answer.ts';
import type { Rpc } from '../clients/rpc.ts';
import { FeedPage, Personalized } from '../schemas/feed-schemas.ts';
import { feedCursorText, type FeedCursor, type FeedCursorCodec } from '../tokens/feed-cursor.ts';

interface PageLoad {
  categories: string[];
  limit: number;
  after: FeedCursor | null;
  rpc: Rpc;
}

/** The part of the byte bound the subscription sets may take: each is a few short keys, a page a few KB. */
const SETS_SHARE_OF_BYTES = 1 / 8;
/**
 * The overlays' part: a Site without variants weighs about 360 bytes (checked against 21 pages), a
 * variant about 600 more, so 10 000 Sites take 4-5 MB: a quarter of the default 24 MiB.
 */
const OVERLAYS_SHARE_OF_BYTES = 1 / 4;
/** GetVariants takes at most this many article ids. */
const MAX_VARIANT_IDS = 500;
/** What an entry of the overlays costs besides its strings (the maps, the LRU's slot), roughly. */
const OVERLAY_OVERHEAD_BYTES = 160;
/** After a failed GetVariants, the Site's pages go out without `personalized` this long before media is asked again. */
const MEDIA_RETRY_MS = 5000;

/** A shared page as cached: its answer, its articles' ids and where each article's JSON object ends. */
interface SharedPage {
  key: string;
  /** The subscription set's part of the key (the pages of one set are checked together). */
  setKey: string;
  /** This load of the page (a Site's overlay records the loads it was checked against). */
  serial: number;
  answer: SerializedAnswer;
  ids: string[];
  /** The byte offset of each article's closing brace in the answer's body. */
  ends: Uint32Array;
}

/** A Site's variants, as the JSON of the `personalized` members to lay over the shared pages it was checked against. */
interface SiteOverlay {
  /** The serials of the shared pages whose articles were asked about (a few dozen at most). */
  checked: number[];
  /** By article id: `,"personalized":{…}`, inserted before the article's closing brace. */
  members: ReadonlyMap<string, string>;
  /** By serial, of the checked pages that have variants: the ETag of the page laid out. */
  tags: ReadonlyMap<number, string>;
  weight: number;
}

interface OverlayLoad {
  siteId: string;
  /** The requested page first, then the set's other cached pages. */
  pages: SharedPage[];
  rpc: Rpc;
}

type FeedPageValue = z.output<typeof FeedPage>;

const bytesOf = (text: string) => Buffer.byteLength(text, 'utf8');

/** The public path of a generated image (each key segment URL-encoded). */
const imageUrlOf = (key: string) => `/media/generated/${key.split('/').map(encodeURIComponent).join('/')}`;

type PublicArticle = FeedPageValue['data'][number];

/**
 * A feed item as the API shows it, from the feed service's article. Its imageUrl is the generated
 * image's path when it has an imageKey (imageKey keeps meaning "served at imageUrl"), else the
 * publisher's own image URL as given (a Source's item, any host), else null (docs/api.md#routes).
 */
export function publicArticle(a: Article__Output): PublicArticle {
  return {
    id: a.id,
    title: a.title,
    url: a.url,
    summary: a.summary ?? null,
    publishedAt: a.publishedAt,
    categories: a.categories,
    imageKey: a.imageKey ?? null,
    imageUrl: a.imageKey ? imageUrlOf(a.imageKey) : a.imageUrl || null,
  };
}

/** A variant as the item's `personalized` member (checked against its schema). */
function personalizedOf(v: AiVariant__Output) {
  return Personalized.parse({
    title: v.title,
    summary: v.summary,
    metaDescription: v.metaDescription,
    imageUrl: v.imageKey ? imageUrlOf(v.imageKey) : null,
    generatedAt: v.generatedAt,
  });
}

/** The items with the Site's variants laid over them as `personalized` (those without one unchanged). */
function withVariants<T extends { id: string }>(items: T[], variants: AiVariant__Output[]): T[] {
  const byArticle = new Map(variants.map((v) => [v.articleId, v]));
  return items.map((a) => {
    const v = byArticle.get(a.id);
    return v ? { ...a, personalized: personalizedOf(v) } : a;
  });
}

let serials = 0;

/** What most Sites' overlays hold (no variant on their pages), shared: an empty Map still takes a few hundred bytes. */
const NONE: ReadonlyMap<unknown, unknown> = new Map();
const none = <K, V>() => NONE as ReadonlyMap<K, V>;

/**
 * A page's answer encoded as JSON.stringify would encode the checked value (the schema puts `data`
 * before `nextCursor`), with where each article's object ends, so a Site's variants can be laid
 * over the bytes without parsing them.
 */
function sharedPage(key: string, setKey: string, value: FeedPageValue): SharedPage {
  const checked = FeedPage.parse(value);
  const items = checked.data.map((a) => JSON.stringify(a));
  const head = '{"data":[';
  const ends = new Uint32Array(items.length);
  let offset = head.length;
  items.forEach((item, i) => {
    offset += bytesOf(item);
    ends[i] = offset - 1;
    offset += 1; // the comma
  });
  const text = `${head}${items.join(',')}],"nextCursor":${JSON.stringify(checked.nextCursor)}}`;
  return { key, setKey, serial: ++serials, answer: SerializedAnswer.encoded(ownBytes(text)), ids: checked.data.map((a) => a.id), ends };
}

/** The indexes of the page's articles that have a member in the overlay, or undefined when none has. */
function personalizedItems(page: SharedPage, members: ReadonlyMap<string, string>): number[] | undefined {
  if (members.size === 0) return undefined;
  let found: number[] | undefined;
  for (let i = 0; i < page.ids.length; i++) if (members.has(page.ids[i]!)) (found ??= []).push(i);
  return found;
}

/** The page's bytes with the members inserted before their articles' closing braces. */
function laidOut(page: SharedPage, members: ReadonlyMap<string, string>, items: number[]): Buffer {
  const body = page.answer.body;
  const texts = items.map((i) => members.get(page.ids[i]!)!);
  const out = Buffer.allocUnsafe(texts.reduce((sum, text) => sum + bytesOf(text), body.byteLength));
  let from = 0;
  let at = 0;
  items.forEach((i, n) => {
    const end = page.ends[i]!;
    at += body.copy(out, at, from, end);
    at += out.write(texts[n]!, at, 'utf8');
    from = end;
  });
  body.copy(out, at, from);
  return out;
}

export class FeedPageCache {
  private readonly sets: LoadingCache<string[], Rpc>;
  private readonly pages: LoadingCache<SharedPage, PageLoad>;
  private readonly overlays: LoadingCache<SiteOverlay, OverlayLoad>;
  /** The cached shared pages of each subscription set that personalized requests read (`pages` drops them as it does). */
  private readonly pagesOfSet = new Map<string, Set<SharedPage>>();
  private readonly now: () => number;
  /** By Site: until when its pages go out without asking media (after a failed GetVariants). */
  private readonly mediaRetryAt = new Map<string, number>();
  private readonly maxSites: number;

  /** `shared`: the shared tier (caches/shared-facts.ts), where the subscription sets feed answered are recorded for the other replicas. */
  constructor(options: {
    bus: Bus;
    cursors: FeedCursorCodec;
    ttlMs: number;
    maxEntries: number;
    maxBytes: number;
    maxSites: number;
    now?: () => number;
    shared?: SiteFactsTier;
  }) {
    const clock = options.now ? { now: options.now } : {};
    this.now = options.now ?? Date.now;
    this.maxSites = options.maxSites;
    const setsBytes = Math.max(1, Math.floor(options.maxBytes * SETS_SHARE_OF_BYTES));
    const overlaysBytes = Math.max(1, Math.floor(options.maxBytes * OVERLAYS_SHARE_OF_BYTES));
    const changesBytes = changesBytesOf(options.maxBytes);
    this.sets = new LoadingCache<string[], Rpc>({
      name: 'gateway.feed-subscriptions',
      maxEntries: options.maxSites,
      maxSize: setsBytes,
      sizeOf: (categories, siteId) => categories.reduce((sum, key) => sum + bytesOf(key), bytesOf(siteId)),
      ttlMs: options.ttlMs,
      load: async (siteId, rpc) => {
        const generation = await options.shared?.generationBeforeLoad(siteId); // read before feed is asked
        const { categories } = await rpc('feed', 'GetSubscriptions', { siteId });
        options.shared?.siteFactLoaded('subscriptions', siteId, categories, generation);
        return categories;
      },
      ...clock,
    });
    this.pages = new LoadingCache<SharedPage, PageLoad>({
      name: 'gateway.feed-pages',
      maxEntries: options.maxEntries,
      maxSize: Math.max(1, options.maxBytes - setsBytes - overlaysBytes - changesBytes),
      sizeOf: (page, key) => page.answer.body.byteLength + bytesOf(key) + page.ids.reduce((sum, id) => sum + bytesOf(id), 4 * page.ends.length),
      ttlMs: options.ttlMs,
      load: async (key, { categories, limit, after, rpc }) => {
        const page = await rpc('feed', 'GetFeedPage', { siteId: '', limit, categories: { keys: categories }, ...(after ? { after } : {}) });
        return sharedPage(key, categories.join(','), {
          data: page.articles.map(publicArticle),
          nextCursor: page.next ? options.cursors.encode(page.next) : null,
        });
      },
      dispose: (page) => this.forget(page),
      ...clock,
    });
    this.overlays = new LoadingCache<SiteOverlay, OverlayLoad>({
      name: 'gateway.feed-personalized',
      maxEntries: options.maxSites,
      maxSize: overlaysBytes,
      sizeOf: (overlay) => overlay.weight,
      ttlMs: options.ttlMs,
      load: (_siteId, load) => this.loadOverlay(load),
      ...clock,
    });
    options.bus.subscribe(CHANNELS.subscriptionsChanged, (siteId) => this.subscriptionsChanged(siteId));
    options.bus.subscribe(CHANNELS.articlesChanged, () => {
      this.pages.clear();
      this.overlays.clear();
    });
    // A replaced profile makes the Site's variants stale at once (media answers current ones only).
    for (const channel of [CHANNELS.variantsChanged, CHANNELS.seoProfileChanged]) options.bus.subscribe(channel, (siteId) => this.overlays.delete(siteId));
    options.bus.onReconnect(() => {
      this.sets.clear();
      this.pages.clear();
      this.overlays.clear();
    });
  }

  /** One page of a Site's feed, as the public answer's JSON; with the Site's variants laid over it when `personalized`. */
  async page(siteId: string, limit: number, after: FeedCursor | null, rpc: Rpc, options: { personalized: boolean }): Promise<SerializedAnswer> {
    const categories = await this.sets.get(siteId, rpc);
    const key = `${categories.join(',')}|${limit}|${after ? feedCursorText(after) : ''}`;
    const shared = await this.pages.get(key, { categories, limit, after, rpc });
    if (!options.personalized) return shared.answer;
    this.remember(shared);
    const overlay = this.overlays.peek(siteId);
    if (overlay?.checked.includes(shared.serial)) return this.personalizedPage(shared, this.overlays.cached(siteId) ?? overlay);
    return this.orWithoutVariants(siteId, shared.answer, async () => {
      // Not checked against this load of the page: ask again for every cached page of the set.
      if (overlay) this.overlays.delete(siteId);
      const loaded = await this.overlays.get(siteId, { siteId, pages: this.pagesToCheck(shared), rpc });
      // Another request's load (of other pages) may have been joined: then this page alone, not kept.
      const fresh = loaded.checked.includes(shared.serial) ? loaded : await this.loadOverlay({ siteId, pages: [shared], rpc });
      return this.personalizedPage(shared, fresh);
    });
  }

  /** The shared page with the overlay's members laid over it (the shared answer itself when none applies). */
  private personalizedPage(shared: SharedPage, overlay: SiteOverlay): SerializedAnswer {
    const items = personalizedItems(shared, overlay.members);
    if (!items) return shared.answer;
    return SerializedAnswer.encoded(laidOut(shared, overlay.members, items), overlay.tags.get(shared.serial));
  }

  /** A Site's variants of the pages' articles (the first page's whole, then whole pages while they fit in one call). */
  private async loadOverlay({ siteId, pages, rpc }: OverlayLoad): Promise<SiteOverlay> {
    const asked = new Set<string>();
    const checked: SharedPage[] = [];
    for (const page of pages) {
      const more = page.ids.filter((id) => !asked.has(id));
      if (asked.size + more.length > MAX_VARIANT_IDS) continue;
      for (const id of more) asked.add(id);
      checked.push(page);
    }
    const { variants } = await rpc('media', 'GetVariants', { siteId, articleIds: [...asked] });
    const members: ReadonlyMap<string, string> = variants.length
      ? new Map(variants.map((v) => [v.articleId, `,"personalized":${JSON.stringify(personalizedOf(v))}`]))
      : none<string, string>();
    const tags = new Map<number, string>();
    let weight = OVERLAY_OVERHEAD_BYTES + bytesOf(siteId) + 8 * checked.length;
    for (const [id, member] of members) weight += bytesOf(id) + bytesOf(member);
    for (const page of checked) {
      const items = personalizedItems(page, members);
      if (!items) continue;
      tags.set(page.serial, SerializedAnswer.encoded(laidOut(page, members, items)).etag);
      weight += 64;
    }
    return { checked: checked.map((p) => p.serial), members, tags: tags.size ? tags : none<number, string>(), weight };
  }

  /**
   * The page, then the other cached pages of its subscription set, the most recently read first:
   * one GetVariants call takes MAX_VARIANT_IDS ids, and the pages the set's Sites read now are the
   * ones the next requests ask for. In the order they were first read, pages that nobody reads any
   * more (a walk with another limit) filled the call, and each request for a page left out asked
   * media again with another subset.
   */
  private pagesToCheck(page: SharedPage): SharedPage[] {
    const others = [...(this.pagesOfSet.get(page.setKey) ?? [])].reverse().filter((p) => p !== page && this.pages.peek(p.key) === p);
    return [page, ...others];
  }

  /** Notes a personalized read of the page: its set's pages are kept in the order of their last read. */
  private remember(page: SharedPage): void {
    if (this.pages.peek(page.key) !== page) return; // not kept (ttl 0, or overtaken by an announcement)
    let set = this.pagesOfSet.get(page.setKey);
    if (!set) this.pagesOfSet.set(page.setKey, (set = new Set()));
    set.delete(page);
    set.add(page);
  }

  private forget(page: SharedPage): void {
    const set = this.pagesOfSet.get(page.setKey);
    if (!set?.delete(page) || set.size > 0) return;
    this.pagesOfSet.delete(page.setKey);
  }

  /**
   * What `withVariants` answers, or `plain` while media does not answer for the Site: the feed
   * answers without `personalized` rather than not at all (the variants are an addition), and media
   * is asked again for that Site after MEDIA_RETRY_MS.
   */
  private async orWithoutVariants<T>(siteId: string, plain: T, withVariants: () => Promise<T>): Promise<T> {
    const retryAt = this.mediaRetryAt.get(siteId);
    if (retryAt !== undefined) {
      if (this.now() < retryAt) return plain;
      this.mediaRetryAt.delete(siteId);
    }
    try {
      return await withVariants();
    } catch {
      this.backOff(siteId);
      return plain;
    }
  }

  /** Remembers a Site's failed GetVariants, at most maxSites of them (expired ones go first, then the oldest). */
  private backOff(siteId: string): void {
    const now = this.now();
    this.mediaRetryAt.delete(siteId);
    if (this.mediaRetryAt.size >= this.maxSites) {
      for (const [site, at] of this.mediaRetryAt) if (at <= now) this.mediaRetryAt.delete(site);
      while (this.mediaRetryAt.size >= this.maxSites) this.mediaRetryAt.delete(this.mediaRetryAt.keys().next().value!);
    }
    this.mediaRetryAt.set(siteId, now + MEDIA_RETRY_MS);
  }

  /**
   * Items (the changes feed's upserts) with the Site's variants, read now (not cached: a changes page
   * is asked once). Never without them: while media does not answer, SERVICE_UNAVAILABLE (the
   * Site's pages back off meanwhile).
   */
  async personalizeItems<T extends { id: string }>(siteId: string, items: T[], rpc: Rpc): Promise<T[]> {
    if (items.length === 0) return items;
    let variants: AiVariant__Output[];
    try {
      ({ variants } = await rpc('media', 'GetVariants', { siteId, articleIds: items.map((a) => a.id) }));
    } catch (err) {
      this.backOff(siteId);
      throw unavailable(err);
    }
    return withVariants(items, variants);
  }

  /** What this replica holds now (subscription sets by Site, pages by key), for inspection. */
  cachedEntries(): { sets: Array<[string, string[]]>; pages: Array<[string, SerializedAnswer]> } {
    return { sets: this.sets.entries(), pages: this.pages.entries().map(([key, page]) => [key, page.answer]) };
  }

  /** This replica replaced the Site's subscriptions, or its generation moved on: forget its set now (the announcement reaches the others). */
  subscriptionsChanged(siteId: string): void {
    this.sets.delete(siteId);
  }

  /** Keeps a Site's subscription set read from the shared tier for at most `ttlMs` (what its record has left). */
  adoptSubscriptions(siteId: string, categories: string[], ttlMs: number): void {
    this.sets.set(siteId, categories, ttlMs);
  }
}
