import { describe, expect, it } from 'vitest';
import { MemoryBus } from '@cfs/common/bus';
import { FeedCursorCodec } from '../src/cursor.ts';
import { FeedPageCache } from '../src/feed-pages.ts';
import type { Rpc } from '../src/rpc.ts';

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
    for (let site = 0; site < 300; site++) await cache.page(`site_${site}`, 20, null, rpc);

    const { sets, pages } = cache.cachedEntries();
    const held =
      sets.reduce((sum, [siteId, categories]) => sum + bytes(siteId) + categories.reduce((n, key) => n + bytes(key), 0), 0) +
      pages.reduce((sum, [key, page]) => sum + bytes(key) + page.body.byteLength, 0);
    expect(held).toBeLessThanOrEqual(MAX_BYTES);
    // Still a cache: the most recent Site's set and page are served without a call.
    expect(sets.length).toBeGreaterThan(0);
    expect(pages.length).toBeGreaterThan(0);
    const before = calls;
    await cache.page('site_299', 20, null, rpc);
    expect(calls).toBe(before);
  });
});
