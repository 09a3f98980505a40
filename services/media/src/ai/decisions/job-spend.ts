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
