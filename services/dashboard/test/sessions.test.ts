/**
 * Sessions end after the idle limit and at the latest after the maximum age, whatever the traffic;
 * the store never holds a usable session id. Sign-in throttling counts attempts per e-mail and per IP
 * and answers the same for an e-mail that does not exist.
 */
import { describe, expect, it } from 'vitest';
import { MemorySessionStore, Sessions, type SessionData, type SessionStore } from '../src/sessions.ts';
import { SignInThrottle } from '../src/throttle.ts';

const user = { userId: 'usr_1', customerId: 'cus_1', email: 'owner@example.com' };

function clocked(limits: { idleSeconds: number; maxSeconds: number }) {
  let now = Date.parse('2026-11-22T10:00:00Z');
  const keys: string[] = [];
  const store = new MemorySessionStore();
  const spy: SessionStore = {
    get: (k) => store.get(k),
    set: (k: string, d: SessionData, ttl: number) => {
      keys.push(k);
      return store.set(k, d, ttl);
    },
    delete: (k) => store.delete(k),
  };
  const sessions = new Sessions(spy, { ...limits, now: () => now });
  return { sessions, keys, advance: (seconds: number) => (now += seconds * 1000) };
}

describe('sessions', () => {
  it('end after the idle limit without a request, and each request restarts it', async () => {
    const { sessions, advance } = clocked({ idleSeconds: 60, maxSeconds: 3600 });
    const { id } = await sessions.create(user);
    advance(59);
    expect(await sessions.resume(id)).toMatchObject(user);
    advance(59);
    expect(await sessions.resume(id)).toMatchObject(user);
    advance(61);
    expect(await sessions.resume(id)).toBeUndefined();
    // Ended for good: a later request does not bring it back.
    expect(await sessions.resume(id)).toBeUndefined();
  });

  it('end at the maximum age even when used all along', async () => {
    const { sessions, advance } = clocked({ idleSeconds: 60, maxSeconds: 150 });
    const { id } = await sessions.create(user);
    for (let i = 0; i < 2; i++) {
      advance(50);
      expect(await sessions.resume(id)).toBeDefined();
    }
    advance(51);
    expect(await sessions.resume(id)).toBeUndefined();
  });

  it('end at sign-out, and are stored under a hash of the id, never the id itself', async () => {
    const { sessions, keys } = clocked({ idleSeconds: 60, maxSeconds: 3600 });
    const { id, data } = await sessions.create(user);
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data.csrf).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data.csrf).not.toBe(id);
    expect(keys).not.toContain(id);
    await sessions.end(id);
    expect(await sessions.resume(id)).toBeUndefined();
  });
});

describe('sign-in throttle', () => {
  it('blocks an e-mail after its attempts, existing or not, and a success gives them back', async () => {
    const throttle = new SignInThrottle({ perAccount: 3, perIp: 100, blockSeconds: 60 });
    for (const email of ['owner@example.com', 'nobody@example.com']) {
      for (let i = 0; i < 3; i++) expect(await throttle.attempt(email, '10.0.0.1')).toBe(0);
      const seconds = await throttle.attempt(email.toUpperCase(), '10.0.0.2');
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThanOrEqual(60);
    }
    const other = new SignInThrottle({ perAccount: 3, perIp: 100, blockSeconds: 60 });
    expect(await other.attempt('owner@example.com', '10.0.0.1')).toBe(0);
    expect(await other.attempt('owner@example.com', '10.0.0.1')).toBe(0);
    await other.succeeded('owner@example.com', '10.0.0.1');
    for (let i = 0; i < 3; i++) expect(await other.attempt('owner@example.com', '10.0.0.1')).toBe(0);
  });

  it('blocks an IP that tries many e-mails', async () => {
    const throttle = new SignInThrottle({ perAccount: 100, perIp: 4, blockSeconds: 60 });
    for (let i = 0; i < 4; i++) expect(await throttle.attempt(`user${i}@example.com`, '10.0.0.9')).toBe(0);
    expect(await throttle.attempt('fresh@example.com', '10.0.0.9')).toBeGreaterThan(0);
    expect(await throttle.attempt('fresh@example.com', '10.0.0.10')).toBe(0);
  });

  it("gives back the point of the limit that did not refuse: a blocked IP does not use up an e-mail's attempts", async () => {
    const throttle = new SignInThrottle({ perAccount: 2, perIp: 1, blockSeconds: 60 });
    expect(await throttle.attempt('first@example.com', '10.0.0.5')).toBe(0);
    for (let i = 0; i < 3; i++) expect(await throttle.attempt('owner@example.com', '10.0.0.5')).toBeGreaterThan(0);
    expect(await throttle.attempt('owner@example.com', '10.0.0.6')).toBe(0);
    expect(await throttle.attempt('owner@example.com', '10.0.0.7')).toBe(0);
  });
});
