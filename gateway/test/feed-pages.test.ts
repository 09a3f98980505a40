import { describe, expect, it } from 'vitest';
import { CHANNELS, MemoryBus } from '@cfs/common/bus';
import { FeedCursorCodec } from '../src/tokens/feed-cursor.ts';
import { createHash } from 'node:crypto';
import { FeedPageCache, publicArticle } from '../src/caches/feed-pages.ts';
import { Article, FeedPage } from '../src/schemas/feed-schemas.ts';
import type { Rpc } from '../src/clients/rpc.ts';

const MAX_BYTES = 64 * 1024;
const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

describe('FeedPageCache', () => {
  it('stays within its byte bound, keys and subscription sets included, when Sites subscribe to many long keys', async () => {
    const cache = new FeedPageCache({
      bus: new MemoryBus(),
      cursors: new FeedCursorCodec('s'.repeat(32)),
      ttlMs: 60_000,
      maxEntries: 2_000,
      maxBytes: MAX_BYTES,
      maxSites: 10_000,
    });
    let calls = 0;
    // Every Site has 100 category keys of 64 characters of its own: ~6.5 KB per set, and per page key.
    const rpc = (async (_service: string, method: string, request: { siteId: string }) => {
      calls += 1;
      if (method === 'GetSubscriptions') return { categories: Array.from({ length: 100 }, (_, i) => `${request.siteId}-${i}`.padEnd(64, 'k')) };
      return { articles: [], next: null };
    }) as unknown as Rpc;
    for (let site = 0; site < 300; site++) await cache.page(`site_${site}`, 20, null, rpc, { personalized: false });

    const { sets, pages } = cache.cachedEntries();
    const held =
      sets.reduce((sum, [siteId, categories]) => sum + bytes(siteId) + categories.reduce((n, key) => n + bytes(key), 0), 0) +
      pages.reduce((sum, [key, page]) => sum + bytes(key) + page.body.byteLength, 0);
    expect(held).toBeLessThanOrEqual(MAX_BYTES);
    // What the bound counts is what is held: no page's bytes keep a shared slab of Buffer's pool alive.
    for (const [, page] of pages) expect(page.body.buffer.byteLength).toBe(page.body.byteLength);
    // Still a cache: the most recent Site's set and page are served without a call.
    expect(sets.length).toBeGreaterThan(0);
    expect(pages.length).toBeGreaterThan(0);
    const before = calls;
    await cache.page('site_299', 20, null, rpc, { personalized: false });
    expect(calls).toBe(before);
  });

  describe('personalized pages', () => {
    const article = (id: string) => ({
      id,
      title: `T ${id}`,
      url: `https://news.example/${id}`,
      publishedAt: '2026-11-25T00:00:00.000Z',
      categories: ['tech'],
    });
    const variant = (articleId: string, title: string) => ({
      articleId,
      articleVersion: 'v',
      profileVersion: 'p',
      title,
      summary: 'S',
      metaDescription: 'M',
      imageKey: 'ai/abc.png',
      generatedAt: '2026-11-25T00:00:01.000Z',
    });
    function setup() {
      const bus = new MemoryBus();
      let now = 0;
      const cache = new FeedPageCache({
        bus,
        cursors: new FeedCursorCodec('s'.repeat(32)),
        ttlMs: 60_000,
        maxEntries: 100,
        maxBytes: MAX_BYTES,
        maxSites: 100,
        now: () => now,
      });
      const calls: string[] = [];
      let variants: Record<string, ReturnType<typeof variant>[]> = {};
      let mediaDown = false;
      const rpc = (async (_service: string, method: string, request: { siteId: string }) => {
        calls.push(method);
        if (method === 'GetSubscriptions') return { categories: ['tech'] };
        if (method === 'GetFeedPage') return { articles: [article('art_1'), article('art_2')], next: null };
        if (mediaDown) throw new Error('unavailable');
        return { variants: variants[request.siteId] ?? [] };
      }) as unknown as Rpc;
      const read = async (siteId: string, personalized = true) =>
        JSON.parse((await cache.page(siteId, 20, null, rpc, { personalized })).body.toString()) as {
          data: Array<{ id: string; personalized?: { title: string; imageUrl: string | null } }>;
        };
      return {
        bus,
        cache,
        rpc,
        calls,
        read,
        setVariants: (v: typeof variants) => (variants = v),
        setMediaDown: (down: boolean) => (mediaDown = down),
        advance: (ms: number) => (now += ms),
      };
    }

    it("lays each Site's own variants over the shared page, cached, and only for Sites with AI generation", async () => {
      const t = setup();
      t.setVariants({ site_a: [variant('art_1', 'A one')], site_b: [variant('art_2', 'B two')] });
      const a = await t.read('site_a');
      expect(a.data[0]!.personalized).toEqual({
        title: 'A one',
        summary: 'S',
        metaDescription: 'M',
        imageUrl: '/media/generated/ai/abc.png',
        generatedAt: '2026-11-25T00:00:01.000Z',
      });
      expect(a.data[1]!.personalized).toBeUndefined();
      const b = await t.read('site_b');
      expect(b.data.map((x) => x.personalized?.title)).toEqual([undefined, 'B two']);
      expect((await t.read('site_c', false)).data.every((x) => x.personalized === undefined)).toBe(true);
      const before = t.calls.length;
      await t.read('site_a');
      await t.read('site_b');
      expect(t.calls.length).toBe(before);
    });

    it('lays the variants over the shared bytes exactly as encoding the whole page would, with the ETag of those bytes', async () => {
      const t = setup();
      t.setVariants({ site_a: [variant('art_2', 'A «two» \u2028 "quoted"')] });
      const answer = await t.cache.page('site_a', 20, null, t.rpc, { personalized: true });
      const shared = await t.cache.page('site_a', 20, null, t.rpc, { personalized: false });
      const expected = JSON.stringify(
        FeedPage.parse({
          ...(JSON.parse(shared.body.toString()) as object),
          data: [
            article('art_1'),
            {
              ...article('art_2'),
              personalized: {
                title: 'A «two» \u2028 "quoted"',
                summary: 'S',
                metaDescription: 'M',
                imageUrl: '/media/generated/ai/abc.png',
                generatedAt: '2026-11-25T00:00:01.000Z',
              },
            },
          ].map((a) => ({ summary: null, imageKey: null, imageUrl: null, ...a })),
        }),
      );
      expect(answer.body.toString()).toBe(expected);
      expect(shared.body.toString()).toBe(JSON.stringify(JSON.parse(shared.body.toString())));
      expect(answer.etag).toBe(`"${createHash('sha256').update(answer.body).digest('base64url')}"`);
      expect(shared.etag).not.toBe(answer.etag);
    });

    it("checks every cached page of the Site's subscription set in one call", async () => {
      const t = setup();
      t.setVariants({ site_a: [variant('art_1', 'A one')] });
      await t.cache.page('site_b', 20, null, t.rpc, { personalized: true });
      await t.cache.page('site_b', 5, null, t.rpc, { personalized: true });
      const asked = t.calls.filter((c) => c === 'GetVariants').length;
      expect((await t.read('site_a')).data[0]!.personalized?.title).toBe('A one');
      const other = JSON.parse((await t.cache.page('site_a', 5, null, t.rpc, { personalized: true })).body.toString()) as {
        data: Array<{ personalized?: { title: string } }>;
      };
      expect(other.data[0]!.personalized?.title).toBe('A one');
      expect(t.calls.filter((c) => c === 'GetVariants').length).toBe(asked + 1);
    });

    it("checks the set's most recently read pages first, so pages read with another limit earlier do not crowd out today's", async () => {
      const codec = new FeedCursorCodec('s'.repeat(32));
      const cache = new FeedPageCache({ bus: new MemoryBus(), cursors: codec, ttlMs: 60_000, maxEntries: 100, maxBytes: 1024 * 1024, maxSites: 100 });
      let variantCalls = 0;
      // Articles art_0 … art_2999, newest first; a page is `limit` of them from the cursor's position.
      const rpc = (async (_service: string, method: string, request: { limit: number; after?: { articleId: string } }) => {
        if (method === 'GetSubscriptions') return { categories: ['tech'] };
        if (method === 'GetVariants') return (variantCalls++, { variants: [] });
        const from = request.after ? Number(request.after.articleId.slice(4)) + 1 : 0;
        const articles = Array.from({ length: request.limit }, (_, i) => article(`art_${from + i}`));
        return { articles, next: { publishedAt: '2026-11-25T00:00:00.000Z', articleId: articles.at(-1)!.id } };
      }) as unknown as Rpc;
      const cursorAt = (n: number) => (n === 0 ? null : codec.parse(codec.encode({ publishedAt: '2026-11-25T00:00:00.000Z', articleId: `art_${n - 1}` })));
      // A walk deep into the set's feed 100 at a time (600 ids: more than one GetVariants call takes)…
      for (let n = 1000; n < 1600; n += 100) await cache.page('site_walker', 100, cursorAt(n), rpc, { personalized: true });
      // …then the set's Sites read 20 at a time, 21 pages.
      for (let n = 0; n < 420; n += 20) await cache.page('site_reader', 20, cursorAt(n), rpc, { personalized: true });
      const before = variantCalls;
      // Another Site of the set reads the same pages: one call covers them all.
      for (let n = 0; n < 420; n += 20) await cache.page('site_new', 20, cursorAt(n), rpc, { personalized: true });
      expect(variantCalls - before).toBe(1);
    });

    it("drops only the announced Site's personalized pages when a variant is stored", async () => {
      const t = setup();
      t.setVariants({ site_a: [], site_b: [variant('art_2', 'B two')] });
      await t.read('site_a');
      await t.read('site_b');
      t.setVariants({ site_a: [variant('art_1', 'A new')], site_b: [variant('art_2', 'B changed')] });
      await t.bus.publish(CHANNELS.variantsChanged, 'site_a');
      expect((await t.read('site_a')).data[0]!.personalized?.title).toBe('A new');
      expect((await t.read('site_b')).data[1]!.personalized?.title).toBe('B two');
      await t.bus.close();
    });

    it('answers the shared page while media does not answer, and asks again after a few seconds', async () => {
      const t = setup();
      t.setVariants({ site_a: [variant('art_1', 'A one')] });
      t.setMediaDown(true);
      expect((await t.read('site_a')).data[0]!.personalized).toBeUndefined();
      t.setMediaDown(false);
      const asked = t.calls.filter((c) => c === 'GetVariants').length;
      expect((await t.read('site_a')).data[0]!.personalized).toBeUndefined();
      expect(t.calls.filter((c) => c === 'GetVariants').length).toBe(asked);
      t.advance(5001);
      expect((await t.read('site_a')).data[0]!.personalized?.title).toBe('A one');
    });

    it('backs off from media for the Site whose variants could not be read, not for the others', async () => {
      const t = setup();
      t.setVariants({ site_a: [variant('art_1', 'A one')], site_b: [variant('art_1', 'B one')] });
      t.setMediaDown(true);
      expect((await t.read('site_a')).data[0]!.personalized).toBeUndefined();
      t.setMediaDown(false);
      expect((await t.read('site_b')).data[0]!.personalized?.title).toBe('B one');
      expect((await t.read('site_a')).data[0]!.personalized).toBeUndefined();
      t.advance(5001);
      expect((await t.read('site_a')).data[0]!.personalized?.title).toBe('A one');
    });

    it("never gives the changes feed's items without the Site's variants: SERVICE_UNAVAILABLE while they cannot be read", async () => {
      const t = setup();
      t.setVariants({ site_a: [variant('art_1', 'A one')] });
      t.setMediaDown(true);
      await expect(t.cache.personalizeItems('site_a', [{ id: 'art_1' }], t.rpc)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      t.setMediaDown(false);
      // Asked again at once (a changes page is read once, and its client retries the 503).
      const [item] = await t.cache.personalizeItems('site_a', [{ id: 'art_1' }], t.rpc);
      expect(item).toMatchObject({ id: 'art_1', personalized: { title: 'A one' } });
    });

    it('forgets the variants of a Site that replaced its SEO profile', async () => {
      const t = setup();
      t.setVariants({ site_a: [variant('art_1', 'A one')] });
      expect((await t.read('site_a')).data[0]!.personalized?.title).toBe('A one');
      // Media answers the current variants only: none for the new profile yet.
      t.setVariants({});
      await t.bus.publish(CHANNELS.seoProfileChanged, 'site_a');
      expect((await t.read('site_a')).data[0]!.personalized).toBeUndefined();
      await t.bus.close();
    });
  });
});

describe('publicArticle: the image an article shows', () => {
  const article = { id: 'a1', title: 'T', url: 'https://news.example/a1', publishedAt: '2026-11-25T00:00:00.000Z', categories: ['tech'] };
  const shown = (fields: { imageKey?: string; imageUrl?: string }) => {
    const a = publicArticle({ ...article, ...fields } as Parameters<typeof publicArticle>[0]);
    expect(Article.safeParse(a).success).toBe(true);
    return { imageKey: a.imageKey, imageUrl: a.imageUrl };
  };

  it("a generated image's path when there is a key, else the publisher's URL as given, else none", () => {
    expect(shown({ imageKey: 'covers/a1.png' })).toEqual({ imageKey: 'covers/a1.png', imageUrl: '/media/generated/covers/a1.png' });
    // A key wins: imageUrl keeps being where imageKey is served.
    expect(shown({ imageKey: 'covers/a1.png', imageUrl: 'https://cdn.example.net/a1.jpg' })).toEqual({
      imageKey: 'covers/a1.png',
      imageUrl: '/media/generated/covers/a1.png',
    });
    expect(shown({ imageUrl: 'http://127.0.0.1:8080/img/a1.jpg?w=600' })).toEqual({ imageKey: null, imageUrl: 'http://127.0.0.1:8080/img/a1.jpg?w=600' });
    expect(shown({})).toEqual({ imageKey: null, imageUrl: null });
  });
});
