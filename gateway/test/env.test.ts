/** What a gateway process may cache without Redis (env.ts, checkAnnouncementReach). */
import { describe, expect, it } from 'vitest';
import { MAX_AUTHENTICATION_CACHE_MS, REVOCATION_MARKER_TTL_SECONDS } from '@cfs/common/revocations';
import { checkAnnouncementReach, gatewayEnvSchema } from '../src/env.ts';

const base = { CURSOR_SECRET: 'c'.repeat(32) };
const parsed = (given: Record<string, string>) => checkAnnouncementReach(gatewayEnvSchema.parse(given), given);

describe('caches that only announcements keep right', () => {
  it('are on with Redis', () => {
    expect(parsed({ ...base, REDIS_URL: 'redis://127.0.0.1:6379' })).toMatchObject({ AUTH_CACHE_TTL_MS: 3_600_000, FEED_PAGE_CACHE_TTL_MS: 3_600_000 });
  });

  it('are off without Redis: a process alone hears of no revocation, import or subscription change', () => {
    expect(parsed(base)).toMatchObject({ AUTH_CACHE_TTL_MS: 0, FEED_PAGE_CACHE_TTL_MS: 0 });
    expect(parsed({ ...base, FEED_PAGE_CACHE_TTL_MS: '0' })).toMatchObject({ FEED_PAGE_CACHE_TTL_MS: 0 });
  });

  it('refuses to start when one is asked for without Redis', () => {
    expect(() => parsed({ ...base, FEED_PAGE_CACHE_TTL_MS: '1000' })).toThrow(/FEED_PAGE_CACHE_TTL_MS must be 0 without REDIS_URL: new articles/);
    expect(() => parsed({ ...base, AUTH_CACHE_TTL_MS: '1000' })).toThrow(/AUTH_CACHE_TTL_MS must be 0 without REDIS_URL: revocations/);
  });
});

describe('lifetimes and sizes', () => {
  const redis = { ...base, REDIS_URL: 'redis://127.0.0.1:6379' };

  it('keep 10 000 Sites for an hour by default: every change of what they hold is announced', () => {
    expect(parsed(redis)).toMatchObject({
      AUTH_CACHE_TTL_MS: 3_600_000,
      SITE_CACHE_TTL_MS: 3_600_000,
      FEED_PAGE_CACHE_TTL_MS: 3_600_000,
      AUTH_CACHE_MAX_ENTRIES: 20_000,
    });
    const env = parsed(redis);
    // What 10 000 Sites weigh (docs/performance.md#admission-kept-warm-2026-11-27): a Credential about 420 bytes, a Site 480.
    expect(env.AUTH_CACHE_MAX_BYTES).toBeGreaterThanOrEqual(20_000 * 420);
    expect(env.SITE_CACHE_MAX_BYTES).toBeGreaterThanOrEqual(10_000 * 480 * 1.5);
  });

  it('refuse an authentication cache that could outlive the revocation marker', () => {
    expect(MAX_AUTHENTICATION_CACHE_MS * 2).toBe(REVOCATION_MARKER_TTL_SECONDS * 1000);
    expect(parsed({ ...redis, AUTH_CACHE_TTL_MS: String(MAX_AUTHENTICATION_CACHE_MS) }).AUTH_CACHE_TTL_MS).toBe(MAX_AUTHENTICATION_CACHE_MS);
    expect(() => parsed({ ...redis, AUTH_CACHE_TTL_MS: String(MAX_AUTHENTICATION_CACHE_MS + 1) })).toThrow(/half the revocation marker's lifetime/);
  });
});
