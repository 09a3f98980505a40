/**
 * The stores' contract, held by both implementations: memory (stores.test.ts, one gateway process)
 * and Redis (stores.int.test.ts, every replica; needs the real Redis of the test run).
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CHANNELS } from '@cfs/common/bus';
import type { FactsRead, GatewayStores } from '../src/stores/index.ts';

/** Declares the contract's tests for one implementation. */
export function storesContract(name: string, open: () => Promise<GatewayStores>): void {
  describe(`${name} stores`, () => {
    it('count requests in a fixed window', async () => {
      const { rateLimits } = await open();
      expect((await rateLimits.hit('ip:1', 60_000)).count).toBe(1);
      const second = await rateLimits.hit('ip:1', 60_000);
      expect(second.count).toBe(2);
      expect(second.resetMs).toBeGreaterThan(55_000);
      expect((await rateLimits.hit('ip:2', 60_000)).count).toBe(1);
    });

    it('consume quota atomically: concurrent takes never exceed the limit', async () => {
      const { quotas } = await open();
      const counter = { key: 'site:feed:day:x', limit: 3, resetsAt: Date.now() + 60_000 };
      const results = await Promise.all(Array.from({ length: 8 }, () => quotas.consume(counter)));
      expect(results.filter((r) => r.allowed)).toHaveLength(3);
      expect(await quotas.usage([counter.key, 'never-used'])).toEqual([3, 0]);
      await quotas.refund(counter);
      expect(await quotas.usage([counter.key])).toEqual([2]);
      const unlimited = { key: 'site:feed:day:y', limit: null, resetsAt: Date.now() + 60_000 };
      expect(await quotas.consume(unlimited)).toEqual({ allowed: true, used: 1 });
    });

    it('never refund below zero', async () => {
      const { quotas } = await open();
      const counter = { key: 'site:feed:day:z', limit: 1, resetsAt: Date.now() + 60_000 };
      await quotas.refund(counter);
      expect(await quotas.usage([counter.key])).toEqual([0]);
    });

    it('see the revocation markers identity writes', async () => {
      const stores = await open();
      const id = `cred_${randomBytes(4).toString('hex')}`;
      expect(await stores.revocations.isMarked(id)).toBe(false);
      await stores.revocations.mark(id);
      expect(await stores.revocations.isMarked(id)).toBe(true);
    });

    it('count a hit and read, in the same call, another window and a revocation marker', async () => {
      const stores = await open();
      const [marked, clean] = [`cred_${randomBytes(4).toString('hex')}`, `cred_${randomBytes(4).toString('hex')}`];
      await stores.revocations.mark(marked);
      const address = `ip:${randomBytes(4).toString('hex')}`;
      await stores.rateLimits.hit(address, 60_000);
      const first = await stores.rateLimits.hit('cred:a1', 60_000, { alsoRead: address, revocationOf: marked });
      expect(first).toMatchObject({ count: 1, alsoRead: { count: 1 }, revoked: true });
      expect(first.alsoRead!.resetMs).toBeGreaterThan(55_000);
      expect(await stores.rateLimits.hit('cred:a1', 60_000, { revocationOf: clean })).toMatchObject({ count: 2, revoked: false });
      expect(await stores.rateLimits.hit('cred:a1', 60_000, { alsoRead: 'ip:never' })).toMatchObject({ count: 3, alsoRead: { count: 0, resetMs: 0 } });
      expect(await stores.rateLimits.hit('cred:a1', 60_000)).not.toHaveProperty('revoked');
    });

    it('take a quota unit in the hit only within the rate limit and without a marker, atomically', async () => {
      const stores = await open();
      const [marked, clean] = [`cred_${randomBytes(4).toString('hex')}`, `cred_${randomBytes(4).toString('hex')}`];
      await stores.revocations.mark(marked);
      const bucket = `cred:${randomBytes(4).toString('hex')}`;
      const counter = { key: `site:feed:day:${randomBytes(4).toString('hex')}`, limit: 2, resetsAt: Date.now() + 60_000 };
      const charge = { counter, rateLimit: 4 };
      expect(await stores.rateLimits.hit(bucket, 60_000, { revocationOf: clean, charge })).toMatchObject({
        count: 1,
        revoked: false,
        charged: { allowed: true, used: 1 },
      });
      // A marker: the unit is not taken (identity decides first).
      const onMarked = await stores.rateLimits.hit(bucket, 60_000, { revocationOf: marked, charge });
      expect(onMarked).toMatchObject({ count: 2, revoked: true });
      expect(onMarked).not.toHaveProperty('charged');
      expect(await stores.quotas.usage([counter.key])).toEqual([1]);
      expect(await stores.rateLimits.hit(bucket, 60_000, { revocationOf: clean, charge })).toMatchObject({ count: 3, charged: { allowed: true, used: 2 } });
      // The quota is used up: refused, nothing taken.
      expect(await stores.rateLimits.hit(bucket, 60_000, { revocationOf: clean, charge })).toMatchObject({ count: 4, charged: { allowed: false, used: 2 } });
      // Over the rate limit: counted, nothing taken or refused.
      await stores.quotas.refund(counter);
      const over = await stores.rateLimits.hit(bucket, 60_000, { revocationOf: clean, charge });
      expect(over.count).toBe(5);
      expect(over).not.toHaveProperty('charged');
      expect(await stores.quotas.usage([counter.key])).toEqual([1]);
      // Concurrent hits never take more than the quota.
      const many = { key: `site:feed:day:${randomBytes(4).toString('hex')}`, limit: 3, resetsAt: Date.now() + 60_000 };
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          stores.rateLimits.hit(`cred:${i}-${many.key}`, 60_000, { revocationOf: clean, charge: { counter: many, rateLimit: 10 } }),
        ),
      );
      expect(results.filter((r) => r.charged?.allowed)).toHaveLength(3);
      expect(await stores.quotas.usage([many.key])).toEqual([3]);
    });

    it('peek at a quota unit in the hit (a conditional request): whether one is left, on the same conditions, taking none', async () => {
      const stores = await open();
      const [marked, clean] = [`cred_${randomBytes(4).toString('hex')}`, `cred_${randomBytes(4).toString('hex')}`];
      await stores.revocations.mark(marked);
      const bucket = `cred:${randomBytes(4).toString('hex')}`;
      const counter = { key: `site:feed:day:${randomBytes(4).toString('hex')}`, limit: 2, resetsAt: Date.now() + 60_000 };
      const peek = { counter, rateLimit: 5, peek: true };
      for (let i = 1; i <= 3; i++) {
        expect(await stores.rateLimits.hit(bucket, 60_000, { revocationOf: clean, charge: peek })).toMatchObject({
          count: i,
          charged: { allowed: true, used: 0 },
        });
      }
      expect(await stores.quotas.usage([counter.key])).toEqual([0]);
      expect(await stores.rateLimits.hit(bucket, 60_000, { revocationOf: marked, charge: peek })).not.toHaveProperty('charged');
      await stores.quotas.consume(counter);
      await stores.quotas.consume(counter);
      // Used up: refused, still nothing taken; over the rate limit: not read at all.
      expect(await stores.rateLimits.hit(bucket, 60_000, { revocationOf: clean, charge: peek })).toMatchObject({
        count: 5,
        charged: { allowed: false, used: 2 },
      });
      expect(await stores.rateLimits.hit(bucket, 60_000, { revocationOf: clean, charge: peek })).not.toHaveProperty('charged');
      expect(await stores.quotas.usage([counter.key])).toEqual([2]);
      const unlimited = { key: `site:feed:day:${randomBytes(4).toString('hex')}`, limit: null, resetsAt: Date.now() + 60_000 };
      expect(
        await stores.rateLimits.hit(`${bucket}-u`, 60_000, { revocationOf: clean, charge: { counter: unlimited, rateLimit: 5, peek: true } }),
      ).toMatchObject({
        charged: { allowed: true, used: 0 },
      });
      expect(await stores.quotas.usage([unlimited.key])).toEqual([0]);
    });

    it('hold an idempotency key for one owner under a lease, replay what it completed, and bound keys per Site', async () => {
      const { idempotency } = await open();
      const claim = (key: string, owner: string, extra: Partial<{ leaseMs: number; maxPerSite: number; fingerprint: string }> = {}) =>
        idempotency.claim({ site: 's', key, fingerprint: 'f', owner, leaseMs: 60_000, maxPerSite: 3, ...extra });
      expect(await claim('k', 'a')).toBeNull();
      expect(await claim('k', 'b')).toEqual({ state: 'running', fingerprint: 'f', owner: 'a' });
      // Only the holder acts on the key.
      expect(await idempotency.renew('k', 'b', 60_000)).toBe(false);
      await idempotency.release('k', 'b');
      await idempotency.complete('k', 'b', 'f', { status: 500, body: {} }, 60_000);
      expect(await idempotency.renew('k', 'a', 60_000)).toBe(true);
      await idempotency.complete('k', 'a', 'f', { status: 201, body: { a: 1 } }, 60_000);
      expect(await claim('k', 'c', { fingerprint: 'g' })).toEqual({ state: 'done', fingerprint: 'f', answer: { status: 201, body: { a: 1 } } });
      // A lease that lapses frees the key.
      expect(await claim('short', 'a', { leaseMs: 50 })).toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 120));
      expect(await claim('short', 'b')).toBeNull();
      await idempotency.release('short', 'b');
      expect(await claim('short', 'c')).toBeNull();
      // At most 3 keys for the Site: claiming two more forgets the oldest ('k').
      expect(await claim('x', 'a')).toBeNull();
      expect(await claim('y', 'a')).toBeNull();
      expect(await claim('k', 'd')).toBeNull();
    });

    it('share the facts admission needs: read with the count by token or by Site, retracted with a Site change', async () => {
      const stores = await open();
      const facts = stores.facts!;
      const hex = randomBytes(4).toString('hex');
      const [tokenKey, siteId, credentialId, bucket] = [`tk${hex}`, `site_${hex}`, `cred_${hex}`, `cred:${hex}`];
      const credential = JSON.stringify({ id: credentialId, siteId, customerId: 'cus_1', scopes: ['feed.read'], audience: 'content-feed' });
      const read = async (what: FactsRead) => (await stores.rateLimits.hit(bucket, 60_000, { facts: what })).facts;
      expect(await read({ tokenKey })).toEqual({});
      expect(await read({ siteId })).toEqual({ generation: '0' });
      await facts.putCredential(tokenKey, credentialId, credential, 60_000);
      expect(await facts.putSiteFact('site', siteId, '{"site":1}', 60_000, '0')).toBe(true);
      expect(await facts.putSiteFact('subscriptions', siteId, '["a"]', 30_000, '0')).toBe(true);
      // By token: the Credential, its marker, and its Site's generation and records, in one call.
      const cold = (await read({ tokenKey }))!;
      expect(cold).toMatchObject({
        generation: '0',
        credential: { json: credential, marked: false },
        site: { json: '{"site":1}' },
        subscriptions: { json: '["a"]' },
      });
      expect(cold.site!.ttlMs).toBeGreaterThan(55_000);
      expect(cold.site!.ttlMs).toBeLessThanOrEqual(60_000);
      expect(cold.subscriptions!.ttlMs).toBeLessThanOrEqual(30_000);
      // By Site: its generation, and its records only when asked.
      expect(await read({ siteId })).toEqual({ generation: '0' });
      expect(await read({ siteId, records: true })).toMatchObject({ generation: '0', site: { json: '{"site":1}' }, subscriptions: { json: '["a"]' } });
      // A change of the Site (its owner announces it): records gone, the generation moved on, and a
      // record loaded under the former generation is not written.
      await stores.bus.announceSiteChange(CHANNELS.subscriptionsChanged, siteId);
      expect(await read({ siteId, records: true })).toEqual({ generation: '1' });
      expect(await facts.putSiteFact('subscriptions', siteId, '["a"]', 60_000, '0')).toBe(false);
      expect(await facts.putSiteFact('subscriptions', siteId, '["b"]', 60_000, '1')).toBe(true);
      expect(await read({ siteId, records: true })).toMatchObject({ generation: '1', subscriptions: { json: '["b"]' } });
      // A Credential's marker is read with its record; a marked Credential is not recorded again.
      await stores.revocations.mark(credentialId);
      expect((await read({ tokenKey }))!.credential).toMatchObject({ marked: true });
      await facts.dropCredential(tokenKey);
      expect(await read({ tokenKey })).toEqual({});
      await facts.putCredential(tokenKey, credentialId, credential, 60_000);
      expect(await read({ tokenKey })).toEqual({});
    });

    it('take a unit in the hit only under the generation the cached Site was read under', async () => {
      const stores = await open();
      const hex = randomBytes(4).toString('hex');
      const siteId = `site_${hex}`;
      const counter = { key: `${siteId}:feed:day:x`, limit: 5, resetsAt: Date.now() + 60_000 };
      const hit = (generation: string) =>
        stores.rateLimits.hit(`cred:${hex}`, 60_000, { revocationOf: `cred_${hex}`, charge: { counter, rateLimit: 100 }, facts: { siteId, generation } });
      expect(await hit('0')).toMatchObject({ charged: { allowed: true, used: 1 }, facts: { generation: '0' } });
      await stores.bus.announceSiteChange(CHANNELS.siteChanged, siteId);
      const moved = await hit('0');
      expect(moved).toMatchObject({ facts: { generation: '1' } });
      expect(moved).not.toHaveProperty('charged');
      expect(await stores.quotas.usage([counter.key])).toEqual([1]);
      expect(await hit('1')).toMatchObject({ charged: { allowed: true, used: 2 } });
    });
  });
}
