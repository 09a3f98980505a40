/**
 * The subscription lifecycle (README: Billing, the lifecycle): pending → active → past_due →
 * canceled / expired, driven by the provider's word — a verified webhook event, the reconciliation
 * that re-reads open subscriptions, or the provider's answer to a cancel. Each change happens in one
 * transaction with the plan its Site should then have (plan-outbox.ts) and, for an event, the
 * event's id, so an event is processed exactly once; an event older than the last one applied to a
 * subscription changes nothing (deliveries arrive in any order).
 */
import type { Logger } from '@cfs/common/logger';
import { commitWithinBudget } from '@cfs/common/transactions';
import type { BillingSubscription, PrismaClient } from './generated/prisma/client.ts';
import { planFor, type PlanOutbox } from './plan-outbox.ts';
import type { PaymentProvider, ProviderSubscription, SubscriptionState } from './providers/provider.ts';
import type { BillingEvent, ReceivedEvent } from './providers/stripe-events.ts';

type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

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
}

/** Processed event ids are kept this long: Stripe redelivers an event for up to three days. */
export const PROCESSED_EVENTS_KEPT_MS = 30 * 24 * 3600 * 1000;

/** A pending checkout older than this is asked about (Stripe's sessions expire after 24 h). */
export const CHECKOUT_LIFETIME_MS = 24 * 3600 * 1000;

const OPEN: SubscriptionState[] = ['pending', 'active', 'past_due'];

export class SubscriptionLifecycle {
  constructor(
    private readonly db: PrismaClient,
    private readonly provider: PaymentProvider,
    private readonly outbox: PlanOutbox,
    private readonly logger: Logger,
    private readonly graceMs: number,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Applies a change to one subscription inside `tx` (its row locked first) and records the plan
   * its Site should then have. A canceled or expired subscription stays so, except that a checkout
   * expired here is activated when the provider says it was paid after all.
   */
  async transition(tx: Tx, id: string, change: Change): Promise<BillingSubscription | null> {
    const now = this.now();
    const locked = await tx.billingSubscription.updateMany({ where: { id }, data: { updatedAt: now } });
    if (locked.count === 0) return null;
    const row = await tx.billingSubscription.findUniqueOrThrow({ where: { id } });
    // Stripe dates events to the second: an event of the same second as the last change still applies.
    const stamp = new Date(Math.floor(change.at.getTime() / 1000) * 1000);
    const stale = row.lastEventAt !== null && stamp < row.lastEventAt;
    if (stale && !change.answer) return row;
    const at = stale ? row.lastEventAt! : stamp;
    const terminal = row.status === 'canceled' || (row.status === 'expired' && change.state !== 'active');
    const state = terminal ? row.status : change.state === 'pending' && row.status !== 'pending' ? row.status : change.state;
    const updated = await tx.billingSubscription.update({
      where: { id },
      data: {
        status: state,
        lastEventAt: at,
        ...(change.providerRef ? { providerRef: change.providerRef } : {}),
        ...(change.currentPeriodEnd ? { currentPeriodEnd: change.currentPeriodEnd } : {}),
        ...(change.cancelAtPeriodEnd !== undefined ? { cancelAtPeriodEnd: change.cancelAtPeriodEnd } : {}),
        ...(state === 'active' && !row.activatedAt ? { activatedAt: now } : {}),
        ...(state === 'past_due' ? { pastDueSince: row.pastDueSince ?? now } : { pastDueSince: null }),
        ...(state === 'canceled' && !row.canceledAt ? { canceledAt: now } : {}),
      },
    });
    if (updated.status !== row.status) this.logger.info({ subscriptionId: id, siteId: row.siteId, from: row.status, to: updated.status }, 'subscription changed');
    await this.outbox.desire(tx, row.siteId, planFor(updated, this.graceMs, now), now);
    return updated;
  }

  /** A verified provider event, processed exactly once by its id. */
  async receive(received: ReceivedEvent): Promise<{ processed: boolean; siteId?: string }> {
    const target = await this.targetOf(received.event);
    const outcome = await commitWithinBudget(
      this.db,
      async (tx) => {
        const first = await tx.processedEvent.createMany({ data: [{ id: received.id, type: received.type, processedAt: this.now() }], skipDuplicates: true });
        if (first.count === 0) return { processed: false };
        if (!target) return { processed: true };
        const row = await this.transition(tx, target.id, { ...target.change, at: received.createdAt });
        return { processed: true, ...(row ? { siteId: row.siteId } : {}) };
      },
      { beforeCommit: 'billing.webhook.beforeCommit' },
    );
    if (!outcome.processed) this.logger.info({ eventId: received.id, type: received.type }, 'provider event already processed; ignored');
    if (outcome.siteId) await this.outbox.flush(outcome.siteId);
    return outcome;
  }

  /** Which subscription an event is about, and what it becomes (undefined: not ours, or nothing to do). */
  private async targetOf(event: BillingEvent): Promise<{ id: string; change: Omit<Change, 'at'> } | undefined> {
    switch (event.kind) {
      case 'checkout.completed': {
        const row = await this.find(event.subscriptionId, { checkoutRef: event.checkoutRef });
        if (!row) return undefined;
        // The subscription the payment made: its period (the session does not carry it).
        if (event.subscriptionRef) return { id: row.id, change: changeOf(await this.provider.subscription(event.subscriptionRef)) };
        return { id: row.id, change: { state: 'active' } };
      }
      case 'checkout.expired': {
        const row = await this.find(event.subscriptionId, { checkoutRef: event.checkoutRef });
        return row && row.status === 'pending' ? { id: row.id, change: { state: 'expired' } } : undefined;
      }
      case 'subscription.changed': {
        const s = event.subscription;
        const row = await this.find(s.subscriptionId, { providerRef: s.ref });
        return row ? { id: row.id, change: changeOf(s) } : undefined;
      }
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        let row = await this.find(undefined, { providerRef: event.subscriptionRef });
        // An invoice before any event that linked its subscription: the subscription names our row.
        if (!row) row = await this.find((await this.provider.subscription(event.subscriptionRef)).subscriptionId, {});
        if (!row) return undefined;
        return event.kind === 'invoice.paid'
          ? { id: row.id, change: { state: 'active', providerRef: event.subscriptionRef, ...(event.periodEnd ? { currentPeriodEnd: event.periodEnd } : {}) } }
          : { id: row.id, change: { state: 'past_due', providerRef: event.subscriptionRef } };
      }
      default:
        return undefined;
    }
  }

  private async find(subscriptionId: string | undefined, by: { checkoutRef?: string; providerRef?: string }): Promise<BillingSubscription | null> {
    if (subscriptionId) {
      const row = await this.db.billingSubscription.findUnique({ where: { id: subscriptionId } });
      if (row) return row;
    }
    if (by.checkoutRef) return this.db.billingSubscription.findFirst({ where: { checkoutRef: by.checkoutRef } });
    if (by.providerRef) return this.db.billingSubscription.findFirst({ where: { providerRef: by.providerRef } });
    return null;
  }

  /**
   * Re-reads every open subscription of this provider from it and applies what it says, so a missed
   * webhook heals; ends the grace of past_due subscriptions; then sets the plans still to set.
   */
  async reconcile(): Promise<{ checked: number; changed: number; plansApplied: number }> {
    const open = await this.db.billingSubscription.findMany({ where: { status: { in: OPEN }, provider: this.provider.name }, orderBy: { createdAt: 'asc' } });
    let changed = 0;
    for (const row of open) {
      try {
        const change = await this.providerView(row);
        if (!change) continue;
        const updated = await this.db.$transaction((tx) => this.transition(tx, row.id, change));
        if (updated && (updated.status !== row.status || +(updated.currentPeriodEnd ?? 0) !== +(row.currentPeriodEnd ?? 0))) changed += 1;
      } catch (err) {
        this.logger.warn({ subscriptionId: row.id, err: { name: (err as Error).name, message: (err as Error).message } }, 'could not reconcile a subscription; next round retries');
      }
    }
    await this.endGracePeriods();
    await this.pruneProcessedEvents();
    return { checked: open.length, changed, plansApplied: await this.outbox.flush() };
  }

  /** Forgets event ids older than any redelivery (the table would otherwise only grow). */
  async pruneProcessedEvents(): Promise<number> {
    const { count } = await this.db.processedEvent.deleteMany({ where: { processedAt: { lt: new Date(this.now().getTime() - PROCESSED_EVENTS_KEPT_MS) } } });
    return count;
  }

  /** Past-due subscriptions whose grace ended: their Site returns to the default plan. */
  async endGracePeriods(): Promise<void> {
    const now = this.now();
    const ended = await this.db.billingSubscription.findMany({ where: { status: 'past_due', pastDueSince: { lte: new Date(now.getTime() - this.graceMs) } } });
    for (const row of ended) await this.db.$transaction((tx) => this.outbox.desire(tx, row.siteId, planFor(row, this.graceMs, now), now));
  }

  /** What the provider says of one open subscription now. */
  private async providerView(row: BillingSubscription): Promise<Change | undefined> {
    const at = this.now();
    if (row.status === 'pending') {
      if (!row.checkoutRef) return undefined;
      let checkout = await this.provider.checkout(row.checkoutRef);
      // A checkout left open past its lifetime is closed, so it can no longer be paid.
      if (checkout.state === 'open' && at.getTime() - row.createdAt.getTime() > CHECKOUT_LIFETIME_MS) checkout = await this.provider.expireCheckout(row.checkoutRef);
      if (checkout.state === 'expired') return { state: 'expired', at };
      if (checkout.state === 'open' || !checkout.subscriptionRef) return undefined;
      return { ...changeOf(await this.provider.subscription(checkout.subscriptionRef)), at };
    }
    if (!row.providerRef) return undefined;
    return { ...changeOf(await this.provider.subscription(row.providerRef, { currentPeriodEnd: row.currentPeriodEnd, cancelAtPeriodEnd: row.cancelAtPeriodEnd })), at };
  }
}

export function changeOf(s: ProviderSubscription): Omit<Change, 'at'> {
  return {
    state: s.state,
    providerRef: s.ref,
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    ...(s.currentPeriodEnd ? { currentPeriodEnd: s.currentPeriodEnd } : {}),
  };
}
