/**
 * The content loop (services/media/README.md#planning-generation) over HTTP, with AI_PROVIDER=openai against the OpenAI API stand-in:
 * imports, subscription, plan and profile changes queue generation for the Sites whose plan has AI
 * generation, and their feeds show `personalized` with a generated image, on every gateway replica.
 * A database and announcements of its own: this system's planner plans for every Site it can see.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createCustomer, type Owner } from '../support/customers.ts';
import { jsonl, tempFile } from '../support/files.ts';
import { request } from '../support/http.ts';
import { checkHeadersAgainstOpenApi } from '../support/openapi.ts';
import { startOpenAiStandIn, STANDIN_PNG, type OpenAiStandIn } from '../support/openai-standin.ts';
import { createTestDatabase, startSystem, type TestSystem } from '../support/system.ts';

interface Item {
  id: string;
  title: string;
  personalized?: { title: string; summary: string; metaDescription: string; imageUrl: string | null; generatedAt: string };
}

let system: TestSystem;
let standin: OpenAiStandIn;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  standin = await startOpenAiStandIn();
  database = await createTestDatabase('ai_generation');
  system = await startSystem({
    databaseUrl: database.url,
    redisPrefix: `${inject('redisPrefix')}ai-generation:`,
    mediaEnv: { AI_PROVIDER: 'openai', AI_API_URL: standin.baseURL, AI_API_KEY: 'sk-test', AI_BACKFILL_ARTICLES: '5' },
  });
}, 60_000);
afterAll(async () => {
  await system?.stop();
  await standin?.close();
  await database?.drop();
});

let seq = 0;
const category = 'technology';
async function importArticles(...titles: string[]): Promise<string[]> {
  const rows = titles.map((title) => {
    seq += 1;
    return {
      id: `art_loop_${seq}`,
      title,
      url: `https://news.example/loop/${seq}`,
      summary: `About ${title}.`,
      publishedAt: new Date(Date.UTC(2026, 10, 1) + seq * 60_000).toISOString(),
      categories: [category],
    };
  });
  await system.admin('articles', 'import', '--file', tempFile(`loop-${seq}.jsonl`, jsonl(rows)));
  return rows.map((r) => r.id);
}

const as = (owner: Owner, method: string, path: string, options: Parameters<typeof request>[3] = {}) =>
  request(system.baseUrl, method, path, { token: owner.credential.secret, ...options });

async function subscribe(owner: Owner): Promise<void> {
  expect((await as(owner, 'PUT', '/api/v1/subscriptions', { body: { categories: [category] } })).status).toBe(200);
}

async function setProfile(owner: Owner, tone: string): Promise<void> {
  const body = { siteName: `Site ${owner.site.id}`, locale: 'en-GB', keywords: ['robots'], tone, topics: ['automation'] };
  expect((await as(owner, 'PUT', '/api/v1/seo-profile', { body })).status).toBe(200);
}

async function feed(owner: Owner, baseUrl = system.baseUrl): Promise<Item[]> {
  const res = await request(baseUrl, 'GET', '/api/v1/feed?limit=100', { token: owner.credential.secret });
  expect(res.status).toBe(200);
  return (res.body as { data: Item[] }).data;
}

/** Polls the feed (bounded) until `check` holds for it. */
async function feedUntil(owner: Owner, check: (items: Item[]) => boolean, what: string, baseUrl = system.baseUrl): Promise<Item[]> {
  const end = Date.now() + 30_000;
  for (;;) {
    const items = await feed(owner, baseUrl);
    if (check(items)) return items;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(items.map((i) => [i.id, i.personalized?.title]))}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
const personalizedWithImage = (ids: string[]) => (items: Item[]) =>
  ids.every((id) => {
    const item = items.find((i) => i.id === id);
    return item?.personalized?.imageUrl !== undefined && item.personalized.imageUrl !== null;
  });
const aiUsage = async (owner: Owner) => (await as(owner, 'GET', '/api/v1/ai-usage')).body as { used: number; reserved: number };

describe('the content loop', () => {
  let a: Owner;
  let b: Owner;
  let free: Owner;

  it('personalizes an imported article for each eligible subscribed Site, with its own profile and image, and charges each once', async () => {
    [a, b, free] = [await createCustomer(system, '--plan', 'pro'), await createCustomer(system, '--plan', 'pro'), await createCustomer(system)];
    await setProfile(a, 'playful');
    await setProfile(b, 'formal');
    for (const owner of [a, b, free]) await subscribe(owner);
    standin.reset();
    const [id] = await importArticles('Robots sort recycling');
    const [itemsA, itemsB] = [
      await feedUntil(a, personalizedWithImage([id!]), 'A personalized'),
      await feedUntil(b, personalizedWithImage([id!]), 'B personalized'),
    ];
    const pa = itemsA.find((i) => i.id === id)!.personalized!;
    const pb = itemsB.find((i) => i.id === id)!.personalized!;
    // Each Site its own text (the stand-in marks the answer with a digest of the prompt, profile included) and image.
    expect(pa.title).not.toBe(pb.title);
    expect(pa.imageUrl).toMatch(/^\/media\/generated\/ai\/[0-9a-f]{64}\.png$/);
    expect(itemsA.find((i) => i.id === id)!.title).toBe('Robots sort recycling');
    const image = await fetch(`${system.baseUrl}${pa.imageUrl}`);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer())).toEqual(STANDIN_PNG);
    // The generated image's URL is a path of the OpenAPI description, as a standard router matches it.
    expect(checkHeadersAgainstOpenApi('GET', pa.imageUrl!, image.status, image.headers)).toBeNull();
    // The free Site (no aiBudget) made no call and shows nothing personalized.
    expect((await feed(free)).every((i) => i.personalized === undefined)).toBe(true);
    expect(standin.chats).toHaveLength(2);
    expect(standin.images).toHaveLength(2);
    expect(standin.chats.map((c) => JSON.stringify(c.messages)).join()).not.toContain(free.site.id);
    expect(await aiUsage(a)).toMatchObject({ used: 11, reserved: 0 });
    expect(await aiUsage(b)).toMatchObject({ used: 11, reserved: 0 });
  });

  it('answers the feed at once while the provider is slow, and shows the variant on every replica once it is made', async () => {
    const replica = await system.startGateway();
    const before = await feed(a, replica);
    standin.reset();
    standin.next({ delayMs: 3000 }, { delayMs: 3000 });
    const [id] = await importArticles('Robots paint murals');
    // A provider call is in flight: the feed answers without waiting for it.
    const end = Date.now() + 15_000;
    while (standin.requests.length === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
    expect(standin.requests.length).toBeGreaterThan(0);
    const items = await feed(a, replica);
    expect(items.find((i) => i.id === id)?.personalized).toBeUndefined();
    expect(items.length).toBe(before.length + 1);
    // The replica cached that page; the announcement of the new variant drops it there too.
    await feedUntil(a, personalizedWithImage([id!]), 'the variant on the replica', replica);
  });

  it('regenerates the newest articles when a Site replaces its SEO profile', async () => {
    const items = await feed(a);
    const newest = items[0]!;
    standin.reset();
    await setProfile(a, 'solemn');
    // The old profile's variant stops showing at once; wait for the new one.
    const changed = await feedUntil(
      a,
      (now) => now[0]?.personalized !== undefined && now[0].personalized.title !== newest.personalized?.title,
      'the new profile variant',
    );
    expect(changed[0]!.personalized!.title).toBeTruthy();
    // A call of the test before may still land after the reset (another Site's, slowed down), so
    // the chats are told apart by the Site they write for.
    const forA = standin.chats.map((c) => JSON.stringify(c.messages)).filter((m) => m.includes(a.site.id));
    expect(forA.length).toBeGreaterThan(0);
    expect(forA.some((m) => m.includes('solemn'))).toBe(true);
  });

  it('backfills a Site that becomes eligible, and one that subscribes, with its newest articles (AI_BACKFILL_ARTICLES)', async () => {
    standin.reset();
    // The free Site moves to a plan with an aiBudget: its newest (up to 5) articles are generated.
    await system.admin('site', 'set-plan', '--site', free.site.id, '--plan', 'starter');
    const ids = (await feed(free)).slice(0, 5).map((i) => i.id);
    await feedUntil(free, personalizedWithImage(ids), 'the backfill after the plan change');
    const late = await createCustomer(system, '--plan', 'pro');
    expect((await feed(late)).length).toBe(0);
    await subscribe(late);
    const lateIds = (await feed(late)).slice(0, 5).map((i) => i.id);
    await feedUntil(late, personalizedWithImage(lateIds), 'the backfill after subscribing');
    // Only the newest 5: the sixth newest is not generated.
    const sixth = (await feed(late))[5];
    if (sixth) expect(sixth.personalized).toBeUndefined();
  });

  it('reports a new variant in the changes feed: the article again, personalized', async () => {
    const changes = async (since?: string) =>
      (await as(a, 'GET', `/api/v1/feed/changes?limit=100${since ? `&since=${encodeURIComponent(since)}` : ''}`)).body as {
        data: Array<{ type: string; article?: Item }>;
        nextSince: string;
        hasMore: boolean;
      };
    let since: string | undefined;
    for (let more = true; more;) {
      const page = await changes(since);
      since = page.nextSince;
      more = page.hasMore;
    }
    // The text call waits: the import's upsert is read before the variant exists.
    standin.next({ delayMs: 1500 });
    const [id] = await importArticles('Robots learn to bake');
    const before: Item[] = [];
    for (let more = true; more || before.length === 0; await new Promise((r) => setTimeout(r, 100))) {
      const page = await changes(since);
      before.push(...page.data.flatMap((c) => (c.type === 'upsert' && c.article && c.article.id === id ? [c.article] : [])));
      since = page.nextSince;
      more = page.hasMore;
    }
    expect(before.at(-1)?.personalized).toBeUndefined();
    await feedUntil(a, personalizedWithImage([id!]), 'the new article personalized');
    const seen: Item[] = [];
    for (let more = true; more;) {
      const page = await changes(since);
      seen.push(...page.data.flatMap((c) => (c.type === 'upsert' && c.article && c.article.id === id ? [c.article] : [])));
      since = page.nextSince;
      more = page.hasMore;
    }
    // After the import's upsert, the variant's: the article again, with `personalized`.
    expect(seen.at(-1)?.personalized?.imageUrl).toMatch(/^\/media\/generated\/ai\//);
  });
});
