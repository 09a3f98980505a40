/**
 * Sources end to end: the operator registers a publisher's feed with the CLI, the feed service
 * fetches it (a publisher this test runs on 127.0.0.1 that records every request), and its items
 * reach a subscribed Site's feed and changes feed through the same path as `articles import`.
 * Conditional requests, changed items, duplicates, failures, 410, removal, refused URLs, and the
 * ingest role's schedule (also across a restart of the feed service that runs it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, type Owner } from '../support/customers.ts';
import { tempFile } from '../support/files.ts';
import { request } from '../support/http.ts';
import { rss, startPublisher, type Publisher } from '../support/publisher.ts';
import { createTestDatabase, startSystem, type TestSystem } from '../support/system.ts';

const p = `src${Date.now().toString(36)}${process.pid}`;
const cat = (name: string) => `${p}-${name}`;

let system: TestSystem;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let publisher: Publisher;
let owner: Owner;

interface SourceJson {
  id: string;
  url: string;
  name: string;
  categories: string[];
  intervalSeconds: number;
  status: string;
  lastFetchAt: string | null;
  lastSuccessAt: string | null;
  nextFetchAt: string | null;
  lastError: { code: string; message: string } | null;
  articles: number;
}
interface FetchJson {
  outcome: string;
  status: string;
  created: number;
  updated: number;
  unchanged: number;
  rejected: Array<{ item: string; reason: string }>;
}
interface Item {
  id: string;
  title: string;
  url: string;
  categories: string[];
  imageKey: string | null;
  imageUrl: string | null;
}
type Change = { type: 'upsert'; article: Item } | { type: 'delete'; id: string; reason: string };

beforeAll(async () => {
  // The ingest role runs here, sweeping every second, so the schedule is seen within seconds. A
  // database of its own: feed processes of other test files schedule the Sources of theirs.
  database = await createTestDatabase(`sources_${process.pid}`);
  system = await startSystem({
    databaseUrl: database.url,
    feedEnv: { FEED_ROLE: 'all', SOURCES_MIN_INTERVAL_SECONDS: '1', SOURCES_SWEEP_SECONDS: '1', SOURCES_MAX_BYTES: String(256 * 1024) },
  });
  publisher = await startPublisher();
  const taxonomy = { categories: ['news', 'other', 'timed'].map((n) => ({ key: cat(n), name: `Cat ${n}`, topics: [] })) };
  await system.admin('taxonomy', 'import', '--file', tempFile('sources-taxonomy.json', JSON.stringify(taxonomy)));
  owner = await createCustomer(system, '--plan', 'pro');
  const res = await request(system.baseUrl, 'PUT', '/api/v1/subscriptions', {
    token: owner.credential.secret,
    body: { categories: [cat('news'), cat('other')] },
  });
  expect(res.status).toBe(200);
});
afterAll(async () => {
  await system?.stop();
  await publisher?.close();
  await database?.drop();
});

const admin = (...argv: string[]) => system.admin(...argv);
const addSource = async (...argv: string[]) => ((await admin('source', 'add', ...argv)) as { source: SourceJson }).source;
const fetchSource = async (id: string) => (await admin('source', 'fetch', '--id', id)) as unknown as FetchJson;
const showSource = async (id: string) => ((await admin('source', 'show', '--id', id)) as { source: SourceJson }).source;
const listSources = async (...flags: string[]) => ((await admin('source', 'list', ...flags)) as { data: SourceJson[] }).data;

async function feed(): Promise<Item[]> {
  const res = await request(system.baseUrl, 'GET', '/api/v1/feed?limit=100', { token: owner.credential.secret });
  expect(res.status).toBe(200);
  return (res.body as { data: Item[] }).data;
}

/**
 * The changes after `since` (all of them, following nextSince), the caught-up token, and the ETag
 * of the caught-up answer to that token (what a client polling from there revalidates).
 */
async function changes(since?: string): Promise<{ data: Change[]; since: string; etag: string | null }> {
  const data: Change[] = [];
  for (let i = 0; i < 100; i++) {
    const query = `limit=100${since ? `&since=${encodeURIComponent(since)}` : ''}`;
    const res = await request(system.baseUrl, 'GET', `/api/v1/feed/changes?${query}`, { token: owner.credential.secret });
    expect(res.status).toBe(200);
    const body = res.body as { data: Change[]; nextSince: string; hasMore: boolean };
    data.push(...body.data);
    const caughtUp = body.data.length === 0 && body.nextSince === since;
    since = body.nextSince;
    if (caughtUp) return { data, since, etag: res.headers.get('etag') };
  }
  throw new Error('too many answers');
}

const NEWS = [
  { title: 'First story', link: 'https://news.example.com/first?utm_source=rss&utm_campaign=day1', description: '<p>The <b>first</b> one.</p>' },
  { title: 'Second story', link: 'https://news.example.com/second', guid: 'tag:news.example.com,2026:second' },
  // The same guid again in one document: one article.
  { title: 'Second story (repeated)', link: 'https://news.example.com/second-again', guid: 'tag:news.example.com,2026:second' },
  { title: 'Third story', link: 'https://news.example.com/third', guid: 'tag:news.example.com,2026:third' },
  // No title: rejected with its reason, the others imported.
  { title: '', link: 'https://news.example.com/untitled', guid: 'tag:news.example.com,2026:untitled' },
];

describe('Sources through the operator CLI', () => {
  let source: SourceJson;
  let caughtUp: string;
  let caughtUpEtag: string | null;

  it('source add fetches once, imports the items, and they reach the feed and the changes feed', async () => {
    publisher.serve('/news.xml', { body: rss(NEWS, 'Example News'), etag: '"v1"', lastModified: 'Tue, 10 Nov 2026 10:00:00 GMT' });
    source = await addSource('--url', publisher.url('/news.xml'), '--categories', cat('news'), '--interval', '3600');
    expect(source).toMatchObject({
      url: publisher.url('/news.xml'),
      name: 'Example News',
      categories: [cat('news')],
      intervalSeconds: 3600,
      status: 'active',
      lastError: null,
      articles: 3,
    });
    expect(source.id).toMatch(/^src_[0-9a-f]{20}$/);
    expect(Date.parse(source.nextFetchAt!)).toBeGreaterThan(Date.now() + 3000 * 1000);
    const [first] = publisher.requestsTo('/news.xml');
    expect(first!.headers['user-agent']).toMatch(/^ContentFeedService\/\d+\.\d+\.\d+/);
    expect(first!.headers.accept).toContain('application/rss+xml');
    expect(first!.headers['if-none-match']).toBeUndefined();

    const titles = (await feed()).filter((a) => a.categories.includes(cat('news'))).map((a) => a.title);
    expect(titles.sort()).toEqual(['First story', 'Second story', 'Third story']);
    const all = await changes();
    expect(all.data.filter((c) => c.type === 'upsert' && c.article.categories.includes(cat('news')))).toHaveLength(3);
    caughtUp = all.since;
    caughtUpEtag = all.etag;
    expect(caughtUpEtag).toBeTruthy();
  });

  it('a second fetch sends the validators back; the 304 writes nothing and the changes feed keeps its ETag', async () => {
    const before = publisher.requestsTo('/news.xml').length;
    expect(await fetchSource(source.id)).toEqual({ outcome: 'not_modified', status: 'active', created: 0, updated: 0, unchanged: 0, rejected: [] });
    const second = publisher.requestsTo('/news.xml')[before]!;
    expect(second.headers['if-none-match']).toBe('"v1"');
    expect(second.headers['if-modified-since']).toBe('Tue, 10 Nov 2026 10:00:00 GMT');
    expect(second.status).toBe(304);
    const after = await changes(caughtUp);
    expect(after.data).toEqual([]);
    expect(after.etag).toBe(caughtUpEtag);
  });

  it('the same document again (a server without validators) writes nothing either', async () => {
    publisher.serve('/news.xml', { body: rss(NEWS, 'Example News') });
    const report = await fetchSource(source.id);
    expect(report).toMatchObject({ outcome: 'ok', created: 0, updated: 0, unchanged: 3 });
    expect(report.rejected).toEqual([
      expect.objectContaining({ item: 'tag:news.example.com,2026:second' }),
      expect.objectContaining({ item: 'tag:news.example.com,2026:untitled', reason: 'The item has no title.' }),
    ]);
    const after = await changes(caughtUp);
    expect(after.data).toEqual([]);
    expect(after.etag).toBe(caughtUpEtag);
  });

  it('a changed item is one upsert; tracking parameters that change make no duplicate', async () => {
    const changed = NEWS.map((i) =>
      i.title === 'Third story'
        ? { ...i, title: 'Third story, corrected' }
        : i.title === 'First story'
          ? { ...i, link: 'https://news.example.com/first?utm_source=rss&utm_campaign=day2' }
          : i,
    );
    publisher.serve('/news.xml', { body: rss(changed, 'Example News'), etag: '"v2"' });
    const report = await fetchSource(source.id);
    // The first story's link changed (its tracking parameters): the same article, its url updated.
    expect(report).toMatchObject({ outcome: 'ok', status: 'active', created: 0, updated: 2, unchanged: 1 });
    const after = await changes(caughtUp);
    const upserts = after.data.filter((c): c is Extract<Change, { type: 'upsert' }> => c.type === 'upsert');
    expect(upserts.map((c) => c.article.title).sort()).toEqual(['First story', 'Third story, corrected']);
    expect(after.data).toHaveLength(2);
    const news = (await feed()).filter((a) => a.categories.includes(cat('news')));
    expect(news).toHaveLength(3);
    expect(news.find((a) => a.title === 'First story')!.url).toBe('https://news.example.com/first?utm_source=rss&utm_campaign=day2');
    caughtUp = after.since;
    caughtUpEtag = after.etag;
    expect((await showSource(source.id)).articles).toBe(3);
  });

  it('a 500 makes the Source failing with lastError; its articles stay, another Source is unaffected', async () => {
    publisher.serve('/other.json', {
      contentType: 'application/feed+json',
      body: JSON.stringify({
        version: 'https://jsonfeed.org/version/1.1',
        title: 'Other',
        items: [{ id: 'o1', url: 'https://other.example.com/o1', title: 'Other one', date_published: '2026-11-01T10:00:00Z' }],
      }),
    });
    const other = await addSource('--url', publisher.url('/other.json'), '--categories', cat('other'), '--name', 'The other');
    expect(other).toMatchObject({ name: 'The other', intervalSeconds: 900, articles: 1 });
    const { since: otherSince, etag: otherEtag } = await changes(caughtUp);

    publisher.serve('/news.xml', { status: 500, body: 'oops', contentType: 'text/plain' });
    expect(await fetchSource(source.id)).toEqual({ outcome: 'failed', status: 'failing', created: 0, updated: 0, unchanged: 0, rejected: [] });
    const failing = await showSource(source.id);
    expect(failing).toMatchObject({ status: 'failing', lastError: { code: 'http_status', message: 'The server answered 500.' }, articles: 3 });
    // Backoff from the interval: the next fetch is about an hour away, not sooner.
    expect(Date.parse(failing.nextFetchAt!)).toBeGreaterThan(Date.now() + 3000 * 1000);
    expect((await listSources('--failing')).map((s) => s.id)).toEqual([source.id]);
    const after = await changes(otherSince);
    expect(after.data).toEqual([]);
    expect(after.etag).toBe(otherEtag);
    expect((await feed()).filter((a) => a.categories.includes(cat('news')))).toHaveLength(3);
    expect(await fetchSource(other.id)).toMatchObject({ outcome: 'ok', status: 'active', unchanged: 1 });
    expect(await showSource(other.id)).toMatchObject({ status: 'active', lastError: null });
    caughtUp = after.since;
  });

  it('a fetch that succeeds again makes the Source active', async () => {
    publisher.serve('/news.xml', { body: rss(NEWS, 'Example News') });
    expect(await fetchSource(source.id)).toMatchObject({ outcome: 'ok', status: 'active' });
    expect(await showSource(source.id)).toMatchObject({ status: 'active', lastError: null });
    caughtUp = (await changes(caughtUp)).since;
  });

  it('pause and resume', async () => {
    const paused = ((await admin('source', 'pause', '--id', source.id)) as { source: SourceJson }).source;
    expect(paused).toMatchObject({ id: source.id, status: 'paused', nextFetchAt: null });
    const resumed = ((await admin('source', 'resume', '--id', source.id)) as { source: SourceJson }).source;
    expect(resumed.status).toBe('active');
    expect(Date.parse(resumed.nextFetchAt!)).toBeLessThanOrEqual(Date.now());
  });

  it('source remove --remove-articles removes its articles from every feed (a delete each)', async () => {
    const ids = (await feed()).filter((a) => a.categories.includes(cat('news'))).map((a) => a.id);
    expect(ids).toHaveLength(3);
    expect(await admin('source', 'remove', '--id', source.id, '--remove-articles')).toEqual({ removed: true, articlesRemoved: 3 });
    const after = await changes(caughtUp);
    const deletes = after.data.filter((c) => c.type === 'delete');
    expect(deletes.map((c) => (c as { id: string }).id).sort()).toEqual([...ids].sort());
    expect(deletes.every((c) => (c as { reason: string }).reason === 'removed')).toBe(true);
    expect((await feed()).filter((a) => a.categories.includes(cat('news')))).toEqual([]);
    await expect(showSource(source.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(fetchSource(source.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('429 and 503 wait for Retry-After, later than the backoff would', async () => {
    publisher.serve('/busy.xml', { body: rss([{ title: 'Busy', link: 'https://news.example.com/busy' }]) });
    const busy = await addSource('--url', publisher.url('/busy.xml'), '--categories', cat('other'), '--interval', '300');
    publisher.serve('/busy.xml', { status: 429, headers: { 'retry-after': '7200' } });
    expect(await fetchSource(busy.id)).toMatchObject({ outcome: 'failed', status: 'failing' });
    const limited = await showSource(busy.id);
    expect(limited.lastError).toEqual({ code: 'http_status', message: 'The server answered 429.' });
    expect(Date.parse(limited.nextFetchAt!)).toBeGreaterThanOrEqual(Date.now() + 7100 * 1000);
    const inAnHour = new Date(Date.now() + 3 * 3600 * 1000).toUTCString();
    publisher.serve('/busy.xml', { status: 503, headers: { 'retry-after': inAnHour } });
    await fetchSource(busy.id);
    expect(Date.parse((await showSource(busy.id)).nextFetchAt!)).toBeGreaterThanOrEqual(Date.parse(inAnHour) - 1000);
    // Without Retry-After: the interval doubled per failure in a row (the third: 4 × 300 s, ±10 %).
    publisher.serve('/busy.xml', { status: 502 });
    await fetchSource(busy.id);
    const backedOff = Date.parse((await showSource(busy.id)).nextFetchAt!) - Date.now();
    expect(backedOff).toBeGreaterThan(0.85 * 1200 * 1000);
    expect(backedOff).toBeLessThan(1.15 * 1200 * 1000);
    await admin('source', 'remove', '--id', busy.id, '--remove-articles');
  });

  it('410 makes a Source gone: no more fetches', async () => {
    publisher.serve('/gone.xml', { body: rss([{ title: 'Bye', link: 'https://news.example.com/bye' }]) });
    const gone = await addSource('--url', publisher.url('/gone.xml'), '--categories', cat('other'));
    publisher.serve('/gone.xml', { status: 410 });
    expect(await fetchSource(gone.id)).toMatchObject({ outcome: 'failed', status: 'gone' });
    expect(await showSource(gone.id)).toMatchObject({ status: 'gone', nextFetchAt: null, lastError: { code: 'http_status' }, articles: 1 });
  });

  it('a document that no longer parses imports nothing and makes the Source failing', async () => {
    publisher.serve('/breaks.xml', { body: rss([{ title: 'Kept', link: 'https://news.example.com/kept', guid: 'k1' }]) });
    const breaks = await addSource('--url', publisher.url('/breaks.xml'), '--categories', cat('other'));
    publisher.serve('/breaks.xml', { body: '<rss version="2.0"><channel><title>x</title><item><title>Changed</title><guid>k1</guid></item>' });
    expect(await fetchSource(breaks.id)).toMatchObject({ outcome: 'failed', status: 'failing', created: 0, updated: 0 });
    expect(await showSource(breaks.id)).toMatchObject({ status: 'failing', lastError: { code: 'parse_error' }, articles: 1 });
    expect((await feed()).map((a) => a.title)).toContain('Kept');
    publisher.serve('/breaks.xml', { contentType: 'text/html', body: '<!doctype html><html><body>Moved away</body></html>' });
    await fetchSource(breaks.id);
    expect(await showSource(breaks.id)).toMatchObject({ status: 'failing', lastError: { code: 'not_a_feed' }, articles: 1 });
    await admin('source', 'remove', '--id', breaks.id, '--remove-articles');
  });

  it('a permanent redirect updates the stored URL', async () => {
    publisher.serve('/moving.xml', { body: rss([{ title: 'Moving', link: 'https://news.example.com/moving' }]) });
    const moving = await addSource('--url', publisher.url('/moving.xml'), '--categories', cat('other'));
    publisher.serve('/moved.xml', { body: rss([{ title: 'Moving', link: 'https://news.example.com/moving' }]) });
    publisher.serve('/moving.xml', { status: 301, headers: { location: '/moved.xml' } });
    expect(await fetchSource(moving.id)).toMatchObject({ outcome: 'ok', unchanged: 1 });
    expect((await showSource(moving.id)).url).toBe(publisher.url('/moved.xml'));
  });

  it('an HTML page that links its feed is followed to it', async () => {
    publisher.serve('/blog.xml', { body: rss([{ title: 'Blog post', link: 'https://blog.example.com/post' }]) });
    publisher.serve('/blog/', {
      contentType: 'text/html; charset=utf-8',
      body: '<!doctype html><html><head><title>Blog</title><link rel="alternate" type="application/rss+xml" href="/blog.xml"></head><body>Hi</body></html>',
    });
    const blog = await addSource('--url', publisher.url('/blog/'), '--categories', cat('other'));
    expect(blog).toMatchObject({ url: publisher.url('/blog.xml'), articles: 1 });
    // The same feed again, by its URL or by the page: refused, every item would be there twice.
    const count = (await listSources()).length;
    await expect(addSource('--url', publisher.url('/blog.xml'), '--categories', cat('news'))).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(addSource('--url', publisher.url('/blog/'), '--categories', cat('news'))).rejects.toMatchObject({ code: 'CONFLICT' });
    expect((await listSources()).length).toBe(count);
  });

  it('an item whose link is on an IP address or localhost keeps it as the publisher gave it; the feed answers it', async () => {
    publisher.serve('/ip.xml', {
      body: rss([
        { title: 'IP link', link: 'http://127.0.0.1:9/ip-story', guid: 'ip1' },
        { title: 'Localhost link', link: 'http://localhost/story', guid: 'ip2' },
        { title: 'Domain link', link: 'https://news.example.com/domain-story', guid: 'ip3' },
      ]),
    });
    const ip = await addSource('--url', publisher.url('/ip.xml'), '--categories', cat('other'));
    expect(ip.articles).toBe(3);
    expect(await fetchSource(ip.id)).toMatchObject({ outcome: 'ok', unchanged: 3, rejected: [] });
    const links = new Map((await feed()).map((a) => [a.title, a.url]));
    expect(links.get('IP link')).toBe('http://127.0.0.1:9/ip-story');
    expect(links.get('Localhost link')).toBe('http://localhost/story');
    expect(links.get('Domain link')).toBe('https://news.example.com/domain-story');
    const { data } = await changes();
    expect(data.filter((c) => c.type === 'upsert' && c.article.title === 'IP link')).toHaveLength(1);
    await admin('source', 'remove', '--id', ip.id, '--remove-articles');
  });

  it("an item's image (an enclosure, else the first <img> of its text) is its imageUrl, the publisher's absolute URL", async () => {
    publisher.serve('/images.xml', {
      body: rss([
        // The enclosure wins over the text's <img>; the image may be on another host than the link.
        {
          title: 'Enclosed image',
          link: 'https://news.example.com/enclosed',
          guid: 'img1',
          enclosure: 'https://cdn.example.net/photos/enclosed.jpg',
          description: '<p>Text <img src="https://news.example.com/not-this.png"></p>',
        },
        // Only an <img> in the text, relative: made absolute against the feed's URL.
        {
          title: 'Inline image',
          link: 'https://news.example.com/inline',
          guid: 'img2',
          description: '<p>Look: <img src="/photos/inline.png" alt=""> here.</p>',
        },
        { title: 'No image', link: 'https://news.example.com/plain', guid: 'img3', description: 'Words only.' },
      ]),
    });
    const { since } = await changes();
    const images = await addSource('--url', publisher.url('/images.xml'), '--categories', cat('other'));
    expect(images.articles).toBe(3);
    const expected = new Map([
      ['Enclosed image', 'https://cdn.example.net/photos/enclosed.jpg'],
      ['Inline image', publisher.url('/photos/inline.png')],
      ['No image', null],
    ]);
    const shown = (items: Item[]) => new Map(items.filter((a) => expected.has(a.title)).map((a) => [a.title, a.imageUrl]));
    const inFeed = (await feed()).filter((a) => expected.has(a.title));
    expect(shown(inFeed)).toEqual(expected);
    expect(inFeed.map((a) => a.imageKey)).toEqual([null, null, null]);
    const { data } = await changes(since);
    const upserts = data.flatMap((c) => (c.type === 'upsert' ? [c.article] : []));
    expect(upserts).toHaveLength(3);
    expect(shown(upserts)).toEqual(expected);

    // The same images again write nothing; a changed image is one upsert.
    const caught = await changes(since);
    expect(await fetchSource(images.id)).toMatchObject({ outcome: 'ok', created: 0, updated: 0, unchanged: 3 });
    expect((await changes(caught.since)).data).toEqual([]);
    publisher.serve('/images.xml', {
      body: rss([
        {
          title: 'Enclosed image',
          link: 'https://news.example.com/enclosed',
          guid: 'img1',
          enclosure: 'https://cdn.example.net/photos/enclosed-2.jpg',
          description: '<p>Text <img src="https://news.example.com/not-this.png"></p>',
        },
        {
          title: 'Inline image',
          link: 'https://news.example.com/inline',
          guid: 'img2',
          description: '<p>Look: <img src="/photos/inline.png" alt=""> here.</p>',
        },
        { title: 'No image', link: 'https://news.example.com/plain', guid: 'img3', description: 'Words only.' },
      ]),
    });
    expect(await fetchSource(images.id)).toMatchObject({ outcome: 'ok', created: 0, updated: 1, unchanged: 2 });
    const changed = (await changes(caught.since)).data;
    expect(changed).toEqual([
      expect.objectContaining({
        type: 'upsert',
        article: expect.objectContaining({ title: 'Enclosed image', imageKey: null, imageUrl: 'https://cdn.example.net/photos/enclosed-2.jpg' }),
      }),
    ]);
    await admin('source', 'remove', '--id', images.id, '--remove-articles');
  });

  it('refuses, storing nothing, what is not http(s), what is blocked and what is no feed', async () => {
    const count = (await listSources()).length;
    publisher.serve('/page.html', { contentType: 'text/html', body: '<!doctype html><html><head><title>No feed</title></head><body></body></html>' });
    publisher.serve('/data.json', { contentType: 'application/json', body: '{"hello":"world"}' });
    publisher.serve('/broken.xml', { body: '<rss version="2.0"><channel><title>x</title><item><title>a</titl></item></channel></rss>' });
    publisher.serve('/missing.xml', { status: 404 });
    const refused = async (url: string, pattern: RegExp) => {
      const before = publisher.requests.length;
      await expect(addSource('--url', url, '--categories', cat('other'))).rejects.toMatchObject({
        code: 'MALFORMED_REQUEST',
        message: expect.stringMatching(pattern),
      });
      return publisher.requests.length - before;
    };
    expect(await refused('ftp://127.0.0.1/feed.xml', /http\(s\)/)).toBe(0);
    expect(await refused('not a url', /http\(s\)/)).toBe(0);
    expect(await refused(publisher.url('/page.html'), /not_a_feed/)).toBe(1);
    expect(await refused(publisher.url('/data.json'), /not_a_feed/)).toBe(1);
    expect(await refused(publisher.url('/broken.xml'), /parse_error|not_a_feed/)).toBe(1);
    expect(await refused(publisher.url('/missing.xml'), /404.*http_status/)).toBe(1);
    // The unspecified address reaches this machine, link-local is cloud metadata: refused by the
    // address guard before any socket is opened, even where private networks are allowed.
    const port = new URL(publisher.baseUrl).port;
    expect(await refused(`http://0.0.0.0:${port}/news.xml`, /unspecified.*blocked_address/)).toBe(0);
    expect(await refused('http://169.254.169.254/latest/meta-data/', /link-local.*blocked_address/)).toBe(0);
    expect(await refused(`http://[::]:${port}/news.xml`, /blocked_address/)).toBe(0);
    // Every hop is checked: a redirect to cloud metadata is refused before connecting to it.
    publisher.serve('/to-metadata', { status: 302, headers: { location: 'http://169.254.169.254/latest/meta-data/' } });
    expect(await refused(publisher.url('/to-metadata'), /link-local.*blocked_address/)).toBe(1);
    // The document's size is capped (SOURCES_MAX_BYTES, 256 KiB here).
    publisher.serve('/huge.xml', {
      body: rss(Array.from({ length: 400 }, (_, i) => ({ title: `Item ${i}`, link: `https://news.example.com/${i}`, description: 'x'.repeat(1000) }))),
    });
    expect(await refused(publisher.url('/huge.xml'), /262144 bytes.*too_large/)).toBe(1);
    expect((await listSources()).length).toBe(count);
  });

  it('usage errors and unknown ids', async () => {
    await expect(admin('source', 'add', '--url', publisher.url('/other.json'))).rejects.toMatchObject({ name: 'UsageError' });
    await expect(admin('source', 'add', '--url', publisher.url('/other.json'), '--categories', cat('other'), '--interval', 'soon')).rejects.toMatchObject({
      name: 'UsageError',
    });
    await expect(admin('source', 'add', '--url', publisher.url('/other.json'), '--categories', `${p}-nope`)).rejects.toMatchObject({
      code: 'MALFORMED_REQUEST',
      message: expect.stringContaining('unknown category'),
    });
    for (const verb of ['show', 'fetch', 'pause', 'resume', 'remove']) {
      await expect(admin('source', verb, '--id', 'src_00000000000000000000')).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await expect(admin('source', verb, '--id', 'nonsense')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});

describe('the ingest role', () => {
  it('fetches each Source at its interval, on its own', async () => {
    let version = 1;
    const doc = () => rss([{ title: `Timed ${version}`, link: 'https://timed.example.com/1', guid: 'timed-1' }]);
    publisher.serve('/timed.xml', { body: doc() });
    const timed = await addSource('--url', publisher.url('/timed.xml'), '--categories', cat('timed'), '--interval', '2');
    version = 2;
    publisher.serve('/timed.xml', { body: doc() });
    await waitFor(async () => (await showSource(timed.id)).lastFetchAt !== timed.lastFetchAt, 15_000);
    expect(publisher.requestsTo('/timed.xml').length).toBeGreaterThanOrEqual(2);
    const stored = await showSource(timed.id);
    expect(stored).toMatchObject({ status: 'active', articles: 1 });
    // Paused: no more scheduled fetches.
    await admin('source', 'pause', '--id', timed.id);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const seen = publisher.requestsTo('/timed.xml').length;
    await new Promise((resolve) => setTimeout(resolve, 4000));
    expect(publisher.requestsTo('/timed.xml').length).toBe(seen);
    await admin('source', 'remove', '--id', timed.id, '--remove-articles');
  });
});

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
