/**
 * Billing subscriptions as customers drive them: checkout, read, cancel (services/billing/README.md#billing). A checkout
 * inserts a pending subscription and opens the provider's checkout in one database transaction: the
 * partial unique index lets one checkout per Site win (the others wait on it and then get CONFLICT),
 * and a provider failure rolls everything back. Everything after that — payment, renewals, failed
 * payments, the end — comes from the provider (lifecycle.ts), and the Site's plan follows through
 * the outbox (plan-outbox.ts), never through a call inside a transaction.
 */
import { conflict, DomainError, malformed, notFound } from '@cfs/common/errors';
import { awaitWithinBudget, detachedFromBudget } from '@cfs/common/deadline';
import { newId } from '@cfs/common/ids';
import { commitWithinBudget } from '@cfs/common/transactions';
import type { BillingSubscription, PrismaClient } from './generated/prisma/client.ts';
import type { Logger } from '@cfs/common/logger';
import type { SubscriptionLifecycle } from './lifecycle.ts';
import type { AccountPort, PlanOutbox } from './plan-outbox.ts';
import type { PaymentProvider, SubscriptionState } from './providers/provider.ts';
import { changeOf, nextState, OPEN_STATES, type Change } from './subscription-rules.ts';

export type { BillingSubscription };
export type { AccountPort };

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, i = 0; e && typeof e === 'object' && i < 5; i++) {
    const o = e as { code?: unknown; originalCode?: unknown; cause?: unknown };
    if (o.code === 'P2002' || o.code === '23505' || o.originalCode === '23505') return true;
    e = o.cause;
  }
  return false;
}

const SLOT_TAKEN = 'The site already has an active subscription or a checkout in progress.';

export class Billing {
  constructor(
    private readonly db: PrismaClient,
    private readonly provider: PaymentProvider,
    private readonly account: AccountPort,
    private readonly lifecycle: SubscriptionLifecycle,
    private readonly outbox: PlanOutbox,
    private readonly logger: Logger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async startCheckout(siteId: string, customerId: string, planId: string): Promise<{ checkoutUrl: string; subscription: BillingSubscription }> {
    const catalog = await this.account.catalog();
    const plan = catalog.plans.find((p) => p.id === planId);
    if (!plan) throw malformed(`unknown plan: ${planId.slice(0, 64)}`);
    if (planId === catalog.defaultPlan) throw malformed(`${planId} is the default plan and needs no subscription`);
    if (this.provider.name === 'stripe' && !plan.stripePriceId) throw conflict(`The plan ${planId} is not offered for purchase on this deployment.`);
    if (await this.db.billingSubscription.findFirst({ where: { siteId, status: { in: OPEN_STATES } }, select: { id: true } })) throw conflict(SLOT_TAKEN);
    const customerRef = await this.customerRef(customerId);
    const now = this.now();
    const id = newId('bsub');
    let checkoutRef: string | undefined;
    let result: { checkoutUrl: string; subscription: BillingSubscription };
    try {
      // One transaction claims the Site's slot and opens the checkout: a provider failure rolls it back.
      result = await commitWithinBudget(
        this.db,
        async (tx) => {
          await tx.billingSubscription.create({
            data: {
              id,
              siteId,
              customerId,
              plan: planId,
              priceRef: plan.stripePriceId ?? null,
              status: 'pending',
              provider: this.provider.name,
              checkoutUrl: '',
              createdAt: now,
              updatedAt: now,
            },
          });
          const started = await this.provider.startCheckout({
            subscriptionId: id,
            siteId,
            customerId,
            plan: planId,
            customerRef,
            ...(plan.stripePriceId ? { priceId: plan.stripePriceId } : {}),
          });
          checkoutRef = started.checkoutRef;
          await tx.billingSubscription.update({ where: { id }, data: { checkoutUrl: started.checkoutUrl, checkoutRef: started.checkoutRef } });
          // A provider that confirmed the payment at once (local): active in the same transaction.
          const subscription = started.confirmed
            ? await this.lifecycle.transition(tx, id, { ...changeOf(started.confirmed), at: now })
            : await tx.billingSubscription.findUniqueOrThrow({ where: { id } });
          return { checkoutUrl: started.checkoutUrl, subscription: subscription! };
        },
        { beforeCommit: 'billing.checkout.beforeCommit' },
      );
    } catch (err) {
      // Nothing may stay payable for a subscription that does not exist.
      if (checkoutRef) await detachedFromBudget(() => this.provider.expireCheckout(checkoutRef!)).catch(() => undefined);
      if (isUniqueViolation(err)) throw conflict(SLOT_TAKEN);
      throw err;
    }
    await this.lifecycle.committed(siteId);
    return result;
  }

  /** The Site's latest subscription. */
  async getSubscription(siteId: string): Promise<BillingSubscription> {
    const latest = await this.db.billingSubscription.findFirst({ where: { siteId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
    if (!latest) throw notFound('subscription');
    return latest;
  }

  /**
   * Cancels at once (the Site returns to the default plan now) or at the end of the paid period (the
   * plan stays until then). A pending checkout is expired at the provider first, so it cannot be paid.
   * A provider that keeps its own state (Stripe) acts before our commit, so once it has answered the
   * answer is what it did, whatever becomes of the commit (see answerFromProvider).
   */
  async cancel(siteId: string, options: { atPeriodEnd: boolean }): Promise<BillingSubscription> {
    const open = await this.db.billingSubscription.findFirst({ where: { siteId, status: { in: OPEN_STATES } } });
    if (!open) {
      const any = await this.db.billingSubscription.count({ where: { siteId } });
      if (any === 0) throw notFound('subscription');
      throw conflict('The site has no active subscription to cancel.');
    }
    const now = this.now();
    let change: Change;
    if (open.status === 'pending') {
      const checkout = open.checkoutRef ? await this.provider.expireCheckout(open.checkoutRef) : { state: 'expired' as const };
      if (checkout.state === 'complete') throw conflict('The checkout was just paid; read the subscription again before cancelling it.');
      change = { state: 'canceled', at: now, answer: true };
    } else {
      if (options.atPeriodEnd && open.cancelAtPeriodEnd) return open;
      const ended = open.providerRef ? await this.provider.cancelSubscription(open.providerRef, options) : undefined;
      const answer = ended
        ? changeOf(ended)
        : { state: options.atPeriodEnd ? (open.status as SubscriptionState) : 'canceled', cancelAtPeriodEnd: options.atPeriodEnd };
      change = { ...answer, at: now, answer: true };
    }
    const commit = () => commitWithinBudget(this.db, (tx) => this.lifecycle.transition(tx, open.id, change), { beforeCommit: 'billing.cancel.beforeCommit' });
    const canceled = this.provider.remote ? await this.answerFromProvider(open, change, commit) : await commit();
    if (!canceled) throw new DomainError('CONFLICT', 'The subscription changed meanwhile; retry.');
    await this.lifecycle.committed(siteId);
    return canceled;
  }

  /**
   * The provider has cancelled: a 503 now would tell the client nothing changed while it did. So
   * the commit runs apart from the call's budget and is waited for only until the budget ends; if
   * it is late or fails, the answer is the subscription as the provider's answer makes it, and the
   * commit (still running), the provider's webhook and the reconciliation record it.
   */
  private async answerFromProvider(
    open: BillingSubscription,
    change: Change,
    commit: () => Promise<BillingSubscription | null>,
  ): Promise<BillingSubscription | null> {
    const outcome = await awaitWithinBudget(commit);
    if (outcome.done) return outcome.value;
    const failed = (err: unknown) =>
      this.logger.warn(
        { subscriptionId: open.id, err: { name: (err as Error).name, message: (err as Error).message } },
        "the provider's cancel is not recorded yet; its webhook or the reconciliation records it",
      );
    if ('error' in outcome) failed(outcome.error);
    else void outcome.pending.then(() => this.outbox.flush(open.siteId), failed); // its webhook event: the relay's next poll
    // What the commit records (the same decision), shown before it has.
    const next = nextState(open, change, this.now());
    return 'fields' in next ? { ...open, ...next.fields } : open;
  }

  /** The provider's customer of a Customer, made on its first checkout and kept. */
  private async customerRef(customerId: string): Promise<string> {
    const known = await this.db.billingCustomer.findUnique({ where: { customerId } });
    if (known) return known.providerCustomerRef;
    const ref = await this.provider.createCustomer(customerId);
    await this.db.billingCustomer.createMany({ data: [{ customerId, providerCustomerRef: ref, createdAt: this.now() }], skipDuplicates: true });
    return (await this.db.billingCustomer.findUniqueOrThrow({ where: { customerId } })).providerCustomerRef;
  }
}
