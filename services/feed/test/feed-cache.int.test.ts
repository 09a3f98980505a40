/** Sites with the same subscriptions share one page query; an import clears the cache. */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPgAdapter } from '@cfs/common/database';
import { applyMigrations } from '@cfs/common/migrate';
import { FeedPages } from '../src/feed-pages.ts';
import { PrismaClient } from '../src/generated/prisma/client.ts';

const schema = `feedcache_${process.pid}_${Date.now().toString(36)}`;
let db: PrismaClient;
let queries = 0;

beforeAll(async () => {
  const target = { connectionString: inject('databaseUrl'), schema };
  await applyMigrations({ target, migrationsDir: new URL('../prisma/migrations', import.meta.url).pathname });
  db = new PrismaClient({ adapter: await createPgAdapter(target, 2) });
  await db.$executeRawUnsafe(`INSERT INTO articles (id, title, url, published_at, updated_at) SELECT 'a' || g, 't', 'https://x.example.com', timestamptz '2026-01-01' + g * interval '1 hour', now() FROM generate_series(1, 30) g`);
  await db.$executeRawUnsafe(`INSERT INTO article_categories (article_id, category_key, published_at) SELECT 'a' || g, 'c' || (g % 2), timestamptz '2026-01-01' + g * interval '1 hour' FROM generate_series(1, 30) g`);
  for (const site of ['s1', 's2', 's3']) await db.$executeRawUnsafe(`INSERT INTO subscriptions (site_id, category_key) VALUES ('${site}', 'c0'), ('${site}', 'c1')`);
});
afterAll(async () => {
  await db?.$executeRawUnsafe(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await db?.$disconnect();
});

describe('the page cache', () => {
  it('serves Sites with the same subscriptions from one query, until an import clears it', async () => {
    const counted = new Proxy(db, {
      get(target, prop, receiver) {
        if (prop === '$queryRaw') return (...args: unknown[]) => ((queries += 1), (target.$queryRaw as (...a: unknown[]) => unknown)(...args));
        return Reflect.get(target, prop, receiver);
      },
    });
    const reader = new FeedPages(counted, schema, { ttlMs: 60_000, maxEntries: 100 });
    const pages = await Promise.all(['s1', 's2', 's3'].map((s) => reader.page(s, 10, null)));
    expect(pages[0]!.articles.map((a) => a.id)).toEqual(pages[2]!.articles.map((a) => a.id));
    await reader.page('s1', 10, null);
    await reader.page('s2', 10, null);
    expect(queries).toBe(1);
    const before = queries;
    await reader.page('s3', 10, null);
    expect(queries).toBe(before);
    reader.articlesChanged();
    await reader.page('s3', 10, null);
    expect(queries).toBe(before + 1);
  });
});
