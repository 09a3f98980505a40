/** What a gateway process may cache without Redis (env.ts, checkAnnouncementReach). */
import { describe, expect, it } from 'vitest';
import { checkAnnouncementReach, gatewayEnvSchema } from '../src/env.ts';

const base = { CURSOR_SECRET: 'c'.repeat(32) };
const parsed = (given: Record<string, string>) => checkAnnouncementReach(gatewayEnvSchema.parse(given), given);

describe('caches that only announcements keep right', () => {
  it('are on with Redis', () => {
    expect(parsed({ ...base, REDIS_URL: 'redis://127.0.0.1:6379' })).toMatchObject({ AUTH_CACHE_TTL_MS: 60_000, FEED_PAGE_CACHE_TTL_MS: 60_000 });
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
