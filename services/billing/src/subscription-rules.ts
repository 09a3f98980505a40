/**
 * The billing decisions, without I/O: what a subscription becomes given its row and the provider's
 * word (nextState), and the plan its Site should then have (planOfSite). lifecycle.ts reads the rows,
 * locks them and writes what these functions decide; billing.ts answers with nextState too when the
 * commit is late. Unit-tested in test/subscription-rules.test.ts and test/site-plan.test.ts.
 */
import type { BillingSubscription } from './generated/prisma/client.ts';
import type { ProviderSubscription, SubscriptionState } from './providers/provider.ts';

/** What a subscription becomes, as the provider says at time `at`. */
export interface Change {
  state: SubscriptionState;
  at: Date;
  /**
   * The provider's answer to our own request made after every event applied so far (a cancel): it
   * applies even when those events are dated later by the provider's clock, which may run ahead of
   * ours, and the row keeps the later date.
   */
  answer?: true;
  providerRef?: string;
  currentPeriodEnd?: Date;
  cancelAtPeriodEnd?: boolean;
  /** The prices the provider's subscription bills (priceGrants). */
  priceRefs?: string[];
}

/** The fields of a subscription its next state depends on. */
export type SubscriptionFacts = Pick<BillingSubscription, 'status' | 'lastEventAt' | 'priceRef' | 'activatedAt' | 'canceledAt' | 'pastDueSince'>;

/** The fields a change sets on a subscription. */
export interface ChangedFields {
  status: string;
  lastEventAt: Date;
  providerRef?: string;
  currentPeriodEnd?: Date;
  cancelAtPeriodEnd?: boolean;
  activatedAt?: Date;
  pastDueSince: Date | null;
  canceledAt?: Date;
}

/**
 * What a change does to a subscription: the fields it sets, or why it sets none — `stale` (older
 * than the last change applied, and not our own request's answer) or `price` (the provider's
 * subscription bills another price than the plan's).
 */
export type NextState = { fields: ChangedFields } | { ignored: 'stale' | 'price' };

/** Subscriptions in these states may still change; canceled and expired are terminal. */
export const OPEN_STATES: SubscriptionState[] = ['pending', 'active', 'past_due'];

/**
 * Whether a change may give (or keep giving) the subscription's plan: a provider subscription that
 * bills other prices than the plan's at checkout (changed at Stripe, outside this service) does not
 * pay for it. A change that ends the subscription always applies.
 */
export function priceGrants(row: Pick<SubscriptionFacts, 'priceRef'>, change: Pick<Change, 'state' | 'priceRefs'>): boolean {
  if (change.state !== 'active' && change.state !== 'past_due') return true;
  return !row.priceRef || !change.priceRefs || change.priceRefs.includes(row.priceRef);
}

/**
 * What a subscription becomes given its row and a change, at `now`. Deliveries arrive in any order:
 * an event older than the last one applied changes nothing, except our own request's answer, which
 * applies and keeps the later date. Canceled stays canceled; expired stays expired unless the
 * provider says it was paid after all (active). A pending change never moves a subscription back.
 * activatedAt and canceledAt are set once; pastDueSince is kept while past_due, cleared otherwise.
 */
export function nextState(row: SubscriptionFacts, change: Change, now: Date): NextState {
  if (!priceGrants(row, change)) return { ignored: 'price' };
  // Stripe dates events to the second: an event of the same second as the last change still applies.
  const stamp = new Date(Math.floor(change.at.getTime() / 1000) * 1000);
  const stale = row.lastEventAt !== null && stamp < row.lastEventAt;
  if (stale && !change.answer) return { ignored: 'stale' };
  const terminal = row.status === 'canceled' || (row.status === 'expired' && change.state !== 'active');
  const status = terminal ? row.status : change.state === 'pending' && row.status !== 'pending' ? row.status : change.state;
  return {
    fields: {
      status,
      lastEventAt: stale ? row.lastEventAt! : stamp,
      ...(change.providerRef ? { providerRef: change.providerRef } : {}),
      ...(change.currentPeriodEnd ? { currentPeriodEnd: change.currentPeriodEnd } : {}),
      ...(change.cancelAtPeriodEnd !== undefined ? { cancelAtPeriodEnd: change.cancelAtPeriodEnd } : {}),
      ...(status === 'active' && !row.activatedAt ? { activatedAt: now } : {}),
      pastDueSince: status === 'past_due' ? (row.pastDueSince ?? now) : null,
      ...(status === 'canceled' && !row.canceledAt ? { canceledAt: now } : {}),
    },
  };
}

/** The change a provider's view of a subscription makes (its state, period, prices). */
export function changeOf(s: ProviderSubscription): Omit<Change, 'at'> {
  return {
    state: s.state,
    providerRef: s.ref,
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    ...(s.currentPeriodEnd ? { currentPeriodEnd: s.currentPeriodEnd } : {}),
    ...(s.priceRefs ? { priceRefs: s.priceRefs } : {}),
  };
}

/** A pending checkout older than this is asked about (Stripe's sessions expire after 24 h). */
export const CHECKOUT_LIFETIME_MS = 24 * 3600 * 1000;

/** Whether a checkout still open at the provider has outlived its lifetime and is to be closed. */
export function checkoutLapsed(row: Pick<BillingSubscription, 'createdAt'>, now: Date): boolean {
  return now.getTime() - row.createdAt.getTime() > CHECKOUT_LIFETIME_MS;
}

type GrantingFields = Pick<BillingSubscription, 'id' | 'status' | 'plan' | 'pastDueSince' | 'createdAt'>;

/** The instant before which a past_due subscription's grace has ended. */
export function graceEndedBefore(graceMs: number, now: Date): Date {
  return new Date(now.getTime() - graceMs);
}

/** Whether a subscription gives its Site its plan now: active, or past_due within the grace period. */
function grants(s: GrantingFields, graceMs: number, now: Date): boolean {
  if (s.status === 'active') return true;
  return s.status === 'past_due' && s.pastDueSince !== null && s.pastDueSince > graceEndedBefore(graceMs, now);
}

/**
 * The plan a Site should have given ALL its subscriptions (null: the catalog's default plan): the
 * newest one that grants its plan wins, so a late event about an old, ended subscription never
 * takes the plan of a newer, paid one away.
 */
export function planOfSite(subscriptions: readonly GrantingFields[], graceMs: number, now: Date): string | null {
  let newest: GrantingFields | undefined;
  for (const s of subscriptions) {
    if (!grants(s, graceMs, now)) continue;
    if (!newest || s.createdAt > newest.createdAt || (+s.createdAt === +newest.createdAt && s.id > newest.id)) newest = s;
  }
  return newest?.plan ?? null;
}
