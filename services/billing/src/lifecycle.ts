/**
 * The subscription lifecycle (services/billing/README.md#the-lifecycle): pending → active → past_due →
 * canceled / expired, driven by the provider's word — a verified webhook event, the reconciliation
 * that re-reads open subscriptions, or the provider's answer to a cancel. Each change happens in one
 * transaction with the plan its Site should then have (plan-outbox.ts) and, for an event, the
 * event's id, so an event is processed exactly once; an event older than the last one applied to a
 * subscription changes nothing (deliveries arrive in any order). What a change does, and which
 * plan follows, are decided without I/O in subscription-rules.ts; this class reads, locks and writes.
 * A change of the subscription's status also writes, in the same transaction, its
 * `billing.subscription.updated` webhook event (@cfs/common/outbox), relayed after the commit.
 */
import type { Logger } from '@cfs/common/logger';
import { commitWithinBudget } from '@cfs/common/transactions';
import { qualifiedTable } from '@cfs/common/database';
import { writeOutbox } from '@cfs/common/outbox';
import { Prisma, type BillingSubscription, type PrismaClient } from './generated/prisma/client.ts';
import type { PlanOutbox } from './plan-outbox.ts';
import type { PaymentProvider } from './providers/provider.ts';
import type { BillingEvent, ReceivedEvent } from './providers/stripe-events.ts';
import { changeOf, checkoutLapsed, graceEndedBefore, nextState, OPEN_STATES, planOfSite, type Change } from './subscription-rules.ts';

type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

/** The webhook event of a subscription whose status changed. */
export const SUBSCRIPTION_UPDATED = 'billing.subscription.updated';

/**
 * A subscription as the public API shows it (GET /api/v1/billing/subscription, the gateway's
 * BillingSubscription schema): the webhook event's data. Ids, states and times only: never the
 * provider's references or its checkout URL.
 */
export function subscriptionEventData(s: BillingSubscription): Record<string, unknown> {
  const at = (d: Date | null) => d?.toISOString() ?? null;
  return {
    id: s.id,
    plan: s.plan,
    status: s.status,
    provider: s.provider,
    createdAt: s.createdAt.toISOString(),
    activatedAt: at(s.activatedAt),
    currentPeriodEnd: at(s.currentPeriodEnd),
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    pastDueSince: at(s.pastDueSince),
    canceledAt: at(s.canceledAt),
  };
}

/** Processed event ids are kept this long: Stripe redelivers an event for up to three days. */
export const PROCESSED_EVENTS_KEPT_MS = 30 * 24 * 3600 * 1000;

export class SubscriptionLifecycle {
  constructor(
    private readonly db: PrismaClient,
    /** The schema of the billing tables, which raw SQL names (database.ts qualifiedTable). */
    private readonly schema: string,
    private readonly provider: PaymentProvider,
    private readonly outbox: PlanOutbox,
    private readonly logger: Logger,
    private readonly graceMs: number,
    /** The relay of the webhook events this class writes: woken after each commit. */
    private readonly webhookEvents: { wake(): void },
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * After the commit of a change: its webhook event is relayed, and the Site's plan set now (within
   * the call's budget; the outbox retries what is not).
   */
  async committed(siteId: string): Promise<void> {
    this.webhookEvents.wake();
    await this.outbox.applySoon(siteId);
  }

  /**
   * Applies a change to one subscription inside `tx` and records the plan its Site should then
   * have, computed from all the Site's subscriptions with them locked (lockSite); nextState
   * decides what the change does.
   */
  async transition(tx: Tx, id: string, change: Change): Promise<BillingSubscription | null> {
    const now = this.now();
    const target = await tx.billingSubscription.findUnique({ where: { id }, select: { siteId: true } });
    if (!target) return null;
    await lockSite(tx, this.schema, target.siteId);
    const row = await tx.billingSubscription.findUnique({ where: { id } });
    if (!row) return null;
    const next = nextState(row, change, now);
    if ('ignored' in next) {
      if (next.ignored === 'price')
        this.logger.warn(
          { subscriptionId: id, siteId: row.siteId, plan: row.plan, priceRef: row.priceRef, providerPrices: change.priceRefs },
          "the provider's subscription bills another price than its plan's; the change is ignored",
        );
      return row;
    }
    const updated = await tx.billingSubscription.update({ where: { id }, data: { ...next.fields, updatedAt: now } });
    if (updated.status !== row.status) {
      this.logger.info({ subscriptionId: id, siteId: row.siteId, from: row.status, to: updated.status }, 'subscription changed');
      await writeOutbox(tx, this.schema, [{ siteId: row.siteId, type: SUBSCRIPTION_UPDATED, data: subscriptionEventData(updated) }]);
    }
    await this.desirePlan(tx, row.siteId, now);
    return updated;
  }

  /** Records the plan the Site should have from all its subscriptions; the caller holds lockSite. */
  private async desirePlan(tx: Tx, siteId: string, now: Date): Promise<void> {
    const all = await tx.billingSubscription.findMany({
      where: { siteId },
      select: { id: true, status: true, plan: true, pastDueSince: true, createdAt: true },
    });
    await this.outbox.desire(tx, siteId, planOfSite(all, this.graceMs, now), now);
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
    if (outcome.siteId) await this.committed(outcome.siteId);
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
    const open = await this.db.billingSubscription.findMany({
      where: { status: { in: OPEN_STATES }, provider: this.provider.name },
      orderBy: { createdAt: 'asc' },
    });
    let changed = 0;
    for (const row of open) {
      try {
        const change = await this.providerView(row);
        if (!change) continue;
        const updated = await this.db.$transaction((tx) => this.transition(tx, row.id, change));
        if (updated?.status !== row.status) this.webhookEvents.wake();
        if (updated && (updated.status !== row.status || +(updated.currentPeriodEnd ?? 0) !== +(row.currentPeriodEnd ?? 0))) changed += 1;
      } catch (err) {
        this.logger.warn(
          { subscriptionId: row.id, err: { name: (err as Error).name, message: (err as Error).message } },
          'could not reconcile a subscription; next round retries',
        );
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

  /**
   * Past-due subscriptions whose grace ended: their Site returns to the default plan. The plan is
   * decided again with the Site's rows locked: a payment that recovered since the read keeps it.
   */
  async endGracePeriods(): Promise<void> {
    const now = this.now();
    const ended = await this.db.billingSubscription.findMany({
      where: { status: 'past_due', pastDueSince: { lte: graceEndedBefore(this.graceMs, now) } },
      select: { siteId: true },
    });
    for (const { siteId } of ended) {
      await this.db.$transaction(async (tx) => {
        await lockSite(tx, this.schema, siteId);
        await this.desirePlan(tx, siteId, now);
      });
    }
  }

  /** What the provider says of one open subscription now. */
  private async providerView(row: BillingSubscription): Promise<Change | undefined> {
    const at = this.now();
    if (row.status === 'pending') {
      if (!row.checkoutRef) return undefined;
      let checkout = await this.provider.checkout(row.checkoutRef);
      // A checkout left open past its lifetime is closed, so it can no longer be paid.
      if (checkout.state === 'open' && checkoutLapsed(row, at)) checkout = await this.provider.expireCheckout(row.checkoutRef);
      if (checkout.state === 'expired') return { state: 'expired', at };
      if (checkout.state === 'open' || !checkout.subscriptionRef) return undefined;
      return { ...changeOf(await this.provider.subscription(checkout.subscriptionRef)), at };
    }
    if (!row.providerRef) return undefined;
    return {
      ...changeOf(await this.provider.subscription(row.providerRef, { currentPeriodEnd: row.currentPeriodEnd, cancelAtPeriodEnd: row.cancelAtPeriodEnd })),
      at,
    };
  }
}

/**
 * Locks every subscription of a Site (in id order, so two transactions never deadlock) until the
 * caller's transaction ends: the Site's plan is decided from rows no one else is changing.
 */
async function lockSite(tx: Tx, schema: string, siteId: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM ${Prisma.raw(qualifiedTable(schema, 'billing_subscriptions'))} WHERE site_id = ${siteId} ORDER BY id FOR UPDATE`;
}
