/**
 * What an import writes, on the real PostgreSQL: an article that shows the same is not written at
 * all (its updated_at, the order the generation planner reads changes in, stays), a changed one is
 * one write; a Source's articles keep links on any host, imported lines do not.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MemoryBus } from '@cfs/common/bus';
import { createPgAdapter } from '@cfs/common/database';
import { applyMigrations } from '@cfs/common/migrate';
import { ArticleImporter } from '../src/articles.ts';
import { PrismaClient } from '../src/generated/prisma/client.ts';
import { readChanges } from '../src/page-query.ts';

const schema = `feedwrites_${process.pid}_${Date.now().toString(36)}`;
let db: PrismaClient;
let importer: ArticleImporter;

beforeAll(async () => {
  const target = { connectionString: inject('databaseUrl'), schema };
  await applyMigrations({ target, migrationsDir: new URL('../prisma/migrations', import.meta.url).pathname });
  db = new PrismaClient({ adapter: await createPgAdapter(target, 2) });
  await db.category.createMany({ data: [{ key: 'news', name: 'News' }] });
  importer = new ArticleImporter(db, schema, new MemoryBus());
});
afterAll(async () => {
  await db?.$executeRawUnsafe(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await db?.$disconnect();
});

const line = (id: string, title: string) => ({
  line: 1,
  value: { id, title, url: `https://news.example.com/${id}`, publishedAt: '2026-11-01T10:00:00Z', categories: ['news'] },
});

describe('article writes', () => {
  it('an unchanged article is not written again; a changed one is', async () => {
    await importer.importLines([line('w1', 'One'), line('w2', 'Two')]);
    const { last } = await readChanges(db, schema, null, 1000);
    const stamps = async () => (await db.article.findMany({ orderBy: { id: 'asc' }, select: { id: true, updatedAt: true } })).map((a) => a.updatedAt.getTime());
    const before = await stamps();
    await new Promise((resolve) => setTimeout(resolve, 20));

    await importer.importLines([line('w1', 'One'), line('w2', 'Two')]);
    expect(await stamps()).toEqual(before);
    expect((await readChanges(db, schema, last, 1000)).articles).toEqual([]);

    await importer.importLines([line('w1', 'One'), line('w2', 'Two, changed')]);
    const after = await stamps();
    expect(after[0]).toBe(before[0]);
    expect(after[1]).toBeGreaterThan(before[1]!);
    expect((await readChanges(db, schema, last, 1000)).articles.map((a) => a.id)).toEqual(['w2']);
  });

  it("a Source's articles count created, updated and unchanged; a link on an IP address is kept, an import line's is not", async () => {
    await db.source.create({
      data: { id: 'src_00000000000000000001', url: 'http://127.0.0.1/feed', name: 'Local', categories: ['news'], intervalSeconds: 900, status: 'active' },
    });
    const article = {
      id: 'art_000000000000000000000001',
      identity: 'i1',
      title: 'Local',
      url: 'https://news.example.com/a?x=1',
      publishedAt: '2026-11-01T10:00:00.000Z',
      categories: ['news'],
    };
    expect(await importer.importSourceArticles('src_00000000000000000001', [article])).toEqual({ created: 1, updated: 0, unchanged: 0, rejected: [] });
    expect(await importer.importSourceArticles('src_00000000000000000001', [article])).toEqual({ created: 0, updated: 0, unchanged: 1, rejected: [] });
    expect(await importer.importSourceArticles('src_00000000000000000001', [{ ...article, title: 'Local, again' }])).toMatchObject({ updated: 1 });
    expect(await db.article.count({ where: { sourceId: 'src_00000000000000000001' } })).toBe(1);
    const kept = await importer.importSourceArticles('src_00000000000000000001', [
      { ...article, id: 'art_000000000000000000000002', url: 'http://127.0.0.1:8080/a' },
      { ...article, id: 'art_000000000000000000000003', identity: 'i3', url: 'javascript:alert(1)' },
    ]);
    expect(kept).toMatchObject({ created: 1, rejected: [{ item: 'i3', reason: expect.stringMatching(/^url/) }] });
    expect((await db.article.findUnique({ where: { id: 'art_000000000000000000000002' } }))?.url).toBe('http://127.0.0.1:8080/a');
    const line = await importer.importLines([
      { line: 1, value: { id: 'w9', title: 'Typed', url: 'http://127.0.0.1:8080/b', publishedAt: '2026-11-01T10:00:00Z', categories: ['news'] } },
    ]);
    expect(line.rejected).toHaveLength(1);
  });

  it("a Source article's image URL is stored and read back; the same image writes nothing, a changed one is one upsert", async () => {
    const sourceId = 'src_00000000000000000002';
    await db.source.create({
      data: { id: sourceId, url: 'http://127.0.0.1/images', name: 'Images', categories: ['news'], intervalSeconds: 900, status: 'active' },
    });
    const article = {
      id: 'art_00000000000000000000img1',
      identity: 'img1',
      title: 'Pictured',
      url: 'https://news.example.com/pictured',
      publishedAt: '2026-11-01T10:00:00.000Z',
      categories: ['news'],
      imageUrl: 'https://cdn.example.net/photos/a.jpg',
    };
    const { last } = await readChanges(db, schema, null, 1000);
    expect(await importer.importSourceArticles(sourceId, [article])).toMatchObject({ created: 1, rejected: [] });
    const stored = async () =>
      (
        await db.$queryRawUnsafe<Array<{ image_url: string | null; updated_at: Date }>>(
          `SELECT image_url, updated_at FROM "${schema}".articles WHERE id = $1`,
          article.id,
        )
      )[0]!;
    const first = await stored();
    expect(first.image_url).toBe('https://cdn.example.net/photos/a.jpg');
    const read = await readChanges(db, schema, last, 1000);
    expect(read.articles.map((a) => [a.id, a.imageUrl, a.imageKey])).toEqual([[article.id, 'https://cdn.example.net/photos/a.jpg', null]]);

    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await importer.importSourceArticles(sourceId, [article])).toMatchObject({ created: 0, updated: 0, unchanged: 1 });
    expect((await stored()).updated_at.getTime()).toBe(first.updated_at.getTime());
    expect((await readChanges(db, schema, read.last, 1000)).articles).toEqual([]);

    expect(await importer.importSourceArticles(sourceId, [{ ...article, imageUrl: 'https://cdn.example.net/photos/b.jpg' }])).toMatchObject({ updated: 1 });
    const changed = await readChanges(db, schema, read.last, 1000);
    expect(changed.articles.map((a) => [a.id, a.imageUrl])).toEqual([[article.id, 'https://cdn.example.net/photos/b.jpg']]);

    // An image that goes away is a change too; an image that is no http(s) URL is not kept.
    const { imageUrl: _gone, ...without } = article;
    expect(await importer.importSourceArticles(sourceId, [without])).toMatchObject({ updated: 1 });
    expect((await stored()).image_url).toBeNull();
    expect(await importer.importSourceArticles(sourceId, [{ ...article, imageUrl: 'javascript:alert(1)' }])).toMatchObject({ unchanged: 1, rejected: [] });
    expect((await stored()).image_url).toBeNull();
  });
});
