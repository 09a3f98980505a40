import { describe, expect, it } from 'vitest';
import { LoadingCache } from '../src/loading-cache.ts';

function setup(options: { ttlMs?: number; maxEntries?: number } = {}) {
  const clock = { now: 1_000_000 };
  const source = new Map<string, string>([
    ['a', 'A1'],
    ['b', 'B1'],
    ['c', 'C1'],
  ]);
  let loads = 0;
  const cache = new LoadingCache<string, number>({
    maxEntries: options.maxEntries ?? 10,
    ttlMs: options.ttlMs ?? 1000,
    now: () => clock.now,
    load: async (key, delayMs) => {
      loads += 1;
      const value = source.get(key)!; // read now, answered after the delay (a value in flight)
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      return value;
    },
  });
  return { cache, clock, source, loads: () => loads };
}

describe('LoadingCache', () => {
  it('with a size bound, evicts the least recently used entries until the rest weighs at most maxSize', async () => {
    const sizes: Record<string, number> = { a: 40, b: 40, c: 30 };
    let loads = 0;
    const cache = new LoadingCache<string>({
      maxEntries: 100,
      ttlMs: 60_000,
      maxSize: 100,
      sizeOf: (value) => sizes[value.toLowerCase()]!,
      load: async (key) => {
        loads += 1;
        return key.toUpperCase();
      },
    });
    await cache.get('a', undefined);
    await cache.get('b', undefined);
    await cache.get('a', undefined); // a is now more recent than b
    await cache.get('c', undefined); // 110 > 100: b goes
    expect([cache.peek('a'), cache.peek('b'), cache.peek('c')]).toEqual(['A', undefined, 'C']);
    expect(loads).toBe(3);
  });

  it('loads once for concurrent callers and serves the value until its TTL', async () => {
    const t = setup();
    expect(await Promise.all([t.cache.get('a', 10), t.cache.get('a', 10), t.cache.get('a', 10)])).toEqual(['A1', 'A1', 'A1']);
    expect(t.loads()).toBe(1);
    t.clock.now += 999;
    await t.cache.get('a', 0);
    expect(t.loads()).toBe(1);
    t.clock.now += 2;
    t.source.set('a', 'A2');
    expect(await t.cache.get('a', 0)).toBe('A2');
    expect(t.loads()).toBe(2);
  });

  it('evicts the least recently used entry when full', async () => {
    const t = setup({ maxEntries: 2 });
    await t.cache.get('a', 0);
    await t.cache.get('b', 0);
    await t.cache.get('a', 0); // a is now more recent than b
    await t.cache.get('c', 0); // evicts b
    expect(t.cache.peek('a')).toBe('A1');
    expect(t.cache.peek('b')).toBeUndefined();
    expect(t.cache.peek('c')).toBe('C1');
  });

  it('never keeps, nor hands out, a value read before an invalidation that landed while it was loading', async () => {
    const t = setup();
    const inFlight = t.cache.get('a', 30); // reads A1
    t.source.set('a', 'A2');
    t.cache.delete('a'); // the change is announced while the read travels
    expect(await inFlight).toBe('A2');
    expect(t.cache.peek('a')).toBeUndefined();
    expect(await t.cache.get('a', 0)).toBe('A2');
  });

  it('deletes by value and clears', async () => {
    const t = setup();
    await t.cache.get('a', 0);
    await t.cache.get('b', 0);
    t.cache.deleteWhere((value) => value === 'A1');
    expect(t.cache.peek('a')).toBeUndefined();
    expect(t.cache.peek('b')).toBe('B1');
    t.cache.clear();
    expect(t.cache.peek('b')).toBeUndefined();
  });

  it('caches nothing with a TTL of 0', async () => {
    const t = setup({ ttlMs: 0 });
    await t.cache.get('a', 0);
    await t.cache.get('a', 0);
    expect(t.loads()).toBe(2);
    expect(t.cache.peek('a')).toBeUndefined();
  });
});
