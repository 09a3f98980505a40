/**
 * Feed page latency by table size: the feed service's page read (the Site's subscriptions,
 * then the keyset page query; the service caches nothing) against a real PostgreSQL, for first pages
 * and deep pages, on a database of its own. Used by `npm run bench:feed` and `npm run bench`.
 */
import { performance } from 'node:perf_hooks';
import { createPgAdapter } from '@cfs/common/database';
import { applyMigrations } from '@cfs/common/migrate';
import { ChangesFeed, FEED_MIGRATIONS_DIR, FeedPages, FeedPrismaClient as PrismaClient } from '@cfs/feed';
import { createDatabase } from './harness.ts';

export const CATEGORIES = 20;
const EPOCH = Date.parse('2020-01-01T00:00:00Z');

export interface Latency {
  p50: number;
  p99: number;
  mean: number;
}

export interface SizeLatency {
  articles: number;
  first: Latency;
  deep: Latency;
  /** GET /api/v1/feed/changes as the feed service answers it: a caught-up poll, and one 20 changes behind. */
  caughtUp: Latency;
  behind: Latency;
  loadSeconds: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function time(n: number, fn: (i: number) => Promise<unknown>): Promise<Latency> {
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await fn(i);
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p99: percentile(samples, 99), mean: samples.reduce((a, b) => a + b, 0) / n };
}

/** `size` articles, one minute apart, each in one of CATEGORIES categories and every third in a second one. */
async function fill(db: PrismaClient, size: number): Promise<void> {
  await db.$executeRawUnsafe('TRUNCATE articles, article_categories');
  await db.$executeRawUnsafe(`
    INSERT INTO articles (id, title, url, published_at, updated_at)
    SELECT 'a' || g, 'Title ' || g, 'https://x.example.com/' || g, timestamptz '2020-01-01' + g * interval '1 minute', now()
    FROM generate_series(1, ${size}) g`);
  await db.$executeRawUnsafe(`
    INSERT INTO article_categories (article_id, category_key, published_at)
    SELECT 'a' || g, 'c' || (g % ${CATEGORIES}), timestamptz '2020-01-01' + g * interval '1 minute' FROM generate_series(1, ${size}) g
    UNION ALL
    SELECT 'a' || g, 'c' || ((g + 7) % ${CATEGORIES}), timestamptz '2020-01-01' + g * interval '1 minute' FROM generate_series(1, ${size}, 3) g`);
  // The change log as the imports would have written it: change g is article g's.
  await db.$executeRawUnsafe('TRUNCATE article_changes, category_changes, change_counter');
  await db.$executeRawUnsafe(
    `INSERT INTO article_changes (article_id, seq, removed, changed_at) SELECT 'a' || g, g, false, now() FROM generate_series(1, ${size}) g`,
  );
  await db.$executeRawUnsafe(
    `INSERT INTO category_changes (category_key, article_id, seq) SELECT category_key, article_id, substr(article_id, 2)::bigint FROM article_categories`,
  );
  await db.$executeRawUnsafe(`INSERT INTO change_counter (id, last) VALUES (1, ${size})`);
  for (const table of ['articles', 'article_categories', 'article_changes', 'category_changes']) await db.$executeRawUnsafe(`VACUUM ANALYZE ${table}`);
}

async function measureSize(db: PrismaClient, size: number, iterations: number): Promise<SizeLatency> {
  const load = performance.now();
  await fill(db, size);
  const loadSeconds = (performance.now() - load) / 1000;
  const pages = new FeedPages(db, 'feed');
  await time(20, () => pages.page('site_bench', 20, null)); // warm-up
  const first = await time(iterations, () => pages.page('site_bench', 20, null));
  const deep = await time(iterations, (i) => {
    const g = Math.floor((((i * 7919) % 1000) / 1000) * size) + 1;
    return pages.page('site_bench', 20, { publishedAt: new Date(EPOCH + g * 60_000), articleId: `a${g}` });
  });
  const changes = new ChangesFeed(db, 'feed');
  const at = (seq: number) => ({ siteId: 'site_bench', seq: BigInt(seq), version: 1 });
  await time(20, () => changes.changes('site_bench', at(size), 20)); // warm-up
  const caughtUp = await time(iterations, () => changes.changes('site_bench', at(size), 20));
  // The Site's 3 categories of 20 hold about a sixth of the articles: 20 changes are ~120 numbers behind.
  const behind = await time(iterations, () => changes.changes('site_bench', at(size - 120), 20));
  return { articles: size, first, deep, caughtUp, behind, loadSeconds };
}

/** Page latency at each size in turn (one database, refilled), a Site subscribed to 3 of the categories. */
export async function feedLatency(sizes: number[], iterations: number, onSize: (r: SizeLatency) => void = () => undefined): Promise<SizeLatency[]> {
  const target = { connectionString: await createDatabase('feed'), schema: 'feed' };
  const db = new PrismaClient({ adapter: await createPgAdapter(target, 4) });
  try {
    await applyMigrations({ target, migrationsDir: FEED_MIGRATIONS_DIR });
    await db.$executeRawUnsafe(`INSERT INTO subscriptions (site_id, category_key) VALUES ('site_bench', 'c1'), ('site_bench', 'c2'), ('site_bench', 'c3')`);
    await db.$executeRawUnsafe(
      `INSERT INTO subscription_versions (site_id, version, categories, created_at) VALUES ('site_bench', 1, ARRAY['c1', 'c2', 'c3'], now())`,
    );
    const results: SizeLatency[] = [];
    for (const size of sizes) {
      results.push(await measureSize(db, size, iterations));
      onSize(results.at(-1)!);
    }
    return results;
  } finally {
    await db.$disconnect();
  }
}
