/**
 * What AI generation may spend and show, over HTTP against the OpenAI API stand-in: only a plan
 * with an `aiBudget` generates; a job spends from the Site's budget as it is when the job runs and
 * is dropped (no provider call, no charge) once its article or profile version is not the current
 * one; a variant shows only for the article and profile versions it was made for; and a media
 * service that fails for one Site neither hides another Site's variants nor lets the changes feed
 * send an upsert without the variant the Site has. A database and a plan catalog of its own.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadPlanCatalog } from '@cfs/account';
import { setFailpoints } from '@cfs/common/failpoints';
import { createCustomer, type Owner } from '../support/customers.ts';
import { jsonl, tempFile } from '../support/files.ts';
import { request } from '../support/http.ts';
import { startOpenAiStandIn, type OpenAiStandIn } from '../support/openai-standin.ts';
import { createTestDatabase, startSystem, type TestSystem } from '../support/system.ts';

interface Item {
  id: string;
  title: string;
  personalized?: { title: string; summary: string; imageUrl: string | null };
}
interface Changes {
  data: Array<{ type: string; article?: Item }>;
  nextSince: string;
  hasMore: boolean;
}
interface Usage {
  used: number;
  reserved: number;
  budget: number | null;
}

const catalog = loadPlanCatalog();
const pro = catalog.plans.pro!;
// A plan with AI generation among its capabilities but no aiBudget, and one whose budget cannot pay for one article (11 units).
catalog.plans.unbudgeted = { name: 'Unbudgeted', capabilities: pro.capabilities };
catalog.plans.tiny = { name: 'Tiny', capabilities: pro.capabilities, aiBudget: { units: 10, period: 'month' } };
// Room for two articles (22 units), not three.
catalog.plans.small = { name: 'Small', capabilities: pro.capabilities, aiBudget: { units: 30, period: 'month' } };

let system: TestSystem;
let standin: OpenAiStandIn;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: pg.Client;
beforeAll(async () => {
  setFailpoints('');
  standin = await startOpenAiStandIn();
  database = await createTestDatabase('ai_current');
  db = new pg.Client({ connectionString: database.url });
  await db.connect();
  system = await startSystem({
    databaseUrl: database.url,
    catalog,
    redisPrefix: `${inject('redisPrefix')}ai-current:`,
    mediaEnv: { AI_PROVIDER: 'openai', AI_API_URL: standin.baseURL, AI_API_KEY: 'sk-test', AI_BACKFILL_ARTICLES: '8' },
  });
  const categories = ['cur-a', 'cur-b', 'cur-c', 'cur-d', 'cur-e', 'cur-f'].map((key) => ({ key, name: key, topics: [] }));
  await system.admin('taxonomy', 'import', '--file', tempFile('ai-current-taxonomy.json', JSON.stringify({ categories })));
}, 60_000);
afterAll(async () => {
  setFailpoints('');
  await system?.stop();
  await db?.end();
  await standin?.close();
  await database?.drop();
});

let seq = 0;
async function importArticles(category: string, titles: string[], ids?: string[]): Promise<string[]> {
  const rows = titles.map((title, i) => {
    seq += 1;
    const id = ids?.[i] ?? `art_cur_${seq}`;
    return {
      id,
      title,
      url: `https://news.example/current/${id}`,
      summary: `About ${title}.`,
      publishedAt: new Date(Date.UTC(2026, 10, 1) + Number(id.replace(/\D/g, '')) * 60_000).toISOString(),
      categories: [category],
    };
  });
  await system.admin('articles', 'import', '--file', tempFile(`current-${seq}.jsonl`, jsonl(rows)));
  return rows.map((r) => r.id);
}

const as = (owner: Owner, method: string, path: string, options: Parameters<typeof request>[3] = {}) =>
  request(system.baseUrl, method, path, { token: owner.credential.secret, ...options });

async function site(plan: string, category: string, tone = 'plain'): Promise<Owner> {
  const owner = await createCustomer(system, '--plan', plan);
  await setProfile(owner, tone);
  expect((await as(owner, 'PUT', '/api/v1/subscriptions', { body: { categories: [category] } })).status).toBe(200);
  return owner;
}

async function setProfile(owner: Owner, tone: string): Promise<void> {
  const body = { siteName: `Site ${owner.site.id}`, locale: 'en-GB', keywords: ['robots'], tone, topics: ['automation'] };
  expect((await as(owner, 'PUT', '/api/v1/seo-profile', { body })).status).toBe(200);
}

async function feed(owner: Owner): Promise<Item[]> {
  const res = await as(owner, 'GET', '/api/v1/feed?limit=100');
  expect(res.status).toBe(200);
  return (res.body as { data: Item[] }).data;
}

async function until<T>(read: () => Promise<T>, check: (value: T) => boolean, what: string, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const usage = async (owner: Owner) => (await as(owner, 'GET', '/api/v1/ai-usage')).body as Usage;
/** Provider calls made for the Site (its profile's site name is in every prompt). */
const chatsFor = (owner: Owner) => standin.chats.filter((c) => JSON.stringify(c.messages).includes(owner.site.id)).length;
const allPersonalized = (ids: string[]) => (items: Item[]) => ids.every((id) => items.find((i) => i.id === id)?.personalized?.imageUrl);
const pause = () => system.admin('ai-images', 'set-status', '--status', 'paused');
const resume = () => system.admin('ai-images', 'set-status', '--status', 'operational');
/** Generation jobs waiting in the queue (pg-boss's table in the media service's job schema). */
async function queuedJobs(): Promise<number> {
  const { rows } = await db.query<{ n: string }>(
    `SELECT count(*) AS n FROM media_jobs.job WHERE name = 'ai-generation' AND state IN ('created', 'retry', 'active')`,
  );
  return Number(rows[0]!.n);
}

/** The 8 jobs of the import, then 8 more for each of three profile versions (one at a time: a plan request absorbs one already queued). */
async function queueProfileVersions(owner: Owner): Promise<void> {
  await until(queuedJobs, (n) => n >= 8, 'the import queued');
  for (const tone of ['tone-1', 'tone-2', 'tone-3']) {
    const before = await queuedJobs();
    await setProfile(owner, tone);
    await until(queuedJobs, (n) => n >= before + 8, `the jobs of ${tone}`);
  }
}

async function drain(owner: Owner, since?: string): Promise<{ since: string; items: Item[] }> {
  const items: Item[] = [];
  let at = since;
  for (let more = true; more;) {
    const res = await as(owner, 'GET', `/api/v1/feed/changes?limit=100${at ? `&since=${encodeURIComponent(at)}` : ''}`);
    expect(res.status).toBe(200);
    const page = res.body as Changes;
    items.push(...page.data.flatMap((c) => (c.type === 'upsert' && c.article ? [c.article] : [])));
    at = page.nextSince;
    more = page.hasMore;
  }
  return { since: at!, items };
}

describe('what generation may spend', () => {
  it('generates nothing for a plan without an aiBudget, and shows its budget as 0', async () => {
    const none = await site('unbudgeted', 'cur-a');
    const paying = await site('pro', 'cur-a');
    standin.reset();
    const ids = await importArticles('cur-a', ['Robots fold laundry', 'Robots mow lawns']);
    await until(() => feed(paying), allPersonalized(ids), 'the paying Site personalized');
    // The queue holds nothing more for the other Site either.
    await until(queuedJobs, (n) => n === 0, 'an empty queue');
    await new Promise((r) => setTimeout(r, 1000));
    expect((await feed(none)).every((i) => i.personalized === undefined)).toBe(true);
    expect(chatsFor(none)).toBe(0);
    expect(standin.images).toHaveLength(2);
    expect(await usage(none)).toMatchObject({ used: 0, reserved: 0, budget: 0 });
  });

  it('spends from the budget as it is when a job runs, and drops superseded jobs (profile changes queued, then a downgrade)', async () => {
    const owner = await site('pro', 'cur-b', 'tone-0');
    await pause();
    try {
      standin.reset();
      await importArticles(
        'cur-b',
        Array.from({ length: 8 }, (_, i) => `Robots chapter ${i}`),
      );
      // Every version's jobs are queued while generation is paused: 8 articles × 4 profile versions.
      await queueProfileVersions(owner);
      await system.admin('site', 'set-plan', '--site', owner.site.id, '--plan', 'tiny');
    } finally {
      await resume();
    }
    // Sampled while the queue runs: never more than the 10 units of the plan the Site is on now.
    await until(
      async () => {
        const u = await usage(owner);
        expect(u.used + u.reserved).toBeLessThanOrEqual(10);
        return queuedJobs();
      },
      (n) => n === 0,
      'the queue to run',
    );
    await new Promise((r) => setTimeout(r, 1000));
    expect(await usage(owner)).toMatchObject({ used: 0, reserved: 0, budget: 10 });
    expect(chatsFor(owner)).toBe(0);
    expect(standin.images).toHaveLength(0);
  });

  it('after a downgrade to a plan with room for two articles, generates two of the current profile and no more', async () => {
    const owner = await site('pro', 'cur-f', 'tone-0');
    await pause();
    try {
      standin.reset();
      await importArticles(
        'cur-f',
        Array.from({ length: 8 }, (_, i) => `Robots stanza ${i}`),
      );
      await queueProfileVersions(owner);
      await system.admin('site', 'set-plan', '--site', owner.site.id, '--plan', 'small');
    } finally {
      await resume();
    }
    await until(
      async () => {
        const u = await usage(owner);
        expect(u.used + u.reserved).toBeLessThanOrEqual(30);
        return queuedJobs();
      },
      (n) => n === 0,
      'the queue to run',
    );
    expect(await usage(owner)).toMatchObject({ used: 22, reserved: 0, budget: 30 });
    expect(chatsFor(owner)).toBe(2);
    expect(standin.chats.every((c) => JSON.stringify(c.messages).includes('tone-3'))).toBe(true);
    expect((await feed(owner)).filter((i) => i.personalized)).toHaveLength(2);
  });

  it('drops the jobs of profile versions that were replaced before they ran: one generation per article', async () => {
    const owner = await site('pro', 'cur-c', 'tone-0');
    await pause();
    try {
      standin.reset();
      await importArticles(
        'cur-c',
        Array.from({ length: 8 }, (_, i) => `Robots verse ${i}`),
      );
      await queueProfileVersions(owner);
    } finally {
      await resume();
    }
    const ids = (await feed(owner)).map((i) => i.id);
    await until(() => feed(owner), allPersonalized(ids), 'every article personalized');
    await until(queuedJobs, (n) => n === 0, 'the queue to run');
    expect(chatsFor(owner)).toBe(8);
    expect(standin.chats.every((c) => JSON.stringify(c.messages).includes('tone-3'))).toBe(true);
    expect(await usage(owner)).toMatchObject({ used: 88, reserved: 0 });
  });
});

describe('which variant shows', () => {
  let owner: Owner;
  let ids: string[];
  let since: string;

  it('shows no personalized version of a corrected article until its own variant exists, in the feed and the changes feed', async () => {
    owner = await site('pro', 'cur-d', 'tone-0');
    standin.reset();
    ids = await importArticles('cur-d', ['Robots win the cup', 'Robots lose the cup']);
    await until(() => feed(owner), allPersonalized(ids), 'the first variants');
    ({ since } = await drain(owner));
    await pause();
    try {
      await importArticles('cur-d', ['Robots win the cup, corrected'], [ids[0]!]);
      const items = await until(
        () => feed(owner),
        (now) => now.some((i) => i.title === 'Robots win the cup, corrected'),
        'the corrected title',
      );
      expect(items.find((i) => i.id === ids[0])!.personalized).toBeUndefined();
      expect(items.find((i) => i.id === ids[1])!.personalized).toBeDefined();
      const changed = await drain(owner, since);
      since = changed.since;
      const upsert = changed.items.filter((i) => i.id === ids[0]).at(-1);
      expect(upsert?.title).toBe('Robots win the cup, corrected');
      expect(upsert?.personalized).toBeUndefined();
    } finally {
      await resume();
    }
    const after = await until(() => feed(owner), allPersonalized(ids), 'the corrected article personalized');
    expect(after.find((i) => i.id === ids[0])!.personalized!.title).toContain('corrected');
    since = (await drain(owner, since)).since;
  });

  it('shows no variant of a replaced profile, and the changes feed sends each such article again without it', async () => {
    await pause();
    try {
      await setProfile(owner, 'tone-new');
      await until(
        () => feed(owner),
        (items) => items.every((i) => i.personalized === undefined),
        'the old variants hidden',
        10_000,
      );
      const changed = await until(
        () => drain(owner, since),
        (c) => ids.every((id) => c.items.some((i) => i.id === id)),
        'the articles sent again',
        10_000,
      );
      expect(changed.items.every((i) => i.personalized === undefined)).toBe(true);
      since = changed.since;
    } finally {
      await resume();
    }
    await until(() => feed(owner), allPersonalized(ids), 'the new profile variants');
  });
});

describe('a media service that fails once', () => {
  it('hides the variants of the Site it failed for alone, and the changes feed never sends an upsert without the variant', async () => {
    const [a, b] = [await site('pro', 'cur-e'), await site('pro', 'cur-e')];
    const ids = await importArticles('cur-e', ['Robots read the news']);
    await until(() => feed(a), allPersonalized(ids), 'A personalized');
    await until(() => feed(b), allPersonalized(ids), 'B personalized');
    // A new replica has no variant cached; media fails its first GetVariants, asked for A.
    const replica = await system.startGateway();
    const on = (owner: Owner, path: string) => request(replica, 'GET', path, { token: owner.credential.secret });
    setFailpoints('media.getVariants=1*unavailable');
    try {
      const plain = await on(a, '/api/v1/feed?limit=100');
      expect(plain.status).toBe(200);
      expect((plain.body as { data: Item[] }).data.find((i) => i.id === ids[0])!.personalized).toBeUndefined();
      const other = await on(b, '/api/v1/feed?limit=100');
      expect((other.body as { data: Item[] }).data.find((i) => i.id === ids[0])!.personalized).toBeDefined();
      setFailpoints('media.getVariants=1*unavailable');
      const failed = await on(a, '/api/v1/feed/changes?limit=100');
      expect(failed.status).toBe(503);
      expect(failed.body).toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE' } });
      const again = await on(a, '/api/v1/feed/changes?limit=100');
      expect(again.status).toBe(200);
      const upsert = (again.body as Changes).data.find((c) => c.article?.id === ids[0]);
      expect(upsert?.article?.personalized).toBeDefined();
    } finally {
      setFailpoints('');
    }
  });
});
