/**
 * Plans follow subscriptions without a distributed transaction (README: Billing, plans follow).
 * Every change of a subscription writes, in its own transaction, the plan its Site should have
 * (`site_plan_sync`); after the commit the outbox sets it at the account service and marks it
 * applied. A crash or an account service that is down between the two leaves the row unapplied, and
 * the next flush (right after the next change, or the periodic one) sets it: SetSitePlan is
 * idempotent, so setting a plan twice is harmless, and the row's version keeps an older desire from
 * being marked applied over a newer one.
 */
import { failpoint } from '@cfs/common/failpoints';
import type { Logger } from '@cfs/common/logger';
import type { BillingSubscription, PrismaClient } from './generated/prisma/client.ts';

type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

/** What billing needs from the account service. */
export interface AccountPort {
  catalog(): Promise<{ defaultPlan: string; plans: Array<{ id: string; stripePriceId?: string }> }>;
  setPlan(siteId: string, plan: string): Promise<void>;
}

/** The plan a Site should have given its open subscription (null: the catalog's default plan). */
export function planFor(subscription: Pick<BillingSubscription, 'status' | 'plan' | 'pastDueSince'> | null, graceMs: number, now: Date): string | null {
  if (!subscription) return null;
  if (subscription.status === 'active') return subscription.plan;
  if (subscription.status === 'past_due' && subscription.pastDueSince && now.getTime() - subscription.pastDueSince.getTime() < graceMs) return subscription.plan;
  return null;
}

export class PlanOutbox {
  constructor(
    private readonly db: PrismaClient,
    private readonly account: AccountPort,
    private readonly logger: Logger,
  ) {}

  /** Records, inside the caller's transaction, the plan the Site should have (null: the default plan). */
  async desire(tx: Tx, siteId: string, plan: string | null, now: Date): Promise<void> {
    const current = await tx.sitePlanSync.findUnique({ where: { siteId } });
    if (current && current.desiredPlan === plan) return;
    await tx.sitePlanSync.upsert({
      where: { siteId },
      create: { siteId, desiredPlan: plan, applied: false, version: 1, updatedAt: now },
      update: { desiredPlan: plan, applied: false, version: { increment: 1 }, updatedAt: now },
    });
  }

  /**
   * Sets every plan still to set (or only `siteId`'s) at the account service. Never throws: what
   * fails stays unapplied for the next flush. Answers how many were applied.
   */
  async flush(siteId?: string): Promise<number> {
    const pending = await this.db.sitePlanSync.findMany({ where: { applied: false, ...(siteId ? { siteId } : {}) }, orderBy: { updatedAt: 'asc' }, take: 100 });
    if (pending.length === 0) return 0;
    let applied = 0;
    let defaultPlan: string | undefined;
    for (const row of pending) {
      try {
        defaultPlan ??= row.desiredPlan === null ? (await this.account.catalog()).defaultPlan : undefined;
        const plan = row.desiredPlan ?? defaultPlan!;
        // Between the commit of a change and the plan change: a crash here is what the outbox survives.
        await failpoint('billing.plan.beforeApply');
        await this.account.setPlan(row.siteId, plan);
        const marked = await this.db.sitePlanSync.updateMany({ where: { siteId: row.siteId, version: row.version }, data: { applied: true } });
        applied += marked.count;
      } catch (err) {
        this.logger.warn({ siteId: row.siteId, err: { name: (err as Error).name, message: (err as Error).message } }, 'plan change not applied yet; the outbox retries');
      }
    }
    return applied;
  }
}
