/**
 * Caught-up answers of GET /api/v1/feed/changes, cached on each gateway replica (FeedChangesCache),
 * keyed by (Site, limit, since), in an LRU cache with FEED_PAGE_CACHE_TTL_MS: kept while nothing is
 * announced for the Site's feed, dropped with every Site's on an import or removal, with the Site's
 * on its subscriptions replaced and on a new or dropped variant or a replaced SEO profile (its
 * upserts carry its variants), so polling an unchanged feed costs no service call, as a cached feed
 * page does (feed-pages.ts). They take an eighth of FEED_PAGE_CACHE_MAX_BYTES, which the page
 * cache leaves them. After a bus outage (announcements may have been missed) all are dropped; a load
 * that an announcement overtakes is not kept (LoadingCache).
 */
import { CHANNELS, type Bus } from '@cfs/common/bus';
import { LoadingCache } from '@cfs/common/loading-cache';
import type { SerializedAnswer } from '../schemas/serialized-answer.ts';

/**
 * The caught-up changes answers' part of FEED_PAGE_CACHE_MAX_BYTES. One weighs about 200 bytes (its
 * key with the position's text, about 70; the answer's JSON with its token, about 120): an eighth of
 * the default 24 MiB holds 15 000 Sites; a thirty-second held 4 000, fewer than the 10 000 Sites
 * a replica is sized for (docs/performance.md#realistic-polling-2026-11-27).
 */
export const changesBytesOf = (maxBytes: number): number => Math.max(1, Math.floor(maxBytes / 8));

const bytesOf = (text: string) => Buffer.byteLength(text, 'utf8');

/**
 * What GET /api/v1/feed/changes got from the feed service for a position: the whole answer when it
 * is caught up (no change, nothing more, nextSince = since), kept; else the service's answer, which
 * is the asking request's alone and not kept.
 */
export type ChangesResult<T> = { caughtUp: SerializedAnswer } | { answer: T };

export class FeedChangesCache {
  private readonly changes: LoadingCache<ChangesResult<unknown>, () => Promise<ChangesResult<unknown>>>;

  constructor(options: { bus: Bus; ttlMs: number; maxBytes: number; maxSites: number; now?: () => number }) {
    this.changes = new LoadingCache<ChangesResult<unknown>, () => Promise<ChangesResult<unknown>>>({
      name: 'gateway.feed-changes',
      maxEntries: options.maxSites,
      maxSize: changesBytesOf(options.maxBytes),
      sizeOf: (result, key) => bytesOf(key) + ('caughtUp' in result ? result.caughtUp.body.byteLength : 1),
      ttlMs: options.ttlMs,
      load: (_key, load) => load(),
      ...(options.now ? { now: options.now } : {}),
    });
    options.bus.subscribe(CHANNELS.articlesChanged, () => this.changes.clear());
    // Each of these changes what the Site's changes answer holds: its set of articles, or their variants.
    for (const channel of [CHANNELS.subscriptionsChanged, CHANNELS.variantsChanged, CHANNELS.seoProfileChanged])
      options.bus.subscribe(channel, (siteId) => this.forget(siteId));
    options.bus.onReconnect(() => this.changes.clear());
  }

  /**
   * GET /api/v1/feed/changes from a position: a caught-up answer for (Site, limit, since) is kept
   * until the Site's feed may have changed (each change announced), so a client polling an unchanged
   * feed costs no service call. `load` asks the feed service; concurrent polls of one position
   * share it, and one that an announcement overtakes is not kept (LoadingCache).
   */
  async changesSince<T>(siteId: string, limit: number, since: string, load: () => Promise<ChangesResult<T>>): Promise<SerializedAnswer | T> {
    const key = `${siteId}\n${limit}\n${since}`;
    const result = (await this.changes.get(key, load)) as ChangesResult<T>;
    if ('caughtUp' in result) return result.caughtUp;
    this.changes.delete(key);
    return result.answer;
  }

  /** This replica replaced the Site's subscriptions: forget its answers now (the announcement reaches the others). */
  subscriptionsChanged(siteId: string): void {
    this.forget(siteId);
  }

  private forget(siteId: string): void {
    const prefix = `${siteId}\n`;
    this.changes.deleteWhere((_result, key) => key.startsWith(prefix));
  }
}
