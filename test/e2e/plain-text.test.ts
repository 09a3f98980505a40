/**
 * The service hands out plain text, never markup a consumer would render: an imported title and
 * summary holding a script or an onerror handler answer as their text through the feed and the
 * changes feed, and a model that writes HTML (a prompt injection in a publisher's article can make
 * it) yields plain `personalized` text. A database of its own, with the OpenAI stand-in.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createCustomer, type Owner } from '../support/customers.ts';
import { jsonl, tempFile } from '../support/files.ts';
import { request } from '../support/http.ts';
import { startOpenAiStandIn, type OpenAiStandIn } from '../support/openai-standin.ts';
import { createTestDatabase, startSystem, type TestSystem } from '../support/system.ts';

interface Item {
  id: string;
  title: string;
  summary: string | null;
  personalized?: { title: string; summary: string; metaDescription: string };
}

let system: TestSystem;
let standin: OpenAiStandIn;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const category = 'technology';

beforeAll(async () => {
  standin = await startOpenAiStandIn();
  database = await createTestDatabase('plain_text');
  system = await startSystem({
    databaseUrl: database.url,
    redisPrefix: `${inject('redisPrefix')}plain-text:`,
    mediaEnv: { AI_PROVIDER: 'openai', AI_API_URL: standin.baseURL, AI_API_KEY: 'sk-test' },
  });
}, 60_000);
afterAll(async () => {
  await system?.stop();
  await standin?.close();
  await database?.drop();
});

let seq = 0;
async function importArticles(
  ...rows: Array<{ title: string; summary?: string }>
): Promise<{ ids: string[]; rejected: Array<{ line: number; reason: string }> }> {
  const lines = rows.map((row) => {
    seq += 1;
    return {
      id: `art_plain_${seq}`,
      url: `https://news.example/plain/${seq}`,
      publishedAt: new Date(Date.UTC(2026, 10, 1) + seq * 60_000).toISOString(),
      categories: [category],
      ...row,
    };
  });
  const result = (await system.admin('articles', 'import', '--file', tempFile(`plain-${seq}.jsonl`, jsonl(lines)))) as {
    rejected: Array<{ line: number; reason: string }>;
  };
  return { ids: lines.map((l) => l.id), rejected: result.rejected };
}

const as = (owner: Owner, path: string) => request(system.baseUrl, 'GET', path, { token: owner.credential.secret });

async function subscribedOwner(plan = 'free'): Promise<Owner> {
  const owner = await createCustomer(system, '--plan', plan);
  const res = await request(system.baseUrl, 'PUT', '/api/v1/subscriptions', { token: owner.credential.secret, body: { categories: [category] } });
  expect(res.status).toBe(200);
  return owner;
}

const MARKUP = /<\s*\/?\s*(img|script|b|a|p|iframe)\b|onerror=/i;

describe('imported titles and summaries', () => {
  it('are stored and answered as plain text by the feed and the changes feed; a title of markup only is refused', async () => {
    const owner = await subscribedOwner();
    const { ids, rejected } = await importArticles(
      {
        title: '<img src=x onerror=alert(1)>Robots <b>sort</b> recycling<script>alert("t")</script>',
        summary: '<p>A robot sorts <a href="javascript:alert(1)">mixed</a> recycling.</p><script>document.cookie</script>\nSecond paragraph &amp; more.',
      },
      { title: '<img src=x onerror=alert(1)><script>alert(1)</script>', summary: 'Only markup in the title.' },
    );
    expect(rejected).toEqual([{ line: 2, reason: expect.stringMatching(/^title: /) }]);

    const feed = await as(owner, '/api/v1/feed?limit=100');
    expect(feed.status).toBe(200);
    const item = (feed.body as { data: Item[] }).data.find((i) => i.id === ids[0]);
    expect(item).toMatchObject({ title: 'Robots sort recycling', summary: 'A robot sorts mixed recycling.\nSecond paragraph & more.' });
    expect((feed.body as { data: Item[] }).data.some((i) => i.id === ids[1])).toBe(false);

    const changes = await as(owner, '/api/v1/feed/changes');
    expect(changes.status).toBe(200);
    const upsert = (changes.body as { data: Array<{ type: string; article?: Item }> }).data.find((c) => c.article?.id === ids[0]);
    expect(upsert?.article).toMatchObject({ title: 'Robots sort recycling', summary: 'A robot sorts mixed recycling.\nSecond paragraph & more.' });
    expect(JSON.stringify([feed.body, changes.body])).not.toMatch(MARKUP);
  });
});

/** Waits until every article of the owner's feed has its personalized text (what subscribing queued is done). */
async function backfilled(owner: Owner): Promise<void> {
  const end = Date.now() + 30_000;
  for (;;) {
    const feed = await as(owner, '/api/v1/feed?limit=100');
    if ((feed.body as { data: Item[] }).data.every((i) => i.personalized)) return;
    if (Date.now() > end) throw new Error('the backfill did not finish within 30 s');
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('generated text', () => {
  it('is plain text when the model answers HTML', async () => {
    const owner = await subscribedOwner('pro');
    // Subscribing backfills the articles imported before (the test above): the scripted answer
    // below is for the article imported after it, not for one of those.
    await backfilled(owner);
    standin.reset();
    standin.next({
      content: JSON.stringify({
        title: '<img src=x onerror=alert(1)>Sorting <b>robots</b>',
        summary: '<script>alert(1)</script><p>Robots sort <a href="javascript:alert(2)">recycling</a>.</p>',
        metaDescription: '<iframe src="https://evil.example"></iframe>Robots <i>sort</i> recycling',
      }),
    });
    const { ids } = await importArticles({ title: 'Robots sort recycling', summary: 'About robots.' });
    const end = Date.now() + 30_000;
    let personalized: Item['personalized'];
    while (!personalized) {
      if (Date.now() > end) throw new Error('no personalized text within 30 s');
      await new Promise((r) => setTimeout(r, 250));
      const feed = await as(owner, '/api/v1/feed?limit=100');
      personalized = (feed.body as { data: Item[] }).data.find((i) => i.id === ids[0])?.personalized;
    }
    expect(personalized).toMatchObject({ title: 'Sorting robots', summary: 'Robots sort recycling.', metaDescription: 'Robots sort recycling' });
    expect(JSON.stringify(personalized)).not.toMatch(MARKUP);
  });
});
