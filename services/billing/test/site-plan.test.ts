/** The plan a Site should have, from all its subscriptions (subscription-rules.ts planOfSite): no database. */
import { describe, expect, it } from 'vitest';
import { planOfSite } from '../src/subscription-rules.ts';

const DAY = 24 * 3600 * 1000;
const GRACE = 7 * DAY;
const now = new Date('2026-06-01T00:00:00Z');
const ago = (days: number) => new Date(now.getTime() - days * DAY);
let n = 0;
const sub = (status: string, plan: string, createdDaysAgo: number, pastDueDaysAgo?: number) => ({
  id: `bsub_${++n}`,
  status,
  plan,
  createdAt: ago(createdDaysAgo),
  pastDueSince: pastDueDaysAgo === undefined ? null : ago(pastDueDaysAgo),
});

describe('planOfSite', () => {
  it('is the default plan (null) without a subscription that grants one', () => {
    expect(planOfSite([], GRACE, now)).toBeNull();
    expect(planOfSite([sub('pending', 'pro', 1), sub('canceled', 'pro', 40), sub('expired', 'starter', 3)], GRACE, now)).toBeNull();
  });

  it('an active subscription grants its plan, whatever ended subscriptions say, in any order', () => {
    const rows = [sub('canceled', 'starter', 60), sub('active', 'pro', 10), sub('expired', 'starter', 5)];
    expect(planOfSite(rows, GRACE, now)).toBe('pro');
    expect(planOfSite([...rows].reverse(), GRACE, now)).toBe('pro');
  });

  it('past_due keeps the plan within the grace period only', () => {
    expect(planOfSite([sub('past_due', 'pro', 40, 6)], GRACE, now)).toBe('pro');
    expect(planOfSite([sub('past_due', 'pro', 40, 7)], GRACE, now)).toBeNull();
  });

  it('of several granting subscriptions the newest wins (ties by id)', () => {
    expect(planOfSite([sub('active', 'pro', 30), sub('active', 'starter', 2)], GRACE, now)).toBe('starter');
    expect(planOfSite([sub('past_due', 'starter', 2, 1), sub('active', 'pro', 30)], GRACE, now)).toBe('starter');
    const a = sub('active', 'pro', 3);
    const b = { ...sub('active', 'starter', 3), createdAt: a.createdAt };
    expect(planOfSite([b, a], GRACE, now)).toBe('starter');
  });
});
