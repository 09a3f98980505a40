/**
 * The changes feed's caught-up answers (src/caches/feed-changes.ts): kept per (Site, limit, since),
 * an answer that is not caught up never kept, and each announcement that changes what a Site's
 * changes hold drops that Site's answers (an import drops every Site's).
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CHANNELS, MemoryBus } from '@cfs/common/bus';
import { FeedChangesCache, type ChangesResult } from '../src/caches/feed-changes.ts';
import { gatewayEnvSchema } from '../src/env.ts';
import { FeedChanges } from '../src/schemas/feed-schemas.ts';
import { SerializedAnswer } from '../src/schemas/serialized-answer.ts';

function setup() {
  const bus = new MemoryBus();
  const cache = new FeedChangesCache({ bus, ttlMs: 60_000, maxBytes: 64 * 1024, maxSites: 100 });
  let loads = 0;
  const caughtUp = async (): Promise<ChangesResult<string>> => {
    loads += 1;
    return { caughtUp: SerializedAnswer.of(z.object({ hasMore: z.boolean() }), { hasMore: false }) };
  };
  const poll = (siteId: string) => cache.changesSince(siteId, 20, 'since', caughtUp);
  return { bus, cache, poll, loads: () => loads };
}

describe('FeedChangesCache', () => {
  it('keeps a caught-up answer, and never one that is not', async () => {
    const t = setup();
    const first = await t.poll('site_a');
    expect(await t.poll('site_a')).toBe(first);
    expect(t.loads()).toBe(1);
    let moving = 0;
    const changed = async (): Promise<ChangesResult<string>> => ({ answer: `changes ${++moving}` });
    expect(await t.cache.changesSince('site_a', 20, 'older', changed)).toBe('changes 1');
    expect(await t.cache.changesSince('site_a', 20, 'older', changed)).toBe('changes 2');
  });

  it.each([CHANNELS.subscriptionsChanged, CHANNELS.variantsChanged, CHANNELS.seoProfileChanged])(
    "drops the Site's answers on %s, not another Site's",
    async (channel) => {
      const t = setup();
      await t.poll('site_a');
      await t.poll('site_b');
      await t.bus.publish(channel, 'site_a');
      await t.poll('site_a');
      await t.poll('site_b');
      expect(t.loads()).toBe(3);
    },
  );

  it("drops every Site's answers on an import, and the Site's when this replica replaced its subscriptions", async () => {
    const t = setup();
    await t.poll('site_a');
    await t.poll('site_b');
    await t.bus.publish(CHANNELS.articlesChanged, 'import');
    await t.poll('site_a');
    await t.poll('site_b');
    expect(t.loads()).toBe(4);
    t.cache.subscriptionsChanged('site_a');
    await t.poll('site_a');
    await t.poll('site_b');
    expect(t.loads()).toBe(5);
  });

  it("holds 10 000 Sites' caught-up answers at the default bounds, so a Site polling once a minute finds its answer", async () => {
    const defaults = gatewayEnvSchema.shape;
    const maxBytes = defaults.FEED_PAGE_CACHE_MAX_BYTES.parse(undefined);
    const maxSites = defaults.AUTH_CACHE_MAX_ENTRIES.parse(undefined);
    const cache = new FeedChangesCache({ bus: new MemoryBus(), ttlMs: 3_600_000, maxBytes, maxSites });
    // As the gateway keeps them: the position's text in the key, the answer with a token as long as the codec's.
    const token = 'c2l0ZV8wNmgxdnF2OGdyNDBhNGNieHplZGtlZTJ4Z3w1MDAzMXwx.N0SpOXYjtCB-iaxWBIpK-g';
    let loads = 0;
    const caughtUp = async (): Promise<ChangesResult<never>> => {
      loads += 1;
      return { caughtUp: SerializedAnswer.of(FeedChanges, { data: [], nextSince: token, hasMore: false }) };
    };
    const siteIds = Array.from({ length: 10_000 }, (_, i) => `site_06h1vqv8gr40a4cbxzedk${String(i).padStart(5, '0')}`);
    for (const _round of [1, 2]) for (const siteId of siteIds) await cache.changesSince(siteId, 20, `${siteId}|1000031|1`, caughtUp);
    expect(loads).toBe(10_000);
    // Each kept answer holds its own bytes, not a slab of Buffer's pool shared with garbage (which the bound would not count).
    const kept = (await cache.changesSince(siteIds[0]!, 20, `${siteIds[0]}|1000031|1`, caughtUp)) as SerializedAnswer;
    expect(kept.body.buffer.byteLength).toBe(kept.body.byteLength);
  });
});
