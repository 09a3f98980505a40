import { describe, expect, it } from 'vitest';
import { DomainError } from '@cfs/common/errors';
import { checkIdempotencyKey, fingerprintOf, runIdempotent } from '../src/pipeline/idempotency.ts';
import { createMemoryStores } from '../src/stores/index.ts';

const answer = (body: unknown) => async () => ({ status: 201, body });
const scope = (key: string, site = 'site_1') => ({ site, key: `${site}:op:${key}` });

describe('Idempotency-Key', () => {
  it('accepts 1 to 255 visible ASCII characters only', () => {
    expect(() => checkIdempotencyKey('abc-123')).not.toThrow();
    expect(() => checkIdempotencyKey(undefined)).not.toThrow();
    for (const bad of ['', 'with space', 'x'.repeat(256), 'é'])
      expect(() => checkIdempotencyKey(bad)).toThrow(expect.objectContaining({ code: 'MALFORMED_REQUEST' }));
  });

  it('runs once per key and replays the stored success', async () => {
    const { idempotency } = createMemoryStores();
    let runs = 0;
    const execute = async () => ({ status: 201, body: { run: ++runs } });
    const first = await runIdempotent(idempotency, scope('k'), 'f', execute);
    const second = await runIdempotent(idempotency, scope('k'), 'f', execute);
    expect(first).toEqual({ status: 201, body: { run: 1 }, replayed: false });
    expect(second).toEqual({ status: 201, body: { run: 1 }, replayed: true });
  });

  it('refuses the same key with a different request', async () => {
    const { idempotency } = createMemoryStores();
    await runIdempotent(idempotency, scope('k'), fingerprintOf({ plan: 'pro' }), answer({}));
    await expect(runIdempotent(idempotency, scope('k'), fingerprintOf({ plan: 'team' }), answer({}))).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('lets concurrent requests with one key run the operation once', async () => {
    const { idempotency } = createMemoryStores();
    let runs = 0;
    const slow = async () => {
      runs += 1;
      await new Promise((resolve) => setTimeout(resolve, 100));
      return { status: 201, body: { ok: true } };
    };
    const results = await Promise.all([runIdempotent(idempotency, scope('k'), 'f', slow), runIdempotent(idempotency, scope('k'), 'f', slow)]);
    expect(runs).toBe(1);
    expect(results.map((r) => r.replayed).sort()).toEqual([false, true]);
  });

  it('keeps the lease of a request that runs longer than the lease', async () => {
    const { idempotency } = createMemoryStores();
    let runs = 0;
    const slow = async () => {
      runs += 1;
      await new Promise((resolve) => setTimeout(resolve, 400));
      return { status: 201, body: {} };
    };
    const options = { leaseMs: 150 };
    const first = runIdempotent(idempotency, scope('k'), 'f', slow, options);
    await new Promise((resolve) => setTimeout(resolve, 250));
    const second = await runIdempotent(idempotency, scope('k'), 'f', slow, options);
    expect(second.replayed).toBe(true);
    expect((await first).replayed).toBe(false);
    expect(runs).toBe(1);
  });

  it('frees a key within the lease when its first request died', async () => {
    const { idempotency } = createMemoryStores();
    // A request that claimed the key and then vanished (crash): nobody renews or completes it.
    await idempotency.claim({ ...scope('k'), fingerprint: 'f', owner: 'dead', leaseMs: 200, maxPerSite: 10 });
    const started = Date.now();
    const retry = await runIdempotent(idempotency, scope('k'), 'f', answer({ retried: true }), { leaseMs: 200 });
    expect(retry).toMatchObject({ status: 201, body: { retried: true }, replayed: false });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('stores no failure: a 4xx or 5xx frees the key, so a retry runs again', async () => {
    const { idempotency } = createMemoryStores();
    for (const code of ['CONFLICT', 'SERVICE_UNAVAILABLE'] as const) {
      await expect(
        runIdempotent(idempotency, scope(code), 'f', async () => {
          throw new DomainError(code);
        }),
      ).rejects.toMatchObject({ code });
      expect(await runIdempotent(idempotency, scope(code), 'f', answer({ second: true }))).toMatchObject({
        status: 201,
        body: { second: true },
        replayed: false,
      });
    }
  });

  it("bounds the keys of a Site, forgetting the oldest, and never another Site's", async () => {
    const { idempotency } = createMemoryStores();
    const options = { maxPerSite: 2 };
    for (const key of ['a', 'b', 'c']) await runIdempotent(idempotency, scope(key), 'f', answer({ key }), options);
    await runIdempotent(idempotency, scope('a', 'site_2'), 'f', answer({ other: true }), options);
    expect((await runIdempotent(idempotency, scope('a'), 'f', answer({ again: true }), options)).replayed).toBe(false);
    expect((await runIdempotent(idempotency, scope('c'), 'f', answer({}), options)).replayed).toBe(true);
    expect((await runIdempotent(idempotency, scope('a', 'site_2'), 'f', answer({}), options)).replayed).toBe(true);
  });

  it('answers SERVICE_UNAVAILABLE when the store cannot claim the key', async () => {
    const { idempotency } = createMemoryStores();
    idempotency.claim = async () => {
      throw new Error('redis down');
    };
    await expect(runIdempotent(idempotency, scope('k'), 'f', answer({}))).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });
});
