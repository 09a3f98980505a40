/**
 * The realistic mix: requests spread over every seeded Site, 90 % GET /api/v1/feed (half first
 * pages, half deeper pages through cursors followed beforehand for each subscription set), 5 %
 * GET /api/v1/me and 5 % other reads; and the hit ratio of each cache over the mix, from the
 * counter cfs.cache.lookups scraped from every process's Prometheus endpoint before and after.
 */
import { get } from 'node:http';
import { fetchRetrying, type LoadRequest } from './harness.ts';
import { DEPLOYABLES, SUBSCRIPTION_SETS, type RunningSystem } from './system-under-test.ts';

const OTHER_READS = ['/api/v1/subscriptions', '/api/v1/taxonomy', '/api/v1/account', '/api/v1/ai-usage'];

/** A small deterministic PRNG (mulberry32), so two runs send the same mix. */
export function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function getJson<T>(system: RunningSystem, path: string, token: string): Promise<T> {
  const res = await fetchRetrying(`${system.base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
  return (await res.json()) as T;
}

/** For each subscription set, the cursors of `depth` pages of 100 followed from its first page. */
async function cursorsBySet(system: RunningSystem, depth: number): Promise<string[][]> {
  return Promise.all(
    Array.from({ length: Math.min(SUBSCRIPTION_SETS, system.tokens.length) }, async (_, set) => {
      const cursors: string[] = [];
      let cursor: string | null = null;
      do {
        const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
        ({ nextCursor: cursor } = await getJson<{ nextCursor: string | null }>(system, `/api/v1/feed?limit=100${query}`, system.tokens[set]!));
        if (cursor) cursors.push(cursor);
      } while (cursor && cursors.length < depth);
      return cursors;
    }),
  );
}

/** `count` requests of the mix, to be cycled through by the load generator. */
export async function mixRequests(system: RunningSystem, count: number, depth: number): Promise<LoadRequest[]> {
  const cursors = await cursorsBySet(system, depth);
  const next = random(19);
  const pick = <T>(list: T[]): T => list[Math.floor(next() * list.length)]!;
  return Array.from({ length: count }, () => {
    const site = Math.floor(next() * system.tokens.length);
    const token = system.tokens[site]!;
    const kind = next();
    if (kind >= 0.95) return { path: pick(OTHER_READS), token };
    if (kind >= 0.9) return { path: '/api/v1/me', token };
    const deeper = cursors[site % SUBSCRIPTION_SETS] ?? [];
    return { path: next() < 0.5 || deeper.length === 0 ? '/api/v1/feed' : `/api/v1/feed?cursor=${encodeURIComponent(pick(deeper))}`, token };
  });
}

/**
 * One scrape on a connection of its own: fetch's pooled connection, idle since the previous scrape,
 * may already be closed by the exporter's server when it is reused ("other side closed").
 */
function scrape(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path: '/metrics', agent: false, timeout: 10_000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => (res.statusCode === 200 ? resolve(body) : reject(new Error(`metrics: ${res.statusCode}`))));
    })
      .on('timeout', function (this: { destroy(e: Error): void }) {
        this.destroy(new Error('metrics: timed out'));
      })
      .on('error', reject);
  });
}

export type CacheLookups = Map<string, { hit: number; miss: number }>;

const LOOKUP_LINE = /^cfs_cache_lookups_total\{([^}]*)\}\s+(\S+)/gm;
const label = (labels: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(labels)?.[1];

/** cfs.cache.lookups summed over every process, by cache and result; and the processes that did not answer. */
export async function scrapeCacheLookups(system: RunningSystem): Promise<{ lookups: CacheLookups; silent: string[] }> {
  const lookups: CacheLookups = new Map();
  const silent: string[] = [];
  await Promise.all(
    DEPLOYABLES.map(async (name, i) => {
      const text = await scrape(system.metricsPort! + i).catch(() => undefined);
      if (text === undefined) return silent.push(name);
      for (const [, labels, value] of text.matchAll(LOOKUP_LINE)) {
        const cache = label(labels!, 'cache') ?? '?';
        const result = label(labels!, 'result') === 'hit' ? 'hit' : 'miss';
        const entry = lookups.get(cache) ?? { hit: 0, miss: 0 };
        entry[result] += Number(value);
        lookups.set(cache, entry);
      }
    }),
  );
  return { lookups, silent };
}

export function printCacheRatios(before: CacheLookups, after: CacheLookups): void {
  console.log(`  ${'cache'.padEnd(28)} ${'hits'.padStart(9)} ${'misses'.padStart(9)} ${'hit ratio'.padStart(10)}`);
  if (after.size === 0) console.log('  (no cfs_cache_lookups_total series scraped)');
  for (const [cache, { hit, miss }] of [...after].sort(([a], [b]) => a.localeCompare(b))) {
    const hits = hit - (before.get(cache)?.hit ?? 0);
    const misses = miss - (before.get(cache)?.miss ?? 0);
    const ratio = hits + misses ? `${((100 * hits) / (hits + misses)).toFixed(1)} %` : '-';
    console.log(`  ${cache.padEnd(28)} ${String(hits).padStart(9)} ${String(misses).padStart(9)} ${ratio.padStart(10)}`);
  }
}
