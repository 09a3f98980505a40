import { describe, expect, it } from 'vitest';
import { createLogger } from '@cfs/common/logger';
import type { Credential__Output } from '@cfs/protos/generated/cfs/identity/v1/Credential.js';
import { Authenticator } from '../src/authenticator.ts';
import { MemoryState } from '../src/state/memory-state.ts';

const logger = createLogger('test', { level: 'silent' });

function setup(overrides: Partial<Credential__Output> = {}) {
  let now = Date.parse('2026-01-01T00:00:00Z');
  const state = new MemoryState(600_000, () => now);
  const auth = new Authenticator(state, { ttlMs: 60_000, maxEntries: 2, logger, now: () => now });
  const credential: Credential__Output = {
    id: 'cred_1',
    siteId: 's',
    customerId: 'c',
    name: 'n',
    scopes: [],
    audience: 'content-feed',
    createdAt: '2026-01-01T00:00:00Z',
    ...overrides,
  } as Credential__Output;
  let calls = 0;
  const fetch = async () => {
    calls += 1;
    return credential;
  };
  return { state, auth, fetch, calls: () => calls, advance: (ms: number) => (now += ms) };
}

describe('Authenticator', () => {
  it('caches an authentication for its TTL', async () => {
    const t = setup();
    await t.auth.authenticate('tok', t.fetch);
    await t.auth.authenticate('tok', t.fetch);
    expect(t.calls()).toBe(1);
    t.advance(60_001);
    await t.auth.authenticate('tok', t.fetch);
    expect(t.calls()).toBe(2);
  });

  it('refuses a cached credential once it is revoked, on this replica or another', async () => {
    const t = setup();
    await t.auth.authenticate('tok', t.fetch);
    await t.state.markRevoked('cred_1');
    // The revocation evicted it: identity is asked again (and decides).
    await t.auth.authenticate('tok', t.fetch);
    expect(t.calls()).toBe(2);
  });

  it('checks the revocation marker even when the announcement was missed', async () => {
    const t = setup();
    await t.auth.authenticate('tok', t.fetch);
    // A missed announcement: the marker exists but this replica was never told.
    (t.state as unknown as { revoked: Map<string, number> }).revoked.set('cred_1', Number.MAX_SAFE_INTEGER);
    await expect(t.auth.authenticate('tok', t.fetch)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('refuses a cached credential that has expired since', async () => {
    const t = setup({ expiresAt: '2026-01-01T00:00:30Z' });
    await t.auth.authenticate('tok', t.fetch);
    t.advance(31_000);
    await expect(t.auth.authenticate('tok', t.fetch)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('bypasses the cache when the shared state cannot answer', async () => {
    const t = setup();
    await t.auth.authenticate('tok', t.fetch);
    t.state.isRevoked = async () => {
      throw new Error('redis down');
    };
    await t.auth.authenticate('tok', t.fetch);
    expect(t.calls()).toBe(2);
  });

  it('keeps at most maxEntries', async () => {
    const t = setup();
    for (const tok of ['a', 'b', 'c']) await t.auth.authenticate(tok, t.fetch);
    expect(t.calls()).toBe(3);
    await t.auth.authenticate('a', t.fetch);
    expect(t.calls()).toBe(4);
  });
});
