import { describe, expect, it } from 'vitest';
import { DomainError } from '@cfs/common/errors';
import { checkIdempotencyKey, fingerprintOf, runIdempotent } from '../src/idempotency.ts';
import { createMemoryStores } from '../src/stores/index.ts';

const answer = (body: unknown) => async () => ({ status: 201, body });

describe('Idempotency-Key', () => {
  it('accepts 1 to 255 visible ASCII characters only', () => {
    expect(() => checkIdempotencyKey('abc-123')).not.toThrow();
    expect(() => checkIdempotencyKey(undefined)).not.toThrow();
    for (const bad of ['', 'with space', 'x'.repeat(256), 'é']) expect(() => checkIdempotencyKey(bad)).toThrow(expect.objectContaining({ code: 'MALFORMED_REQUEST' }));
  });

  it('runs once per key and replays the stored answer', async () => {
    const { idempotency } = createMemoryStores();
    let runs = 0;
    const execute = async () => ({ status: 201, body: { run: ++runs } });
    const first = await runIdempotent(idempotency, 'k', 'f', execute);
    const second = await runIdempotent(idempotency, 'k', 'f', execute);
    expect(first).toEqual({ status: 201, body: { run: 1 }, replayed: false });
    expect(second).toEqual({ status: 201, body: { run: 1 }, replayed: true });
  });

  it('refuses the same key with a different request', async () => {
    const { idempotency } = createMemoryStores();
    await runIdempotent(idempotency, 'k', fingerprintOf({ plan: 'pro' }), answer({}));
    await expect(runIdempotent(idempotency, 'k', fingerprintOf({ plan: 'team' }), answer({}))).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('lets concurrent requests with one key run the operation once', async () => {
    const { idempotency } = createMemoryStores();
    let runs = 0;
    const slow = async () => {
      runs += 1;
      await new Promise((resolve) => setTimeout(resolve, 100));
      return { status: 201, body: { ok: true } };
    };
    const results = await Promise.all([runIdempotent(idempotency, 'k', 'f', slow), runIdempotent(idempotency, 'k', 'f', slow)]);
    expect(runs).toBe(1);
    expect(results.map((r) => r.replayed).sort()).toEqual([false, true]);
  });

  it('stores a 4xx answer but frees the key after a 5xx, so a retry runs again', async () => {
    const { idempotency } = createMemoryStores();
    const conflict = await runIdempotent(idempotency, 'a', 'f', async () => {
      throw new DomainError('CONFLICT', 'no');
    });
    expect(conflict).toMatchObject({ status: 409, body: { error: { code: 'CONFLICT' } }, replayed: false });
    expect(await runIdempotent(idempotency, 'a', 'f', answer({}))).toMatchObject({ status: 409, replayed: true });

    await expect(
      runIdempotent(idempotency, 'b', 'f', async () => {
        throw new DomainError('SERVICE_UNAVAILABLE');
      }),
    ).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(await runIdempotent(idempotency, 'b', 'f', answer({ second: true }))).toMatchObject({ status: 201, body: { second: true }, replayed: false });
  });

  it('answers SERVICE_UNAVAILABLE when the store cannot claim the key', async () => {
    const { idempotency } = createMemoryStores();
    idempotency.claim = async () => {
      throw new Error('redis down');
    };
    await expect(runIdempotent(idempotency, 'k', 'f', answer({}))).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });
});
