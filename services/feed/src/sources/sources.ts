/**
 * Sources as the feed service keeps them: the operator's commands (add, list, show, fetch, pause,
 * resume, remove) and one fetch of a Source from start to end: fetch-feed.ts for the answer,
 * feed-document.ts for its articles, ArticleImporter (src/articles.ts) to write them the way
 * `articles import` does (changes feed, announcements, generation), then the Source's new state and
 * the time of its next fetch.
 *
 * One fetch of a Source runs at a time whichever process starts it (the operator's `source fetch`,
 * the ingest role's schedule): a fetch holds the Source by `fetching_until`, a lease longer than a
 * fetch may take, so a process that died while holding it does not hold it for ever. Fetches are
 * also bounded per host and in all (this process's semaphores), so many Sources on one publisher
 * never hit it at once.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Dispatcher } from 'undici';
import { DomainError, malformed, notFound } from '@cfs/common/errors';
import { categoryKey, formatIssues, text } from '@cfs/common/rules';
import { cutAtWord, toPlainText } from '@cfs/common/rules/plain-text';
import { z } from 'zod';
import type { ArticleImporter } from '../articles.ts';
import type { PrismaClient, Source } from '../generated/prisma/client.ts';
import { readFeedDocument, type FeedDocument } from './feed-document.ts';
import { fetchFeed, type FetchError, type FetchResult } from './fetch-feed.ts';
import { recordFetch } from './metrics.ts';
import { FeedDocumentError } from './parse-feed.ts';
import { discoverWebSub, type WebSub } from './websub.ts';

export type SourceStatus = 'active' | 'failing' | 'paused' | 'gone';

/** A Source as the operator CLI prints it. */
export interface SourceView {
  id: string;
  url: string;
  name: string;
  categories: string[];
  intervalSeconds: number;
  status: SourceStatus;
  lastFetchAt: string | null;
  lastSuccessAt: string | null;
  nextFetchAt: string | null;
  lastError: FetchError | null;
  articles: number;
}

/** What one fetch did (`source fetch`). */
export interface FetchReport {
  outcome: 'ok' | 'not_modified' | 'failed';
  status: SourceStatus;
  created: number;
  updated: number;
  unchanged: number;
  rejected: Array<{ item: string; reason: string }>;
}

export interface SourcesOptions {
  prisma: PrismaClient;
  importer: ArticleImporter;
  /** The guarded dispatcher (@cfs/common/address-guard): every connection, redirects included, is checked. */
  dispatcher: Dispatcher;
  userAgent: string;
  maxBytes: number;
  timeoutMs: number;
  minIntervalSeconds: number;
  defaultIntervalSeconds: number;
  maxConcurrentFetches: number;
  maxFetchesPerHost: number;
  /** Subscribes at the hub a fetched feed names, unsubscribes on pause and removal (websub.ts). */
  websub?: WebSub;
  now?: () => Date;
  random?: () => number;
}

/** The longest interval, and the longest wait a backoff or a Retry-After sets. */
export const MAX_INTERVAL_SECONDS = 24 * 3600;
/** How many rejected items a fetch's answer lists (a feed of 500 broken items is one problem). */
export const MAX_REPORTED_REJECTIONS = 50;

const addInput = z.strictObject({
  url: z.string().max(2048),
  name: text(200).optional(),
  categories: z.array(categoryKey).min(1).max(20),
  intervalSeconds: z.number().int().positive().optional(),
});

export type AddSourceInput = z.input<typeof addInput>;

const SOURCE_ID = /^src_[0-9a-f]{20}$/;

/** A counting semaphore: at most `limit` holders; the others wait in order. */
class Semaphore {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  constructor(private readonly limit: number) {}
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active += 1;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    }
  }
  get idle(): boolean {
    return this.active === 0;
  }
}

function httpUrlOrNull(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

export class Sources {
  private readonly now: () => Date;
  private readonly random: () => number;
  private readonly all: Semaphore;
  private readonly hosts = new Map<string, Semaphore>();

  constructor(private readonly options: SourcesOptions) {
    this.now = options.now ?? (() => new Date());
    this.random = options.random ?? Math.random;
    this.all = new Semaphore(options.maxConcurrentFetches);
  }

  private get db() {
    return this.options.prisma;
  }

  /** How long a fetch may hold its Source: longer than any fetch (deadline, parsing, writing). */
  private get leaseMs(): number {
    return this.options.timeoutMs + 60_000;
  }

  /**
   * The next fetch after a success: the interval, give or take 10 % at random, so Sources added
   * together drift apart over the interval instead of hitting their hosts in one burst.
   */
  private nextAfterSuccess(intervalSeconds: number, from: Date): Date {
    return new Date(from.getTime() + intervalSeconds * 1000 * (0.9 + 0.2 * this.random()));
  }

  /** The next fetch after the n-th failure in a row: the interval doubled each time, at most 24 hours. */
  private nextAfterFailure(intervalSeconds: number, failures: number, from: Date, retryAfter?: Date): Date {
    const backoff = Math.min(intervalSeconds * 2 ** Math.min(failures - 1, 20), MAX_INTERVAL_SECONDS);
    const next = from.getTime() + backoff * 1000 * (0.9 + 0.2 * this.random());
    const latest = from.getTime() + MAX_INTERVAL_SECONDS * 1000;
    return new Date(Math.min(Math.max(next, retryAfter?.getTime() ?? 0), latest));
  }

  private async view(source: Source): Promise<SourceView> {
    return { ...this.plain(source), articles: await this.db.article.count({ where: { sourceId: source.id } }) };
  }

  private async find(id: string): Promise<Source> {
    const source = SOURCE_ID.test(id) ? await this.db.source.findUnique({ where: { id } }) : null;
    if (!source) throw notFound('Source');
    return source;
  }

  /** One HTTP fetch under the per-host and overall bounds. */
  private fetch(url: string, extra: { etag?: string | null; lastModified?: string | null; discover?: boolean }): Promise<FetchResult> {
    const host = new URL(url).host;
    let perHost = this.hosts.get(host);
    if (!perHost) {
      perHost = new Semaphore(this.options.maxFetchesPerHost);
      this.hosts.set(host, perHost);
    }
    const semaphore = perHost;
    return this.all
      .run(() =>
        semaphore.run(() =>
          fetchFeed({
            url,
            dispatcher: this.options.dispatcher,
            userAgent: this.options.userAgent,
            maxBytes: this.options.maxBytes,
            timeoutMs: this.options.timeoutMs,
            now: this.now,
            ...extra,
          }),
        ),
      )
      .finally(() => {
        if (semaphore.idle) this.hosts.delete(host);
      });
  }

  /**
   * Registers a Source after one fetch that answered a feed (an HTML page is followed to the feed it
   * links); that fetch's articles are imported. Refuses, storing nothing, a URL that is not http(s),
   * that the address guard blocks, or that answers no feed.
   */
  async add(input: AddSourceInput): Promise<{ source: SourceView; report: FetchReport }> {
    const parsed = addInput.safeParse(input);
    if (!parsed.success) throw malformed(formatIssues(parsed.error, { max: 1 }).slice(0, 300));
    const { categories, name } = parsed.data;
    const url = httpUrlOrNull(parsed.data.url.trim());
    if (url === null) throw malformed('url: must be an absolute http(s) URL');
    const intervalSeconds = parsed.data.intervalSeconds ?? this.options.defaultIntervalSeconds;
    if (intervalSeconds < this.options.minIntervalSeconds || intervalSeconds > MAX_INTERVAL_SECONDS) {
      throw malformed(`interval: ${this.options.minIntervalSeconds} to ${MAX_INTERVAL_SECONDS} seconds`);
    }
    const known = new Set((await this.db.category.findMany({ where: { key: { in: categories } }, select: { key: true } })).map((c) => c.key));
    const unknown = categories.find((c) => !known.has(c));
    if (unknown !== undefined) throw malformed(`categories: unknown category key "${unknown}"`);

    await this.refuseDuplicate(url);
    const started = performance.now();
    const result = await this.fetch(url, { discover: true });
    if (result.outcome === 'failed') throw malformed(`url: ${result.error.message} (${result.error.code})`);
    if (result.outcome !== 'ok') throw malformed('url: the server answered 304 Not Modified to a request that was not conditional (not_a_feed)');
    const id = `src_${randomBytes(10).toString('hex')}`;
    const storedUrl = result.permanentUrl ?? (result.discoveredFrom !== undefined ? result.url : url);
    let document;
    try {
      document = readFeedDocument(result.body, result.contentType, { sourceId: id, categories, feedUrl: result.url, fetchedAt: result.fetchedAt });
    } catch (error) {
      if (error instanceof FeedDocumentError) throw malformed(`url: ${error.message} (${error.code})`);
      throw error;
    }
    if (storedUrl !== url) await this.refuseDuplicate(storedUrl);
    const fetchedAt = result.fetchedAt;
    await this.db.source
      .create({
        data: {
          id,
          url: storedUrl,
          name: name ?? (cutAtWord(toPlainText(document.title ?? ''), 200) || new URL(storedUrl).host),
          categories: [...new Set(categories)],
          intervalSeconds,
          status: 'active',
          lastFetchAt: fetchedAt,
          lastSuccessAt: fetchedAt,
          nextFetchAt: this.nextAfterSuccess(intervalSeconds, fetchedAt),
          etag: result.etag,
          lastModified: result.lastModified,
        },
      })
      .catch((error: unknown) => {
        // Another `source add` of the same feed got there first (the URL is unique).
        if ((error as { code?: unknown }).code === 'P2002') throw new DomainError('CONFLICT', 'A Source with this URL exists already.');
        throw error;
      });
    try {
      const report = await this.importFetched(id, result, document);
      recordFetch('ok', (performance.now() - started) / 1000, { ...report, rejected: report.rejected.length });
      return { source: await this.view(await this.find(id)), report };
    } catch (error) {
      // What the first fetch could not import is no Source: nothing of it stays.
      await this.db.source.delete({ where: { id } }).catch(() => undefined);
      throw error;
    }
  }

  /**
   * Imports what a fetch read (the one way a fetched document's items become articles) and follows
   * the hub it names (websub.ts): the report of an `ok` fetch.
   */
  private async importFetched(sourceId: string, result: { link: string | null; url: string }, document: FeedDocument): Promise<FetchReport> {
    const imported = await this.options.importer.importSourceArticles(sourceId, document.articles);
    await this.options.websub?.afterFetch(sourceId, discoverWebSub(result.link, result.url, document));
    return {
      outcome: 'ok',
      status: 'active',
      created: imported.created,
      updated: imported.updated,
      unchanged: imported.unchanged,
      rejected: [...document.rejected, ...imported.rejected],
    };
  }

  /** Refuses a second Source of a feed: every item would be in the feeds twice. */
  private async refuseDuplicate(url: string): Promise<void> {
    const existing = await this.db.source.findUnique({ where: { url }, select: { id: true } });
    if (existing) throw new DomainError('CONFLICT', `A Source with this URL exists already: ${existing.id}.`);
  }

  async list(options: { failing?: boolean } = {}): Promise<SourceView[]> {
    const sources = await this.db.source.findMany({
      where: options.failing ? { status: { in: ['failing', 'gone'] } } : {},
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      take: 10_000,
    });
    const counts = new Map(
      (await this.db.article.groupBy({ by: ['sourceId'], where: { sourceId: { in: sources.map((s) => s.id) } }, _count: { _all: true } })).map((g) => [
        g.sourceId,
        g._count._all,
      ]),
    );
    return sources.map((s) => ({ ...this.plain(s), articles: counts.get(s.id) ?? 0 }));
  }

  private plain(source: Source): Omit<SourceView, 'articles'> {
    return {
      id: source.id,
      url: source.url,
      name: source.name,
      categories: source.categories,
      intervalSeconds: source.intervalSeconds,
      status: source.status as SourceStatus,
      lastFetchAt: source.lastFetchAt?.toISOString() ?? null,
      lastSuccessAt: source.lastSuccessAt?.toISOString() ?? null,
      nextFetchAt: source.nextFetchAt?.toISOString() ?? null,
      lastError: source.lastErrorCode ? { code: source.lastErrorCode as FetchError['code'], message: source.lastErrorMessage ?? '' } : null,
    };
  }

  async show(id: string): Promise<SourceView> {
    return this.view(await this.find(id));
  }

  /** Stops fetching a Source until it is resumed (a fetch under way finishes). */
  async pause(id: string): Promise<SourceView> {
    await this.find(id);
    const paused = await this.db.source.update({ where: { id }, data: { status: 'paused', nextFetchAt: null } });
    await this.options.websub?.unsubscribe(id);
    return this.view(paused);
  }

  /** Fetches a paused (or gone) Source again, from now on: its next fetch is due at once. */
  async resume(id: string): Promise<SourceView> {
    const source = await this.find(id);
    if (source.status !== 'paused' && source.status !== 'gone') return this.view(source);
    return this.view(await this.db.source.update({ where: { id }, data: { status: 'active', failures: 0, nextFetchAt: this.now() } }));
  }

  /** Forgets a Source; with `removeArticles` its articles leave every feed (a delete in the changes feed each). */
  async remove(id: string, removeArticles: boolean): Promise<{ removed: true; articlesRemoved: number }> {
    await this.find(id);
    let articlesRemoved = 0;
    if (removeArticles) {
      for (;;) {
        const batch = await this.db.article.findMany({ where: { sourceId: id }, select: { id: true }, take: 1000 });
        if (batch.length === 0) break;
        articlesRemoved += await this.options.importer.remove(batch.map((a) => a.id));
      }
    }
    await this.db.source.delete({ where: { id } });
    await this.options.websub?.unsubscribe(id);
    return { removed: true, articlesRemoved };
  }

  /** Takes the Source for one fetch; false when another fetch holds it. */
  private async claim(id: string): Promise<boolean> {
    const now = this.now();
    const { count } = await this.db.source.updateMany({
      where: { id, OR: [{ fetchingUntil: null }, { fetchingUntil: { lt: now } }] },
      data: { fetchingUntil: new Date(now.getTime() + this.leaseMs) },
    });
    return count === 1;
  }

  /** `source fetch`: fetches now and waits for the answer (after a fetch under way, if one is). */
  async fetchNow(id: string): Promise<FetchReport> {
    await this.find(id);
    const deadline = Date.now() + this.leaseMs;
    while (!(await this.claim(id))) {
      if (Date.now() > deadline) throw new DomainError('SERVICE_UNAVAILABLE', 'Another fetch of this Source is still running; try again.');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return this.fetchClaimed(await this.find(id));
  }

  /**
   * A scheduled fetch (the ingest role): runs only when the Source is active or failing and its
   * fetch is due, and no other fetch holds it. Answers its next fetch time (null: none scheduled).
   */
  async fetchIfDue(id: string): Promise<Date | null> {
    if (!(await this.claim(id))) return (await this.db.source.findUnique({ where: { id } }))?.nextFetchAt ?? null;
    const source = await this.db.source.findUnique({ where: { id } });
    if (!source) return null;
    const due = (source.status === 'active' || source.status === 'failing') && source.nextFetchAt !== null && source.nextFetchAt <= this.now();
    if (!due) {
      await this.db.source.update({ where: { id }, data: { fetchingUntil: null } });
      return source.status === 'active' || source.status === 'failing' ? source.nextFetchAt : null;
    }
    await this.fetchClaimed(source);
    return (await this.db.source.findUnique({ where: { id } }))?.nextFetchAt ?? null;
  }

  /** Sources whose fetch is due before `until` (the ingest role's sweep), the most overdue first. */
  async dueBefore(until: Date, limit: number): Promise<Array<{ id: string; nextFetchAt: Date }>> {
    const rows = await this.db.source.findMany({
      where: { status: { in: ['active', 'failing'] }, nextFetchAt: { lte: until } },
      orderBy: { nextFetchAt: 'asc' },
      select: { id: true, nextFetchAt: true },
      take: limit,
    });
    return rows.map((r) => ({ id: r.id, nextFetchAt: r.nextFetchAt! }));
  }

  /** One fetch of a Source this process holds; always gives the Source back. */
  private async fetchClaimed(source: Source): Promise<FetchReport> {
    const started = performance.now();
    const { report, code } = await this.fetchClaimedUnmeasured(source);
    const { outcome, created, updated, unchanged, rejected } = report;
    recordFetch(outcome, (performance.now() - started) / 1000, { created, updated, unchanged, rejected: rejected.length }, code);
    return report;
  }

  private async fetchClaimedUnmeasured(source: Source): Promise<{ report: FetchReport; code?: string }> {
    const empty = { created: 0, updated: 0, unchanged: 0, rejected: [] as FetchReport['rejected'] };
    let report: FetchReport;
    let data: Parameters<PrismaClient['source']['update']>[0]['data'];
    try {
      const result = await this.fetch(source.url, { etag: source.etag, lastModified: source.lastModified });
      const moved = result.permanentUrl === undefined ? {} : { url: result.permanentUrl };
      const success = { ...moved, lastFetchAt: result.fetchedAt, lastSuccessAt: result.fetchedAt, failures: 0, lastErrorCode: null, lastErrorMessage: null };
      const next = this.nextAfterSuccess(source.intervalSeconds, result.fetchedAt);
      if (result.outcome === 'not_modified') {
        report = { outcome: 'not_modified', status: 'active', ...empty };
        data = { ...success, status: 'active', nextFetchAt: next };
      } else if (result.outcome === 'ok') {
        const document = readFeedDocument(result.body, result.contentType, {
          sourceId: source.id,
          categories: source.categories,
          feedUrl: result.url,
          fetchedAt: result.fetchedAt,
        });
        report = await this.importFetched(source.id, result, document);
        data = { ...success, status: 'active', nextFetchAt: next, etag: result.etag, lastModified: result.lastModified };
      } else {
        ({ report, data } = this.failure(source, result.fetchedAt, result.error, result.status, result.retryAfter, moved));
      }
    } catch (error) {
      if (!(error instanceof FeedDocumentError)) {
        await this.db.source.update({ where: { id: source.id }, data: { fetchingUntil: null } }).catch(() => undefined);
        throw error;
      }
      ({ report, data } = this.failure(source, this.now(), { code: error.code, message: error.message }));
    }
    // A Source paused while it was being fetched stays paused.
    const code = typeof data.lastErrorCode === 'string' ? data.lastErrorCode : undefined;
    const current = await this.db.source.findUnique({ where: { id: source.id }, select: { status: true } });
    if (!current) return { report, ...(code === undefined ? {} : { code }) };
    if (current.status === 'paused') {
      data = { ...data, status: 'paused', nextFetchAt: null };
      report = { ...report, status: 'paused' };
    }
    if (typeof data.url === 'string' && (await this.db.source.findUnique({ where: { url: data.url }, select: { id: true } }))) {
      // Moved to the URL of another Source: this one keeps its URL (its items are that Source's now).
      const { url: _moved, ...rest } = data;
      data = rest;
    }
    await this.db.source.update({ where: { id: source.id }, data: { ...data, fetchingUntil: null } });
    return { report, ...(code === undefined ? {} : { code }) };
  }

  private failure(
    source: Source,
    at: Date,
    error: FetchError,
    status?: number,
    retryAfter?: Date,
    moved: { url?: string } = {},
  ): { report: FetchReport; data: Parameters<PrismaClient['source']['update']>[0]['data'] } {
    const empty = { created: 0, updated: 0, unchanged: 0, rejected: [] };
    const lastError = { lastErrorCode: error.code, lastErrorMessage: error.message.slice(0, 300) };
    if (status === 410) {
      return { report: { outcome: 'failed', status: 'gone', ...empty }, data: { ...moved, ...lastError, lastFetchAt: at, status: 'gone', nextFetchAt: null } };
    }
    const failures = source.failures + 1;
    return {
      report: { outcome: 'failed', status: 'failing', ...empty },
      data: {
        ...moved,
        ...lastError,
        lastFetchAt: at,
        status: 'failing',
        failures,
        nextFetchAt: this.nextAfterFailure(source.intervalSeconds, failures, at, retryAfter),
      },
    };
  }
}
