/**
 * The feed page is an index range scan, whatever the table size: on 100 000 articles, EXPLAIN of the
 * page query (first page and deep page) shows article_categories_feed_idx scans bounded by the
 * keyset position, and no sequential scan of the large tables.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { applyMigrations } from '@cfs/common/migrate';
import { createPgAdapter } from '@cfs/common/database';
import { pageQuery } from '../src/page-query.ts';
import { Prisma, PrismaClient } from '../src/generated/prisma/client.ts';

const schema = `feedplan_${process.pid}_${Date.now().toString(36)}`;
let db: PrismaClient;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

async function explain(sql: Prisma.Sql): Promise<PlanNode[]> {
  const rows = await db.$queryRaw<Array<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>>(Prisma.sql`EXPLAIN (FORMAT JSON) ${sql}`);
  return nodes(rows[0]!['QUERY PLAN'][0]!.Plan);
}

beforeAll(async () => {
  const target = { connectionString: inject('databaseUrl'), schema };
  await applyMigrations({ target, migrationsDir: new URL('../prisma/migrations', import.meta.url).pathname });
  db = new PrismaClient({ adapter: await createPgAdapter(target, 2) });
  await db.$executeRawUnsafe(`
    INSERT INTO articles (id, title, url, published_at, updated_at)
    SELECT 'a' || g, 'Title ' || g, 'https://x.example.com/' || g, timestamptz '2026-01-01' + g * interval '1 minute', now()
    FROM generate_series(1, 100000) g`);
  await db.$executeRawUnsafe(`
    INSERT INTO article_categories (article_id, category_key, published_at)
    SELECT 'a' || g, 'c' || (g % 20), timestamptz '2026-01-01' + g * interval '1 minute' FROM generate_series(1, 100000) g
    UNION ALL
    SELECT 'a' || g, 'c' || ((g + 7) % 20), timestamptz '2026-01-01' + g * interval '1 minute' FROM generate_series(1, 100000, 3) g`);
  await db.$executeRawUnsafe('ANALYZE articles; ANALYZE article_categories');
}, 120_000);

afterAll(async () => {
  await db?.$executeRawUnsafe(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await db?.$disconnect();
});

describe('the feed page query on 100 000 articles', () => {
  it.each([
    ['the first page', null],
    ['a deep page', { publishedAt: new Date('2026-02-01T00:00:00Z'), articleId: 'a44640' }],
  ])('reads %s with index range scans on article_categories_feed_idx, no sequential scan', async (_label, after) => {
    const plan = await explain(pageQuery(schema, ['c1', 'c2', 'c3'], 21, after));
    const feedScans = plan.filter((n) => n['Index Name'] === 'article_categories_feed_idx');
    expect(feedScans.length).toBeGreaterThan(0);
    for (const scan of feedScans) {
      expect(['Index Scan', 'Index Only Scan']).toContain(scan['Node Type']);
      expect(scan['Index Cond']).toMatch(/category_key/);
      if (after) expect(scan['Index Cond']).toMatch(/published_at/);
    }
    expect(plan.filter((n) => n['Node Type'] === 'Seq Scan' && ['articles', 'article_categories'].includes(n['Relation Name'] ?? ''))).toEqual([]);
  });

  it('returns what a naive query returns, page after page', async () => {
    let after: { publishedAt: Date; articleId: string } | null = null;
    for (let page = 0; page < 4; page++) {
      const fast: Array<{ id: string; published_at: Date }> = await db.$queryRaw<Array<{ id: string; published_at: Date }>>(
        pageQuery(schema, ['c1', 'c8'], 25, after),
      );
      const naive = await db.$queryRaw<Array<{ id: string }>>(Prisma.sql`
        SELECT a.id FROM articles a
        WHERE EXISTS (SELECT 1 FROM article_categories x WHERE x.article_id = a.id AND x.category_key IN ('c1', 'c8'))
          ${after ? Prisma.sql`AND (a.published_at, a.id) < (${after.publishedAt}::timestamptz, ${after.articleId})` : Prisma.empty}
        ORDER BY a.published_at DESC, a.id DESC LIMIT 25`);
      expect(fast.map((r) => r.id)).toEqual(naive.map((r) => r.id));
      const last: { id: string; published_at: Date } = fast[fast.length - 1]!;
      after = { publishedAt: new Date(last.published_at), articleId: last.id };
    }
  });
});
