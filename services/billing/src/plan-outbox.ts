/**
 * Plans follow subscriptions without a distributed transaction (services/billing/README.md#the-lifecycle).
 * Every change of a subscription writes, in its own transaction, the plan its Site should have
 * (`site_plan_sync`); after the commit the outbox sets it at the account service and marks it
 * applied. A crash or an account service that is down between the two leaves the row unapplied, and
 * the next flush (right after the next change, or the periodic one) sets it: SetSitePlan is
 * idempotent, so setting a plan twice is harmless, and the row's version keeps an older desire from
 * being marked applied over a newer one. One flush at a time sets a Site's plan (a claim on its row,
 * with no transaction open during the account call: embedded PGlite is one session), and it sends
 * the newest desire until the one it marked is the newest. Each call carries the row's version, and
 * the account service ignores one not above the last it applied, so a call that outlived its
 * deadline and arrives after a newer one changes nothing: an older plan never lands after a newer.
 */
import { awaitWithinBudget } from '@cfs/common/deadline';
import { failpoint } from '@cfs/common/failpoints';
import type { Logger } from '@cfs/common/logger';
import type { PrismaClient } from './generated/prisma/client.ts';

type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

/** What billing needs from the account service. */
export interface AccountPort {
  catalog(): Promise<{ defaultPlan: string; plans: Array<{ id: string; stripePriceId?: string }> }>;
  /**
   * Sets a Site's plan; `version` grows with each desired change of the Site, and the account
   * service ignores one not above the last it applied (a call that arrives after a newer one).
   */
  setPlan(siteId: string, plan: string, version: number): Promise<void>;
}

/** How long a flush's claim on a Site lasts (a crashed flush's lapses): far above an account call's deadline. */
const CLAIM_MS = 60_000;

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
   * After a commit: sets the Site's plan now, waiting for the account service no longer than the
   * call's budget. The change is committed, so its answer must not turn into a 503 because the
   * account service is slow; what is not applied by then the background and the periodic flush do.
   */
  async applySoon(siteId: string): Promise<void> {
    await awaitWithinBudget(() => this.flush(siteId));
  }

  /**
   * Sets every plan still to set (or only `siteId`'s) at the account service. Never throws: what
   * fails stays unapplied for the next flush. Answers how many were applied.
   */
  async flush(siteId?: string): Promise<number> {
    const pending = await this.db.sitePlanSync.findMany({
      where: { applied: false, ...(siteId ? { siteId } : {}) },
      select: { siteId: true },
      orderBy: { updatedAt: 'asc' },
      take: 100,
    });
    let applied = 0;
    let defaultPlan: Promise<string> | undefined;
    const defaultOf = () => (defaultPlan ??= this.account.catalog().then((c) => c.defaultPlan));
    for (const row of pending) {
      try {
        applied += await this.applyOne(row.siteId, defaultOf);
      } catch (err) {
        defaultPlan = undefined;
        this.logger.warn(
          { siteId: row.siteId, err: { name: (err as Error).name, message: (err as Error).message } },
          'plan change not applied yet; the outbox retries',
        );
      }
    }
    return applied;
  }

  /**
   * Sets one Site's plan as its only flush: claims the row (a flush that finds it claimed leaves it
   * to the claimer), sends the newest desire, and again while a newer one arrived during the call;
   * after letting go, a desire that arrived meanwhile is taken up at once.
   */
  private async applyOne(siteId: string, defaultPlan: () => Promise<string>): Promise<number> {
    const until = new Date(Date.now() + CLAIM_MS);
    const claimed = await this.db.sitePlanSync.updateMany({
      where: { siteId, applied: false, OR: [{ claimedUntil: null }, { claimedUntil: { lt: new Date() } }] },
      data: { claimedUntil: until },
    });
    if (claimed.count === 0) return 0;
    let applied = 0;
    try {
      for (;;) {
        const row = await this.db.sitePlanSync.findUnique({ where: { siteId } });
        if (!row || row.applied) break;
        const plan = row.desiredPlan ?? (await defaultPlan());
        // Between the commit of a change and the plan change: a crash here is what the outbox survives.
        await failpoint('billing.plan.beforeApply');
        await this.account.setPlan(siteId, plan, row.version);
        const marked = await this.db.sitePlanSync.updateMany({ where: { siteId, version: row.version }, data: { applied: true } });
        applied += marked.count;
        if (marked.count === 1) break;
      }
    } finally {
      await this.db.sitePlanSync.updateMany({ where: { siteId, claimedUntil: until }, data: { claimedUntil: null } });
    }
    const newer = await this.db.sitePlanSync.count({ where: { siteId, applied: false } });
    return newer ? applied + (await this.applyOne(siteId, defaultPlan)) : applied;
  }
}
