/** The feed's page reads: by a Site's subscriptions or by a category set, always from the database (the gateway caches). */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPgAdapter } from '@cfs/common/database';
import { applyMigrations } from '@cfs/common/migrate';
import { FeedPages } from '../src/feed-pages.ts';
import { readArticles } from '../src/page-query.ts';
import { PrismaClient } from '../src/generated/prisma/client.ts';

const schema = `feedpages_${process.pid}_${Date.now().toString(36)}`;
let db: PrismaClient;
let queries = 0;

beforeAll(async () => {
  const target = { connectionString: inject('databaseUrl'), schema };
  await applyMigrations({ target, migrationsDir: new URL('../prisma/migrations', import.meta.url).pathname });
  db = new PrismaClient({ adapter: await createPgAdapter(target, 2) });
  await db.$executeRawUnsafe(
    `INSERT INTO articles (id, title, url, published_at, updated_at) SELECT 'a' || g, 't', 'https://x.example.com', timestamptz '2026-01-01' + g * interval '1 hour', now() FROM generate_series(1, 30) g`,
  );
  await db.$executeRawUnsafe(
    `INSERT INTO article_categories (article_id, category_key, published_at) SELECT 'a' || g, 'c' || (g % 2), timestamptz '2026-01-01' + g * interval '1 hour' FROM generate_series(1, 30) g`,
  );
  for (const site of ['s1', 's2', 's3'])
    await db.$executeRawUnsafe(`INSERT INTO subscriptions (site_id, category_key) VALUES ('${site}', 'c0'), ('${site}', 'c1')`);
});
afterAll(async () => {
  await db?.$executeRawUnsafe(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await db?.$disconnect();
});

describe('articles by id (GetArticles)', () => {
  it('answers the articles that exist in id order, and the ids of removed ones apart; unknown ids in neither', async () => {
    await db.$executeRawUnsafe(`INSERT INTO article_changes (article_id, seq, removed, changed_at) VALUES ('gone1', 1, true, now()), ('a3', 2, false, now())`);
    const { articles, removed } = await readArticles(db, schema, ['a3', 'gone1', 'a10', 'never']);
    expect(articles.map((a) => a.id)).toEqual(['a10', 'a3']);
    expect(articles[0]).toMatchObject({ title: 't', summary: null, categories: ['c0'] });
    expect(removed).toEqual(['gone1']);
  });
});

describe('feed pages', () => {
  it('reads every page from the database: nothing is cached here, so a write is seen by the next read', async () => {
    const counted = new Proxy(db, {
      get(target, prop, receiver) {
        if (prop === '$queryRaw') return (...args: unknown[]) => ((queries += 1), (target.$queryRaw as (...a: unknown[]) => unknown)(...args));
        return Reflect.get(target, prop, receiver);
      },
    });
    const reader = new FeedPages(counted, schema);
    const first = await reader.page('s1', 10, null);
    await reader.page('s1', 10, null);
    expect(queries).toBe(2);
    await db.$executeRawUnsafe(
      `INSERT INTO articles (id, title, url, published_at, updated_at) VALUES ('newest', 't', 'https://x.example.com', timestamptz '2027-01-01', now())`,
    );
    await db.$executeRawUnsafe(`INSERT INTO article_categories (article_id, category_key, published_at) VALUES ('newest', 'c0', timestamptz '2027-01-01')`);
    const after = await reader.page('s1', 10, null);
    expect(after.articles[0]!.id).toBe('newest');
    expect(after.articles.slice(1).map((a) => a.id)).toEqual(first.articles.slice(0, 9).map((a) => a.id));
  });

  it('reads the page of a category set as the page of a Site with those subscriptions, cursor included', async () => {
    const reader = new FeedPages(db, schema);
    const bySite = await reader.page('s2', 5, null);
    expect(await reader.pageOf(['c0', 'c1'], 5, null)).toEqual(bySite);
    expect(await reader.pageOf(['c0', 'c1'], 5, bySite.next)).toEqual(await reader.page('s2', 5, bySite.next));
    expect((await reader.pageOf(['c1'], 30, null)).articles.every((a) => a.categories.includes('c1'))).toBe(true);
    expect(await reader.pageOf([], 5, null)).toEqual({ articles: [], next: null });
  });

  it('refuses a category set that breaks the subscription rule (INVALID_ARGUMENT)', async () => {
    const reader = new FeedPages(db, schema);
    await expect(reader.pageOf(['Not A Key'], 5, null)).rejects.toMatchObject({ code: 'MALFORMED_REQUEST' });
    await expect(
      reader.pageOf(
        Array.from({ length: 101 }, (_, i) => `c${i}`),
        5,
        null,
      ),
    ).rejects.toMatchObject({ code: 'MALFORMED_REQUEST' });
  });
});
