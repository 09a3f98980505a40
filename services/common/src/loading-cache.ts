/**
 * A bounded, expiring cache that loads what it lacks: lru-cache (least recently used eviction,
 * TTL, and one load shared by concurrent requests for the same key). An entry deleted while its
 * load is in flight (an invalidation announced meanwhile) is not stored; the callers waiting on that
 * load read afresh instead, so nobody gets a value older than the invalidation. `ttlMs` 0 caches
 * nothing: every get loads.
 */
import { LRUCache } from 'lru-cache';
import type { Attributes } from '@opentelemetry/api';
import { cacheLookups } from './metrics.ts';

export interface LoadingCacheOptions<V extends NonNullable<unknown>, C> {
  /** Names the cache in the metric cfs.cache.lookups (hits and misses); unnamed caches are not counted. */
  name?: string;
  maxEntries: number;
  ttlMs: number;
  /** With `sizeOf`: the most the entries may weigh together (least recently used evicted first). */
  maxSize?: number;
  /** An entry's weight (e.g. the bytes of its key and value), at least 1. */
  sizeOf?: (value: V, key: string) => number;
  load: (key: string, context: C) => Promise<V>;
  /** Called with an entry that leaves the cache (evicted, deleted, replaced or cleared). */
  dispose?: (value: V, key: string) => void;
  /** The clock (tests move it). */
  now?: () => number;
}

/** An entry's weight estimated as the UTF-8 bytes of its key and of its value's JSON (for caches of decoded messages). */
export function jsonBytes(value: unknown, key: string): number {
  return Buffer.byteLength(key, 'utf8') + Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8');
}

export class LoadingCache<V extends NonNullable<unknown>, C = undefined> {
  private readonly cache: LRUCache<string, V, C> | undefined;
  /** The metric's attributes, made once (a lookup is on every request's path). */
  private readonly lookup: { hit: Attributes; miss: Attributes } | undefined;

  constructor(private readonly options: LoadingCacheOptions<V, C>) {
    if (options.name) this.lookup = { hit: { cache: options.name, result: 'hit' }, miss: { cache: options.name, result: 'miss' } };
    if (options.ttlMs <= 0) return;
    this.cache = new LRUCache<string, V, C>({
      max: options.maxEntries,
      ttl: options.ttlMs,
      ...(options.maxSize && options.sizeOf
        ? { maxSize: options.maxSize, sizeCalculation: (value: V, key: string) => Math.max(1, options.sizeOf!(value, key)) }
        : {}),
      // A load aborted by delete() or clear() resolves to undefined, and its value is not stored.
      allowStaleOnFetchAbort: true,
      fetchMethod: (key, _stale, { context }) => options.load(key, context),
      ...(options.dispose ? { dispose: (value: V, key: string) => value !== undefined && options.dispose!(value, key) } : {}),
      ...(options.now ? { perf: { now: options.now }, ttlResolution: 0 } : {}),
    });
  }

  /**
   * The cached value, or the loaded one (one load for all concurrent callers of a key). A hit is
   * read synchronously (lru-cache's get: fresh entries only, recency refreshed); only a miss goes
   * through fetch, which joins a load in flight or starts one.
   */
  get(key: string, context: C): Promise<V> {
    const cached = this.cached(key);
    if (cached !== undefined) return Promise.resolve(cached);
    if (this.lookup) cacheLookups.add(1, this.lookup.miss);
    return this.load(key, context);
  }

  private async load(key: string, context: C): Promise<V> {
    const value = await this.cache?.fetch(key, { context } as never);
    return value ?? this.options.load(key, context);
  }

  /** The cached value without loading (its recency refreshed, a hit counted), if there is one. */
  cached(key: string): V | undefined {
    const value = this.cache?.get(key);
    if (value !== undefined && this.lookup) cacheLookups.add(1, this.lookup.hit);
    return value;
  }

  /** The cached value without loading or refreshing its recency. */
  peek(key: string): V | undefined {
    return this.cache?.peek(key);
  }

  /**
   * Keeps a value obtained elsewhere (a shared tier under this cache), for at most `ttlMs` and never
   * longer than the cache's own TTL. A load of the key in flight is replaced (its callers read again).
   */
  set(key: string, value: V, ttlMs: number): void {
    this.cache?.set(key, value, { ttl: Math.min(Math.max(1, ttlMs), this.options.ttlMs) });
  }

  delete(key: string): void {
    this.cache?.delete(key);
  }

  /** What is cached now, least recently used last (recency not refreshed). */
  entries(): Array<[string, V]> {
    return this.cache ? [...this.cache.entries()] : [];
  }

  /** Deletes every entry that matches (a scan: for rare events such as a revocation). */
  deleteWhere(matches: (value: V, key: string) => boolean): void {
    if (!this.cache) return;
    for (const [key, value] of this.cache.entries()) if (matches(value, key)) this.cache.delete(key);
  }

  clear(): void {
    this.cache?.clear();
  }
}
