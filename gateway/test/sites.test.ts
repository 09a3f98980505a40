import { describe, expect, it } from 'vitest';
import { CHANNELS, MemoryBus } from '@cfs/common/bus';
import type { Rpc } from '../src/clients/rpc.ts';
import { SiteDirectory } from '../src/caches/sites.ts';

function setup(ttlMs = 60_000) {
  const clock = { now: Date.parse('2026-05-10T12:00:00Z') };
  const bus = new MemoryBus();
  let calls = 0;
  let plan = 'free';
  const rpc = (async () => {
    calls += 1;
    const read = plan; // what the account service read, before a change that lands while the answer travels
    await new Promise((resolve) => setTimeout(resolve, 5));
    return { site: { id: 'site_1', plan: read }, customer: { id: 'cus_1' }, plan: { id: read, capabilities: [] } };
  }) as unknown as Rpc;
  const sites = new SiteDirectory({ bus, ttlMs, maxEntries: 10, now: () => clock.now });
  return { sites, rpc, bus, clock, calls: () => calls, setPlan: (p: string) => (plan = p) };
}

describe('SiteDirectory', () => {
  it('loads a Site once for concurrent requests and caches it for the TTL', async () => {
    const t = setup();
    await Promise.all([t.sites.get('site_1', t.rpc), t.sites.get('site_1', t.rpc)]);
    await t.sites.get('site_1', t.rpc);
    expect(t.calls()).toBe(1);
    t.clock.now += 60_001;
    await t.sites.get('site_1', t.rpc);
    expect(t.calls()).toBe(2);
  });

  it('drops a Site at once when its change is announced, even while it is being loaded', async () => {
    const t = setup();
    expect((await t.sites.get('site_1', t.rpc)).plan.id).toBe('free');
    t.setPlan('pro');
    await t.bus.publish(CHANNELS.siteChanged, 'site_1');
    expect((await t.sites.get('site_1', t.rpc)).plan.id).toBe('pro');

    await t.bus.publish(CHANNELS.siteChanged, 'site_1');
    const loading = t.sites.get('site_1', t.rpc); // reads 'pro'
    t.setPlan('team');
    await t.bus.publish(CHANNELS.siteChanged, 'site_1');
    expect((await loading).plan.id).toBe('team');
    expect((await t.sites.get('site_1', t.rpc)).plan.id).toBe('team');
    await t.bus.close();
  });

  it('caches nothing with a TTL of 0', async () => {
    const t = setup(0);
    await t.sites.get('site_1', t.rpc);
    await t.sites.get('site_1', t.rpc);
    expect(t.calls()).toBe(2);
    await t.bus.close();
  });
});

describe('SiteDirectory byte bound', () => {
  it('keeps what its Sites weigh (ids and JSON) within SITE_CACHE_MAX_BYTES, least recently used going first', async () => {
    const rpc = (async (_s: string, _m: string, { siteId }: { siteId: string }) => ({
      site: { id: siteId, name: 'x'.repeat(100) },
      customer: { id: 'cus_1' },
      plan: { id: 'pro', capabilities: [] },
    })) as unknown as Rpc;
    const sites = new SiteDirectory({ bus: new MemoryBus(), ttlMs: 60_000, maxEntries: 1_000, maxBytes: 1_000 });
    for (let i = 0; i < 20; i++) await sites.get(`site_${i}`, rpc);
    const held = Array.from({ length: 20 }, (_, i) => sites.cached(`site_${i}`)).filter(Boolean);
    expect(held.length).toBeGreaterThan(0);
    expect(held.length).toBeLessThan(20);
    expect(sites.cached('site_19')).toBeDefined();
    expect(sites.cached('site_0')).toBeUndefined();
  });
});
