/**
 * The AI loop's decisions as pure functions (no I/O; spec in test/ai-decisions.test.ts): what an
 * article's version is, what a generation job may spend when it runs, and which stored variant is
 * current. The callers read the facts (ai-current.ts reads them from account, feed and seo) and act.
 */
import { createHash } from 'node:crypto';

/** The version of an article as generation sees it: what its prompts carry (title and summary). */
export function articleVersion(article: { title: string; summary: string | null }): string {
  return createHash('sha256')
    .update(`${article.title}\n${article.summary ?? ''}`)
    .digest('hex')
    .slice(0, 16);
}

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

/** What is current for one (Site, article) when a job runs or a variant is read. */
export interface CurrentVersions {
  /**
   * The article's current version (articleVersion); null when the feed removed it; undefined when
   * the feed does not know it (an operator's job for an article never imported), which is not checked.
   */
  article: string | null | undefined;
  /** The version of the Site's SEO profile now; '' without one. */
  profile: string;
}

/** The versions a job or a variant was made for. */
export interface MadeFor {
  articleVersion: string;
  profileVersion: string;
}

/** A variant (or a job) is current while both versions it was made for are the current ones. */
export function isCurrent(made: MadeFor, now: CurrentVersions): boolean {
  if (now.article === null) return false;
  if (now.article !== undefined && made.articleVersion !== now.article) return false;
  return made.profileVersion === now.profile;
}

/** The variants of `variants` that are current, given each article's current version and the profile's. */
export function currentVariants<V extends MadeFor & { articleId: string }>(
  variants: readonly V[],
  articleVersions: ReadonlyMap<string, string | null>,
  profileVersion: string,
): V[] {
  return variants.filter((v) => isCurrent(v, { article: articleVersions.get(v.articleId), profile: profileVersion }));
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
