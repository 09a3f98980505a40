/**
 * What a subscription becomes given its row and the provider's word (subscription-rules.ts
 * nextState), and the small decisions beside it: no database. The same cases as
 * stripe.int.test.ts (a late event, a stale one, our own answer though stale, an expired checkout
 * paid after all), decided here without PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import type { SubscriptionState } from '../src/providers/provider.ts';
import { changeOf, checkoutLapsed, CHECKOUT_LIFETIME_MS, nextState, priceGrants, type Change, type SubscriptionFacts } from '../src/subscription-rules.ts';

const now = new Date('2026-06-01T12:00:00Z');
const sec = (n: number) => new Date(now.getTime() + n * 1000);
const row = (status: SubscriptionState, extra: Partial<SubscriptionFacts> = {}): SubscriptionFacts => ({
  status,
  lastEventAt: null,
  priceRef: null,
  activatedAt: null,
  canceledAt: null,
  pastDueSince: null,
  ...extra,
});
const change = (state: SubscriptionState, extra: Partial<Change> = {}): Change => ({ state, at: now, ...extra });
const fieldsOf = (r: SubscriptionFacts, c: Change, at = now) => {
  const next = nextState(r, c, at);
  if (!('fields' in next)) throw new Error(`expected a change, got ${JSON.stringify(next)}`);
  return next.fields;
};

describe('nextState: each transition', () => {
  it('pending → active: activatedAt set once, the event time recorded to the second', () => {
    const at = new Date(now.getTime() + 1234);
    expect(fieldsOf(row('pending'), change('active', { at, providerRef: 'sub_1', currentPeriodEnd: sec(3600) }))).toEqual({
      status: 'active',
      lastEventAt: sec(1),
      providerRef: 'sub_1',
      currentPeriodEnd: sec(3600),
      activatedAt: now,
      pastDueSince: null,
    });
    const activatedAt = sec(-100);
    expect(fieldsOf(row('active', { activatedAt }), change('active')).activatedAt).toBeUndefined();
  });

  it('active → past_due starts the grace period once; a second failure keeps its start; a payment clears it', () => {
    expect(fieldsOf(row('active'), change('past_due')).pastDueSince).toEqual(now);
    const since = sec(-86_400);
    expect(fieldsOf(row('past_due', { pastDueSince: since }), change('past_due')).pastDueSince).toEqual(since);
    expect(fieldsOf(row('past_due', { pastDueSince: since }), change('active'))).toMatchObject({ status: 'active', pastDueSince: null });
  });

  it('→ canceled sets canceledAt once, and canceled is terminal', () => {
    expect(fieldsOf(row('active'), change('canceled'))).toMatchObject({ status: 'canceled', canceledAt: now, pastDueSince: null });
    const canceledAt = sec(-60);
    const again = fieldsOf(row('canceled', { canceledAt }), change('active'));
    expect(again.status).toBe('canceled');
    expect(again.canceledAt).toBeUndefined();
    for (const state of ['pending', 'past_due', 'expired'] as const) expect(fieldsOf(row('canceled'), change(state)).status).toBe('canceled');
  });

  it('pending → expired; expired stays expired, except active: a checkout paid after all', () => {
    expect(fieldsOf(row('pending'), change('expired')).status).toBe('expired');
    for (const state of ['pending', 'past_due', 'canceled'] as const) expect(fieldsOf(row('expired'), change(state)).status).toBe('expired');
    expect(fieldsOf(row('expired'), change('active'))).toMatchObject({ status: 'active', activatedAt: now });
  });

  it('a pending change never moves a subscription back to pending', () => {
    expect(fieldsOf(row('active'), change('pending')).status).toBe('active');
    expect(fieldsOf(row('past_due', { pastDueSince: now }), change('pending')).status).toBe('past_due');
    expect(fieldsOf(row('pending'), change('pending')).status).toBe('pending');
  });

  it('carries the period and cancelAtPeriodEnd only when the change says them', () => {
    expect(fieldsOf(row('active'), change('active', { cancelAtPeriodEnd: true }))).toMatchObject({ cancelAtPeriodEnd: true });
    expect(fieldsOf(row('active'), change('active', { cancelAtPeriodEnd: false }))).toMatchObject({ cancelAtPeriodEnd: false });
    const quiet = fieldsOf(row('active'), change('active'));
    expect('cancelAtPeriodEnd' in quiet || 'currentPeriodEnd' in quiet || 'providerRef' in quiet).toBe(false);
  });
});

describe('nextState: deliveries in any order', () => {
  it('a stale event (older than the last applied) changes nothing', () => {
    expect(nextState(row('active', { lastEventAt: now }), change('pending', { at: sec(-5) }), now)).toEqual({ ignored: 'stale' });
    expect(nextState(row('canceled', { lastEventAt: now }), change('active', { at: sec(-60) }), now)).toEqual({ ignored: 'stale' });
  });

  it('a late event of the same second as the last one still applies (Stripe dates to the second)', () => {
    const r = row('active', { lastEventAt: now });
    expect(fieldsOf(r, change('past_due', { at: new Date(now.getTime() + 999) }))).toMatchObject({ status: 'past_due', lastEventAt: now });
  });

  it('an event that arrives before an older one applies; the older one then changes nothing', () => {
    const updated = fieldsOf(row('pending'), change('active', { at: sec(0), providerRef: 'sub_1' }));
    const after = row(updated.status as SubscriptionState, { lastEventAt: updated.lastEventAt, activatedAt: updated.activatedAt ?? null });
    expect(nextState(after, change('active', { at: sec(-5) }), now)).toEqual({ ignored: 'stale' });
  });

  it("our own request's answer applies though stale (the provider's clock ahead of ours), and keeps the later date", () => {
    const r = row('active', { lastEventAt: sec(30) });
    expect(fieldsOf(r, change('canceled', { answer: true }))).toMatchObject({ status: 'canceled', lastEventAt: sec(30), canceledAt: now });
    expect(fieldsOf(r, change('active', { answer: true, cancelAtPeriodEnd: true }))).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
      lastEventAt: sec(30),
    });
  });
});

describe("nextState: a subscription's price must be its plan's", () => {
  const priced = row('pending', { priceRef: 'price_pro' });

  it('a change that would grant with another price is ignored; its own price, or none said, applies', () => {
    expect(nextState(priced, change('active', { priceRefs: ['price_other'] }), now)).toEqual({ ignored: 'price' });
    expect(nextState(priced, change('past_due', { priceRefs: ['price_other'] }), now)).toEqual({ ignored: 'price' });
    expect(fieldsOf(priced, change('active', { priceRefs: ['price_other', 'price_pro'] })).status).toBe('active');
    expect(fieldsOf(priced, change('active')).status).toBe('active');
    expect(fieldsOf(row('pending'), change('active', { priceRefs: ['price_other'] })).status).toBe('active');
  });

  it('a change that ends the subscription applies whatever it bills', () => {
    expect(fieldsOf(row('active', { priceRef: 'price_pro' }), change('canceled', { priceRefs: ['price_other'] })).status).toBe('canceled');
    expect(priceGrants({ priceRef: 'price_pro' }, { state: 'expired', priceRefs: [] })).toBe(true);
  });
});

describe('the decisions beside it', () => {
  it("changeOf: the provider's view as a change (period and prices only when known)", () => {
    expect(changeOf({ ref: 'sub_1', state: 'active', cancelAtPeriodEnd: false })).toEqual({ state: 'active', providerRef: 'sub_1', cancelAtPeriodEnd: false });
    expect(changeOf({ ref: 'sub_1', state: 'past_due', cancelAtPeriodEnd: true, currentPeriodEnd: now, priceRefs: ['price_pro'] })).toEqual({
      state: 'past_due',
      providerRef: 'sub_1',
      cancelAtPeriodEnd: true,
      currentPeriodEnd: now,
      priceRefs: ['price_pro'],
    });
  });

  it('checkoutLapsed: a checkout open longer than its lifetime is closed, not one just at it', () => {
    expect(checkoutLapsed({ createdAt: new Date(now.getTime() - CHECKOUT_LIFETIME_MS) }, now)).toBe(false);
    expect(checkoutLapsed({ createdAt: new Date(now.getTime() - CHECKOUT_LIFETIME_MS - 1) }, now)).toBe(true);
  });
});
