/**
 * Plans follow subscriptions without a distributed transaction (README: Billing, plans follow).
 * Every change of a subscription writes, in its own transaction, the plan its Site should have
 * (`site_plan_sync`); after the commit the outbox sets it at the account service and marks it
 * applied. A crash or an account service that is down between the two leaves the row unapplied, and
 * the next flush (right after the next change, or the periodic one) sets it: SetSitePlan is
 * idempotent, so setting a plan twice is harmless, and the row's version keeps an older desire from
 * being marked applied over a newer one. The flushes of one Site take turns (a per-Site advisory
 * lock held while the account service is called), each sending the newest desire it reads under
 * that lock: an older plan can never land at the account service after a newer one.
 */
import { awaitWithinBudget } from '@cfs/common/deadline';
import { failpoint } from '@cfs/common/failpoints';
import type { Logger } from '@cfs/common/logger';
import type { BillingSubscription, PrismaClient } from './generated/prisma/client.ts';

type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

/** What billing needs from the account service. */
export interface AccountPort {
  catalog(): Promise<{ defaultPlan: string; plans: Array<{ id: string; stripePriceId?: string }> }>;
  setPlan(siteId: string, plan: string): Promise<void>;
}

type GrantingFields = Pick<BillingSubscription, 'id' | 'status' | 'plan' | 'pastDueSince' | 'createdAt'>;

/** Whether a subscription gives its Site its plan now: active, or past_due within the grace period. */
function grants(s: GrantingFields, graceMs: number, now: Date): boolean {
  if (s.status === 'active') return true;
  return s.status === 'past_due' && s.pastDueSince !== null && now.getTime() - s.pastDueSince.getTime() < graceMs;
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

/** Advisory-lock class of the per-Site apply lock (pg_advisory_xact_lock(class, hashtext(site))). */
const APPLY_LOCK_CLASS = 0x706c616e; // 'plan'
/** How long one Site's apply may hold its lock: the account call's own deadline is far below. */
const APPLY_TIMEOUT_MS = 60_000;

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
    const pending = await this.db.sitePlanSync.findMany({ where: { applied: false, ...(siteId ? { siteId } : {}) }, select: { siteId: true }, orderBy: { updatedAt: 'asc' }, take: 100 });
    let applied = 0;
    let defaultPlan: Promise<string> | undefined;
    const defaultOf = () => (defaultPlan ??= this.account.catalog().then((c) => c.defaultPlan));
    for (const row of pending) {
      try {
        applied += await this.applyOne(row.siteId, defaultOf);
      } catch (err) {
        defaultPlan = undefined;
        this.logger.warn({ siteId: row.siteId, err: { name: (err as Error).name, message: (err as Error).message } }, 'plan change not applied yet; the outbox retries');
      }
    }
    return applied;
  }

  /**
   * One Site's newest desire, read and sent with the Site's apply lock held, so two flushes of the
   * same Site never call the account service at once (the later one would otherwise land first and
   * the older plan win). A transaction of its own, apart from the subscription changes: desire()
   * never waits for the account service.
   */
  private async applyOne(siteId: string, defaultPlan: () => Promise<string>): Promise<number> {
    return this.db.$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(${APPLY_LOCK_CLASS}::int4, hashtext(${siteId}))`;
        const row = await tx.sitePlanSync.findUnique({ where: { siteId } });
        if (!row || row.applied) return 0;
        const plan = row.desiredPlan ?? (await defaultPlan());
        // Between the commit of a change and the plan change: a crash here is what the outbox survives.
        await failpoint('billing.plan.beforeApply');
        await this.account.setPlan(siteId, plan);
        const marked = await tx.sitePlanSync.updateMany({ where: { siteId, version: row.version }, data: { applied: true } });
        return marked.count;
      },
      { maxWait: APPLY_TIMEOUT_MS, timeout: APPLY_TIMEOUT_MS },
    );
  }
}
