/**
 * The changes feed's invariant (design 10) on the real PostgreSQL: a client that applies every change
 * in order, following `next` while `hasMore`, holds exactly the Site's current feed, after any
 * sequence of imports, updates, removals, subscription changes and notes of personalization, and
 * however its syncs interleave with them (fast-check drives random sequences).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MemoryBus } from '@cfs/common/bus';
import { createPgAdapter } from '@cfs/common/database';
import { applyMigrations } from '@cfs/common/migrate';
import { ArticleImporter } from '../src/articles.ts';
import { ChangesFeed, type ChangesPosition, type FeedChange } from '../src/changes.ts';
import { FeedPages } from '../src/feed-pages.ts';
import { PrismaClient } from '../src/generated/prisma/client.ts';
import { replaceSubscriptions } from '../src/subscriptions.ts';

const schema = `feedchanges_${process.pid}_${Date.now().toString(36)}`;
const CATEGORIES = ['c0', 'c1', 'c2', 'c3'];
let db: PrismaClient;
let importer: ArticleImporter;
let feed: ChangesFeed;
let pages: FeedPages;

beforeAll(async () => {
  const target = { connectionString: inject('databaseUrl'), schema };
  await applyMigrations({ target, migrationsDir: new URL('../prisma/migrations', import.meta.url).pathname });
  db = new PrismaClient({ adapter: await createPgAdapter(target, 4) });
  await db.category.createMany({ data: CATEGORIES.map((key) => ({ key, name: key })) });
  importer = new ArticleImporter(db, schema, new MemoryBus());
  feed = new ChangesFeed(db, schema);
  pages = new FeedPages(db, schema);
});
afterAll(async () => {
  await db?.$executeRawUnsafe(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await db?.$disconnect();
});

/** A client's copy of a Site's feed, kept by the changes feed. */
class Mirror {
  readonly held = new Map<string, string>();
  position: ChangesPosition | null = null;
  constructor(readonly siteId: string) {}

  apply(change: FeedChange): void {
    if (change.type === 'upsert') this.held.set(change.article.id, render(change.article));
    else this.held.delete(change.id);
  }

  /** Follows the changes for at most `rounds` answers (all of them without a bound). */
  async sync(limit: number, rounds = Infinity): Promise<void> {
    for (let i = 0; i < rounds; i++) {
      const answer = await feed.changes(this.siteId, this.position, limit);
      answer.changes.forEach((c) => this.apply(c));
      this.position = answer.next;
      if (!answer.hasMore) return;
    }
  }
}

const render = (a: { id: string; title: string; categories: string[]; summary: string | null }) =>
  JSON.stringify([a.id, a.title, [...a.categories].sort(), a.summary]);

/** The Site's feed as GET /api/v1/feed walks it, every page. */
async function fullWalk(siteId: string): Promise<Map<string, string>> {
  const all = new Map<string, string>();
  let after = null;
  do {
    const page = await pages.page(siteId, 100, after);
    for (const a of page.articles) all.set(a.id, render(a));
    after = page.next;
  } while (after);
  return all;
}

type Op =
  | { kind: 'import'; n: number; title: string; categories: string[] }
  | { kind: 'remove'; n: number }
  | { kind: 'subscribe'; site: number; categories: string[] }
  | { kind: 'note'; site: number; n: number }
  | { kind: 'sync'; site: number; limit: number; rounds: number };

const categories = fc.uniqueArray(fc.constantFrom(...CATEGORIES), { minLength: 1, maxLength: 3 });
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('import' as const), n: fc.nat(11), title: fc.constantFrom('A', 'B', 'C'), categories }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('remove' as const), n: fc.nat(11) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('subscribe' as const),
      site: fc.nat(1),
      categories: fc.uniqueArray(fc.constantFrom(...CATEGORIES), { maxLength: 3 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('note' as const), site: fc.nat(1), n: fc.nat(11) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('sync' as const),
      site: fc.nat(1),
      limit: fc.integer({ min: 1, max: 4 }),
      rounds: fc.integer({ min: 1, max: 3 }),
    }),
  },
);

let run = 0;
describe('the changes feed', () => {
  it('keeps a mirror equal to the feed after any sequence of imports, updates, removals, subscription changes and notes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        run += 1;
        const sites = [`site_p${run}_a`, `site_p${run}_b`];
        const mirrors = sites.map((s) => new Mirror(s));
        const id = (n: number) => `r${run}-${n}`;
        for (const o of ops) {
          if (o.kind === 'import') {
            await importer.importLines([
              {
                line: 1,
                value: {
                  id: id(o.n),
                  title: o.title,
                  url: `https://x.example.com/${id(o.n)}`,
                  publishedAt: new Date(Date.UTC(2026, 0, 1, o.n)).toISOString(),
                  categories: o.categories,
                },
              },
            ]);
          } else if (o.kind === 'remove') await importer.remove([id(o.n)]);
          else if (o.kind === 'subscribe') await replaceSubscriptions(db, schema, sites[o.site]!, o.categories);
          else if (o.kind === 'note') await feed.noteSiteChanges(sites[o.site]!, [id(o.n)]);
          else await mirrors[o.site]!.sync(o.limit, o.rounds);
        }
        for (const mirror of mirrors) {
          await mirror.sync(3);
          expect(mirror.held).toEqual(await fullWalk(mirror.siteId));
        }
      }),
      { numRuns: 100 },
    );
  }, 120_000);

  it('answers a caught-up position with itself, and an article unchanged by a re-import with nothing', async () => {
    const site = 'site_caught_up';
    await replaceSubscriptions(db, schema, site, ['c0']);
    await importer.importLines([
      { line: 1, value: { id: 'cu-1', title: 'T', url: 'https://x.example.com/cu', publishedAt: '2026-01-01T00:00:00Z', categories: ['c0'] } },
    ]);
    const mirror = new Mirror(site);
    await mirror.sync(10);
    const caughtUp = mirror.position!;
    expect(await feed.changes(site, caughtUp, 10)).toEqual({ changes: [], next: caughtUp, hasMore: false });
    await importer.importLines([
      { line: 1, value: { id: 'cu-1', title: 'T', url: 'https://x.example.com/cu', publishedAt: '2026-01-01T00:00:00Z', categories: ['c0'] } },
    ]);
    expect(await feed.changes(site, caughtUp, 10)).toEqual({ changes: [], next: caughtUp, hasMore: false });
  });

  it('refuses a position of another Site, and one older than the changes kept', async () => {
    const mirror = new Mirror('site_old');
    await replaceSubscriptions(db, schema, 'site_old', ['c1']);
    await mirror.sync(10);
    await expect(feed.changes('site_other', mirror.position, 10)).rejects.toMatchObject({ code: 'MALFORMED_REQUEST' });
    // A mark from before the retention says which positions may have missed pruned tombstones.
    await db.$executeRawUnsafe(`INSERT INTO change_marks (day, max_seq) VALUES (current_date - 40, ${mirror.position!.seq + 1n})`);
    try {
      await expect(feed.changes('site_old', mirror.position, 10)).rejects.toThrow(/start over without since/);
    } finally {
      await db.$executeRawUnsafe(`DELETE FROM change_marks WHERE day = current_date - 40`);
    }
  });
});
