import { describe, expect, it } from 'vitest';
import { CHANNELS } from '@cfs/common/bus';
import { unauthenticated } from '@cfs/common/errors';
import { createLogger } from '@cfs/common/logger';
import type { Credential__Output } from '@cfs/protos/generated/cfs/identity/v1/Credential.js';
import { Authenticator } from '../src/caches/authenticator.ts';
import { createMemoryStores } from '../src/stores/index.ts';
import { mintToken } from '@cfs/common/credential-token';
import { MAX_AUTHENTICATION_CACHE_MS, REVOCATION_MARKER_TTL_SECONDS } from '@cfs/common/revocations';
import { presentedToken } from '../src/caches/presented-token.ts';

const tok = mintToken().token;
const [a, b, c] = [mintToken().token, mintToken().token, mintToken().token];

const logger = createLogger('test', { level: 'silent' });

function setup(overrides: Partial<Credential__Output> = {}, ttlMs = 60_000) {
  let now = Date.parse('2026-01-01T00:00:00Z');
  const stores = createMemoryStores({ now: () => now });
  // Markers are shared by the process (as identity and the gateway share them in embedded mode): one id per test.
  const id = `cred_${Math.random().toString(36).slice(2)}`;
  const credential: Credential__Output = {
    id,
    siteId: 's',
    customerId: 'c',
    name: 'n',
    scopes: [],
    audience: 'content-feed',
    createdAt: '2026-01-01T00:00:00Z',
    ...overrides,
  } as Credential__Output;
  let calls = 0;
  let revoked = false;
  /** Runs while identity's answer travels back (after identity decided). */
  const travel: { then?: () => Promise<void> } = {};
  // The identity service: it decides, and knows about revocations.
  const lookup = async () => {
    calls += 1;
    if (revoked) throw unauthenticated('The credential has been revoked.');
    await travel.then?.();
    return credential;
  };
  const authenticator = new Authenticator({ lookup, stores, ttlMs, maxEntries: 2, logger, now: () => now });
  /** What identity does on a revoke: the marker, then (unless it gets lost) the announcement. */
  const revoke = async (announce: boolean) => {
    revoked = true;
    await stores.revocations.mark(id);
    if (announce) await stores.bus.publish(CHANNELS.credentialRevoked, id);
  };
  return { id, state: stores.revocations, auth: authenticator, revoke, travel, calls: () => calls, advance: (ms: number) => (now += ms) };
}

describe('Authenticator', () => {
  it('caches an authentication for its TTL', async () => {
    const t = setup();
    await t.auth.authenticate(tok, 'req');
    await t.auth.authenticate(tok, 'req');
    expect(t.calls()).toBe(1);
    t.advance(60_001);
    await t.auth.authenticate(tok, 'req');
    expect(t.calls()).toBe(2);
  });

  it('refuses a cached credential once it is revoked, on this replica or another', async () => {
    const t = setup();
    await t.auth.authenticate(tok, 'req');
    await t.revoke(true);
    // The revocation evicted it: identity is asked again (and decides).
    await expect(t.auth.authenticate(tok, 'req')).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(t.calls()).toBe(2);
  });

  it('checks the revocation marker even when the announcement was missed', async () => {
    const t = setup();
    await t.auth.authenticate(tok, 'req');
    // A missed announcement: the marker exists but this replica was never told.
    await t.revoke(false);
    await expect(t.auth.authenticate(tok, 'req')).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('takes a marker already read for this request (by the rate limit) instead of reading it again, for that Credential only', async () => {
    const t = setup();
    await t.auth.authenticate(tok, 'req');
    const reads = { count: 0 };
    const isMarked = t.state.isMarked.bind(t.state);
    t.state.isMarked = async (credentialId: string) => ((reads.count += 1), isMarked(credentialId));
    await t.auth.authenticate(tok, 'req', { credentialId: t.id, marked: false });
    expect(reads.count).toBe(0);
    await t.revoke(false);
    // Read for another Credential: ignored, the marker is read here.
    await expect(t.auth.authenticate(tok, 'req', { credentialId: 'cred_other', marked: false })).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(reads.count).toBe(1);
    // Read as marked: the cache is not trusted, identity decides.
    const u = setup();
    await u.auth.authenticate(tok, 'req');
    await u.auth.authenticate(tok, 'req', { credentialId: u.id, marked: true });
    expect(u.calls()).toBe(2);
  });

  it('never keeps an authentication longer than its revocation marker lives, at the longest TTL allowed', async () => {
    expect(MAX_AUTHENTICATION_CACHE_MS).toBeLessThan(REVOCATION_MARKER_TTL_SECONDS * 1000);
    const t = setup({}, MAX_AUTHENTICATION_CACHE_MS);
    // Identity answered "valid"; the revoke marked and committed while that answer was on its way
    // (a whole deadline and more), and its announcement was lost: the stale answer is stored.
    t.travel.then = async () => {
      await t.revoke(false);
      t.advance(30_000);
    };
    await t.auth.authenticate(tok, 'req');
    t.travel.then = undefined;
    // To the last millisecond of the entry's life, the marker is still there: refused.
    t.advance(MAX_AUTHENTICATION_CACHE_MS - 1);
    expect(t.auth.cached(presentedToken(tok)!)).toBeDefined();
    await expect(t.auth.authenticate(tok, 'req')).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('refuses a cached credential that has expired since', async () => {
    const t = setup({ expiresAt: '2026-01-01T00:00:30Z' });
    await t.auth.authenticate(tok, 'req');
    t.advance(31_000);
    await expect(t.auth.authenticate(tok, 'req')).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('bypasses the cache when the shared state cannot answer', async () => {
    const t = setup();
    await t.auth.authenticate(tok, 'req');
    t.state.isMarked = async () => {
      throw new Error('redis down');
    };
    await t.auth.authenticate(tok, 'req');
    expect(t.calls()).toBe(2);
  });

  it('trusts identity, not a marker: a marker left by a revoke that did not commit costs a call, never a refusal', async () => {
    const t = setup();
    await t.auth.authenticate(tok, 'req');
    await t.state.mark(t.id); // identity marked, then its commit failed: the Credential is still valid
    await expect(t.auth.authenticate(tok, 'req')).resolves.toMatchObject({ id: t.id });
    expect(t.calls()).toBe(2);
  });

  it('keeps at most maxEntries', async () => {
    const t = setup();
    for (const tok of [a, b, c]) await t.auth.authenticate(tok, 'req');
    expect(t.calls()).toBe(3);
    await t.auth.authenticate(a, 'req');
    expect(t.calls()).toBe(4);
  });
});
