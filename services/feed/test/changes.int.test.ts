/**
 * The changes feed's invariant (services/feed/README.md#the-changes-feed) on the real PostgreSQL: a client that applies every change
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
import { CHANGE_RETENTION_DAYS, ChangesFeed, pruneChanges, type SiteChangesPosition, type FeedChange } from '../src/changes.ts';
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
  position: SiteChangesPosition | null = null;
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

describe('the changes kept', () => {
  const line = (id: string, category: string) => ({
    line: 1,
    value: { id, title: id, url: `https://x.example.com/${id}`, publishedAt: '2026-01-02T00:00:00Z', categories: [category] },
  });

  it('refuses a position before the last pruned tombstone, and answers one at it', async () => {
    const site = 'site_pruned';
    await replaceSubscriptions(db, schema, site, ['c2']);
    await importer.importLines([line('pr-1', 'c2'), line('pr-2', 'c2')]);
    const mirror = new Mirror(site);
    await mirror.sync(10);
    const held = mirror.position!;
    await importer.remove(['pr-1']);
    const [{ seq }] = (await db.$queryRawUnsafe<Array<{ seq: bigint }>>(`SELECT seq FROM article_changes WHERE article_id = 'pr-1'`)) as [{ seq: bigint }];
    // Removed just past the retention, and numbered on a day whose mark is younger than it: the
    // tombstone goes, and a copy that still holds pr-1 must not be told "nothing changed".
    await db.$executeRawUnsafe(`UPDATE article_changes SET changed_at = now() - interval '${CHANGE_RETENTION_DAYS} days 1 hour' WHERE article_id = 'pr-1'`);
    await pruneChanges(db, schema);
    expect(await db.$queryRawUnsafe(`SELECT 1 FROM article_changes WHERE article_id = 'pr-1'`)).toEqual([]);
    expect(held.seq).toBeLessThan(seq);
    await expect(feed.changes(site, held, 10)).rejects.toThrow(/start over without since/);
    await expect(feed.changes(site, { ...held, seq: seq - 1n }, 10)).rejects.toThrow(/start over without since/);
    // A position at the pruned tombstone already applied it.
    await expect(feed.changes(site, { ...held, seq }, 10)).resolves.toMatchObject({ changes: [], hasMore: false });
    const fresh = new Mirror(site);
    await fresh.sync(10);
    expect(fresh.held).toEqual(await fullWalk(site));
  });

  it('keeps what a caught-up token needs for 30 days after it was handed out', async () => {
    const site = 'site_caught_up_30';
    await replaceSubscriptions(db, schema, site, ['c2']);
    await importer.importLines([line('cu30-1', 'c2')]);
    const mirror = new Mirror(site);
    await mirror.sync(10);
    await importer.remove(['cu30-1']);
    // The token was handed out caught up 30 days ago, less an hour. A change after a caught-up
    // position is at most a week older than the answer (an older one moves the position to the
    // present), so the removal may be 37 days old.
    await db.$executeRawUnsafe(`UPDATE article_changes SET changed_at = now() - interval '37 days' + interval '1 hour' WHERE article_id = 'cu30-1'`);
    await pruneChanges(db, schema);
    await mirror.sync(10);
    expect(mirror.held).toEqual(await fullWalk(site));
  });

  it('goes on with a first sync cut into pages in a service older than the retention', async () => {
    const site = 'site_first_pages';
    await replaceSubscriptions(db, schema, site, ['c3']);
    await importer.importLines([line('fp-1', 'c3'), line('fp-2', 'c3'), line('fp-3', 'c3')]);
    const mirror = new Mirror(site);
    await mirror.sync(1, 1);
    expect(mirror.position!.walk).toBeTruthy();
    // Changes numbered before the retention (the service ran that long) say nothing of a first sync:
    // the copy held nothing, and its walk started after them.
    await db.$executeRawUnsafe(`INSERT INTO change_marks (day, max_seq) VALUES (current_date - 40, 1) ON CONFLICT (day) DO NOTHING`);
    try {
      await mirror.sync(1);
      expect(mirror.held).toEqual(await fullWalk(site));
    } finally {
      await db.$executeRawUnsafe(`DELETE FROM change_marks WHERE day = current_date - 40`);
    }
  });

  it('keeps a replaced subscription version for the retention, however old it was', async () => {
    const site = 'site_long_subscribed';
    await replaceSubscriptions(db, schema, site, ['c0']);
    const mirror = new Mirror(site);
    await mirror.sync(10);
    const versionOne = mirror.position!;
    await db.$executeRawUnsafe(`UPDATE subscription_versions SET created_at = now() - interval '100 days' WHERE site_id = '${site}'`);
    await replaceSubscriptions(db, schema, site, ['c0', 'c1']);
    await pruneChanges(db, schema);
    // Version 1 was the Site's set until today: a copy of it is brought over, not refused.
    await mirror.sync(10);
    expect(mirror.held).toEqual(await fullWalk(site));
    // Once replaced longer ago than the retention, it goes.
    await db.$executeRawUnsafe(
      `UPDATE subscription_versions SET created_at = now() - interval '${CHANGE_RETENTION_DAYS + 1} days' WHERE site_id = '${site}' AND version = 2`,
    );
    await replaceSubscriptions(db, schema, site, ['c1']);
    await pruneChanges(db, schema);
    expect(await db.$queryRawUnsafe(`SELECT version FROM subscription_versions WHERE site_id = '${site}' ORDER BY version`)).toEqual([
      { version: 2 },
      { version: 3 },
    ]);
    await expect(feed.changes(site, versionOne, 10)).rejects.toThrow(/start over without since/);
  });
});
