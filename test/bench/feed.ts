/**
 * Feed page latency at 10 000 and at 1 000 000 articles (issue 5): the feed service's page read
 * (subscriptions + the keyset page query; the feed service caches nothing) against a real PostgreSQL, for first pages and
 * deep pages. Prints a table; asserts nothing (the machine is shared and noisy).
 *
 *   npm run bench:feed            BENCH_SIZES=10000,1000000 BENCH_ITERATIONS=300
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createPgAdapter } from '@cfs/common/database';
import { applyMigrations } from '@cfs/common/migrate';
import { FEED_MIGRATIONS_DIR, FeedPages, FeedPrismaClient as PrismaClient } from '@cfs/feed';

const admin = process.env.BENCH_DATABASE_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const sizes = (process.env.BENCH_SIZES ?? '10000,1000000').split(',').map(Number);
const iterations = Number(process.env.BENCH_ITERATIONS ?? 300);
const CATEGORIES = 20;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function time(n: number, fn: (i: number) => Promise<unknown>): Promise<{ p50: number; p99: number; mean: number }> {
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await fn(i);
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p99: percentile(samples, 99), mean: samples.reduce((a, b) => a + b, 0) / n };
}

const fmt = (x: number) => x.toFixed(2).padStart(8);

async function main() {
  const database = `cfs_bench_${Date.now().toString(36)}`;
  const root = new pg.Client({ connectionString: admin });
  await root.connect();
  await root.query(`CREATE DATABASE "${database}"`);
  const url = new URL(admin);
  url.pathname = `/${database}`;
  const target = { connectionString: url.toString(), schema: 'feed' };
  const db = new PrismaClient({ adapter: await createPgAdapter(target, 4) });
  try {
    await applyMigrations({ target, migrationsDir: FEED_MIGRATIONS_DIR });
    await db.$executeRawUnsafe(`INSERT INTO subscriptions (site_id, category_key) VALUES ('site_bench', 'c1'), ('site_bench', 'c2'), ('site_bench', 'c3')`);
    console.log(`feed page latency (ms), ${iterations} reads each, subscriptions: 3 of ${CATEGORIES} categories, limit 20`);
    console.log(`${'articles'.padStart(10)} ${'read'.padEnd(22)} ${'p50'.padStart(8)} ${'p99'.padStart(8)} ${'mean'.padStart(8)}`);
    for (const size of sizes) {
      const load = performance.now();
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
      await db.$executeRawUnsafe('VACUUM ANALYZE articles');
      await db.$executeRawUnsafe('VACUUM ANALYZE article_categories');
      const loadSeconds = ((performance.now() - load) / 1000).toFixed(1);

      const uncached = new FeedPages(db, 'feed');
      await time(20, () => uncached.page('site_bench', 20, null)); // warm-up
      const first = await time(iterations, () => uncached.page('site_bench', 20, null));
      const deep = await time(iterations, (i) => {
        const g = Math.floor(((i * 7919) % 1000) / 1000 * size) + 1;
        return uncached.page('site_bench', 20, { publishedAt: new Date(Date.parse('2020-01-01T00:00:00Z') + g * 60_000), articleId: `a${g}` });
      });
      for (const [label, r] of [['first page', first], ['deep page (random)', deep]] as const) {
        console.log(`${String(size).padStart(10)} ${label.padEnd(22)} ${fmt(r.p50)} ${fmt(r.p99)} ${fmt(r.mean)}`);
      }
      console.log(`${''.padStart(10)} (loaded in ${loadSeconds} s)`);
    }
  } finally {
    await db.$disconnect();
    await root.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await root.end();
  }
}

await main();
