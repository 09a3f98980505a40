/**
 * What a generation job may spend, as pure functions (no I/O; spec in test/ai-decision-job-spend.test.ts):
 * the Site's budget as its plan says now, and whether a job runs and against which budget.
 */
import { isCurrent, type CurrentVersions, type MadeFor } from './current-variant.ts';

/** A Site's AI budget as its plan says now: units per period. */
export interface SiteBudget {
  budget: number;
  period: string;
}

/**
 * What a Site's plan says of AI generation, from the plan's `aiBudget`: a budget only when it has
 * one above 0. A plan without one generates nothing (it fails closed: no unlimited generation).
 */
export function siteBudgetOf(plan: { aiBudget?: number | string | null; aiBudgetPeriod?: string }): SiteBudget | null {
  if (plan.aiBudget === undefined || plan.aiBudget === null) return null;
  const budget = Number(plan.aiBudget);
  if (!Number.isSafeInteger(budget) || budget <= 0) return null;
  return { budget, period: plan.aiBudgetPeriod || 'month' };
}

/** What a job may do when it runs: reserve against this budget, or nothing (and why). */
export type JobVerdict = { run: true; budget: number; period: string } | { run: false; reason: 'superseded' | 'no_budget' };

/**
 * A job runs only for the current versions (a superseded one is dropped: no provider call, no
 * charge) and reserves against the Site's budget as it is now, not as it was when the job was
 * queued: a plan changed in between counts from the moment it changed.
 */
export function jobVerdict(job: MadeFor, now: { versions: CurrentVersions; site: SiteBudget | null }): JobVerdict {
  if (!isCurrent(job, now.versions)) return { run: false, reason: 'superseded' };
  if (!now.site) return { run: false, reason: 'no_budget' };
  return { run: true, budget: now.site.budget, period: now.site.period };
}

/** Jobs one plan queues for a Site at most (an unlimited budget is not an unlimited queue). */
export const MAX_JOBS_PER_SITE = 1000;

/**
 * How many articles the planner queues for a Site: as many as its remaining budget (null:
 * unlimited) pays for at `articleCost` each, and no more than MAX_JOBS_PER_SITE. Only a bound on
 * the queue: the reservation each job makes when it runs is what keeps the budget.
 */
export function affordableArticles(remaining: number | null, articleCost: number): number {
  return remaining === null ? MAX_JOBS_PER_SITE : Math.min(MAX_JOBS_PER_SITE, Math.floor(remaining / articleCost));
}

/** What a Site has spent and holds in the current period, against its budget (null: unlimited). */
export interface BudgetSums {
  budget: number | null;
  used: number;
  reserved: number;
}

/**
 * Whether a reservation of `units` fits: used + reserved + units ≤ budget. AiBudgetLedger.reserve
 * (ai/budget-ledger.ts) applies the same rule in SQL, under the Site's row lock.
 */
export function fitsBudget(sums: BudgetSums, units: number): boolean {
  return sums.budget === null || sums.used + sums.reserved + units <= sums.budget;
}

/**
 * What is left and how the budget stands: `exhausted` once what is left cannot pay for one more
 * article, `warning` from 80% used, else `ok` (always `ok` when unlimited).
 */
export function budgetStanding(sums: BudgetSums, articleCost: number): { remaining: number | null; status: 'ok' | 'warning' | 'exhausted' } {
  const { budget, used, reserved } = sums;
  const left = budget === null ? null : budget - used - reserved;
  const status = left === null ? 'ok' : left < articleCost ? 'exhausted' : used >= budget! * 0.8 ? 'warning' : 'ok';
  return { remaining: left === null ? null : Math.max(0, left), status };
}

/** What a job's successful calls cost: its text, and its image when it got one. */
export function unitsSpent(costs: { text: number; image: number }, gotImage: boolean): number {
  return costs.text + (gotImage ? costs.image : 0);
}
