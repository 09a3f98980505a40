/**
 * Billing subscriptions. A checkout inserts a pending subscription and asks the provider in one
 * database transaction: the partial unique index lets one checkout per Site win (the others wait on
 * it and then get CONFLICT), and a provider failure rolls everything back. When a subscription
 * becomes active the Site's plan changes (account service); on cancel it returns, at once, to the
 * catalog's default plan. Calls to the account service never happen inside a database transaction
 * (a transaction must not wait on another service); a failed plan change is compensated instead.
 */
import { conflict, DomainError, malformed, notFound } from '@cfs/common/errors';
import { newId } from '@cfs/common/ids';
import { detachedFromBudget } from '@cfs/common/deadline';
import { commitWithinBudget } from '@cfs/common/transactions';
import type { BillingSubscription, PrismaClient } from './generated/prisma/client.ts';
import type { PaymentProvider } from './providers/provider.ts';

export type { BillingSubscription };

/** What billing needs from the account service. */
export interface AccountPort {
  catalog(): Promise<{ defaultPlan: string; plans: string[] }>;
  setPlan(siteId: string, plan: string): Promise<void>;
}

/** A pending checkout older than this no longer blocks a new one (hosted checkouts expire after 24 h). */
const CHECKOUT_LIFETIME_MS = 24 * 3600 * 1000;

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, i = 0; e && typeof e === 'object' && i < 5; i++) {
    const o = e as { code?: unknown; originalCode?: unknown; cause?: unknown };
    if (o.code === 'P2002' || o.code === '23505' || o.originalCode === '23505') return true;
    e = o.cause;
  }
  return false;
}

export class Billing {
  constructor(
    private readonly db: PrismaClient,
    private readonly provider: PaymentProvider,
    private readonly account: AccountPort,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async startCheckout(siteId: string, customerId: string, plan: string): Promise<{ checkoutUrl: string; subscription: BillingSubscription }> {
    const catalog = await this.account.catalog();
    if (!catalog.plans.includes(plan)) throw malformed(`unknown plan: ${plan.slice(0, 64)}`);
    if (plan === catalog.defaultPlan) throw malformed(`${plan} is the default plan and needs no subscription`);
    const now = this.now();
    await this.db.billingSubscription.updateMany({
      where: { siteId, status: 'pending', createdAt: { lt: new Date(now.getTime() - CHECKOUT_LIFETIME_MS) } },
      data: { status: 'expired', updatedAt: now },
    });
    let pending: BillingSubscription;
    let started: Awaited<ReturnType<PaymentProvider['startCheckout']>>;
    try {
      // One transaction claims the Site's slot and opens the checkout: a provider failure rolls it back.
      ({ pending, started } = await commitWithinBudget(
        this.db,
        async (tx) => {
          const id = newId('bsub');
          await tx.billingSubscription.create({
            data: { id, siteId, customerId, plan, status: 'pending', provider: this.provider.name, checkoutUrl: '', createdAt: now, updatedAt: now },
          });
          const result = await this.provider.startCheckout({ subscriptionId: id, siteId, customerId, plan });
          const row = await tx.billingSubscription.update({ where: { id }, data: { checkoutUrl: result.checkoutUrl, providerRef: result.reference } });
          return { pending: row, started: result };
        },
        { beforeCommit: 'billing.checkout.beforeCommit' },
      ));
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('The site already has an active subscription or a checkout in progress.');
      throw err;
    }
    if (!started.confirmed) return { checkoutUrl: started.checkoutUrl, subscription: pending };
    try {
      await this.account.setPlan(siteId, plan);
    } catch (err) {
      // Nothing may stay half done: release the Site's slot, then report the failure.
      await this.db.billingSubscription.delete({ where: { id: pending.id } }).catch(() => undefined);
      throw err;
    }
    const subscription = await this.db.billingSubscription.update({
      where: { id: pending.id },
      data: {
        status: 'active',
        activatedAt: now,
        updatedAt: now,
        providerRef: started.subscriptionRef ?? started.reference,
        currentPeriodEnd: started.currentPeriodEnd ?? null,
      },
    });
    return { checkoutUrl: started.checkoutUrl, subscription };
  }

  /** The Site's latest subscription (a pending checkout is brought up to date with the provider). */
  async getSubscription(siteId: string): Promise<BillingSubscription> {
    const latest = await this.db.billingSubscription.findFirst({ where: { siteId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
    if (!latest) throw notFound('subscription');
    if (latest.status !== 'pending') return latest;
    return this.refreshPending(latest);
  }

  private async refreshPending(pending: BillingSubscription): Promise<BillingSubscription> {
    const status = await this.provider.checkoutStatus(pending.providerRef ?? '');
    const now = this.now();
    if (status.state === 'open') return pending;
    if (status.state === 'expired') {
      return this.db.billingSubscription.update({ where: { id: pending.id }, data: { status: 'expired', updatedAt: now } });
    }
    // The plan first (idempotent): if it fails the subscription stays pending and the next read retries.
    await this.account.setPlan(pending.siteId, pending.plan);
    const [activated] = await this.db.billingSubscription.updateManyAndReturn({
      where: { id: pending.id, status: 'pending' },
      data: { status: 'active', activatedAt: now, updatedAt: now, providerRef: status.subscriptionRef ?? pending.providerRef, currentPeriodEnd: status.currentPeriodEnd ?? null },
    });
    return activated ?? (await this.db.billingSubscription.findUniqueOrThrow({ where: { id: pending.id } }));
  }

  /** Cancels at once: the Site returns to the default plan now. */
  async cancel(siteId: string): Promise<BillingSubscription> {
    const open = await this.db.billingSubscription.findFirst({ where: { siteId, status: { in: ['pending', 'active'] } } });
    if (!open) {
      const any = await this.db.billingSubscription.count({ where: { siteId } });
      if (any === 0) throw notFound('subscription');
      throw conflict('The site has no active subscription to cancel.');
    }
    if (open.status === 'active' && open.providerRef) await this.provider.cancelSubscription(open.providerRef);
    const { defaultPlan } = await this.account.catalog();
    const now = this.now();
    // The plan first: if it fails the subscription is still active and a retry cancels it.
    if (open.status === 'active') await this.account.setPlan(siteId, defaultPlan);
    try {
      return await commitWithinBudget(
        this.db,
        async (tx) => {
          const [canceled] = await tx.billingSubscription.updateManyAndReturn({
            where: { id: open.id, status: open.status },
            data: { status: 'canceled', canceledAt: now, updatedAt: now },
          });
          if (!canceled) throw new DomainError('CONFLICT', 'The subscription changed meanwhile; retry.');
          return canceled;
        },
        { beforeCommit: 'billing.cancel.beforeCommit' },
      );
    } catch (err) {
      // Not canceled after all: give the Site its plan back (best effort), so a 503 changed nothing.
      if (open.status === 'active') await detachedFromBudget(() => this.account.setPlan(siteId, open.plan)).catch(() => undefined);
      throw err;
    }
  }
}
