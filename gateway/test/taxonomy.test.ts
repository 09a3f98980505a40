import { describe, expect, it } from 'vitest';
import { TaxonomyCatalog } from '../src/caches/taxonomy.ts';

function setup() {
  const clock = { now: Date.parse('2026-05-10T12:00:00Z') };
  let keys = ['news'];
  let loads = 0;
  let failing = false;
  const catalog = new TaxonomyCatalog(
    async () => {
      loads += 1;
      if (failing) throw new Error('feed down');
      return keys;
    },
    { refreshMs: 60_000, now: () => clock.now },
  );
  return { catalog, clock, loads: () => loads, setKeys: (k: string[]) => (keys = k), fail: (f: boolean) => (failing = f) };
}

describe('TaxonomyCatalog', () => {
  it('loads once, then answers from memory until refreshMs', async () => {
    const t = setup();
    await Promise.all([t.catalog.categoryKeys(), t.catalog.categoryKeys()]);
    await t.catalog.categoryKeys();
    expect(t.loads()).toBe(1);
  });

  it('refreshes in the background when stale, answering from what it has', async () => {
    const t = setup();
    await t.catalog.categoryKeys();
    t.setKeys(['news', 'sport']);
    t.clock.now += 60_001;
    expect([...(await t.catalog.categoryKeys())]).toEqual(['news']);
    await new Promise((resolve) => setImmediate(resolve));
    expect([...(await t.catalog.categoryKeys())]).toEqual(['news', 'sport']);
  });

  it('reloads at once after an announced change, and at most once a second for an unknown key', async () => {
    const t = setup();
    await t.catalog.categoryKeys();
    t.setKeys(['news', 'sport']);
    t.catalog.invalidate();
    expect((await t.catalog.freshCategoryKeys()).has('sport')).toBe(true);
    const loads = t.loads();
    await t.catalog.freshCategoryKeys();
    expect(t.loads()).toBe(loads);
  });

  it('keeps answering from the last keys while the feed service is down, and is unavailable with none', async () => {
    const t = setup();
    t.fail(true);
    await expect(t.catalog.categoryKeys()).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    t.fail(false);
    await t.catalog.categoryKeys();
    t.fail(true);
    t.catalog.invalidate();
    expect([...(await t.catalog.freshCategoryKeys())]).toEqual(['news']);
  });
});
