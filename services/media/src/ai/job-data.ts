/**
 * What a generation job carries and how it is named, apart from the queue and the runner (ai/jobs.ts)
 * so that the pure decisions (ai/decisions/) and the planner can make jobs without loading pg-boss.
 */
import { createHash } from 'node:crypto';
import { malformed } from '@cfs/common/errors';
import type { SeoProfile } from './providers/index.ts';

/** What a plan covers (src/ai/planner.ts): the feed's changed articles, one Site's newest articles, or both for every Site. */
export type PlanRequest = { scope: 'changes' } | { scope: 'site'; siteId: string } | { scope: 'sweep' };
export interface GenerationJobData {
  siteId: string;
  /**
   * The Site's budget (units per period) as its plan said when the job was queued; null: not known.
   * Informative only: the job reserves against the budget the plan has when it runs.
   */
  budget: number | null;
  period: string;
  article: { id: string; version: string; title: string; summary: string; categories: string[] };
  profile: (SeoProfile & { version: string }) | null;
}

/**
 * `paused` is never logged: the job goes back to the queue untouched. Nor is `superseded`: the job's
 * article or profile version is no longer the current one, so it ends without a call or a charge.
 */
export type GenerationOutcome = 'generated' | 'partial' | 'refused' | 'no_budget' | 'retry' | 'failed' | 'paused' | 'superseded';

const MAX_KEY = 128;

/** pg-boss's singletonKey of a job: at most one queued or running job per (Site, generationKey). */
export const singletonKeyOf = (data: GenerationJobData) => `${data.siteId}:${generationKey(data)}`;

/** The triple a job and its reservation are named by (the Site apart). */
export function generationKey(data: Pick<GenerationJobData, 'article' | 'profile'>): string {
  const key = `${data.article.id}@${data.article.version}:${data.profile?.version ?? 'none'}`;
  return key.length <= MAX_KEY ? key : `sha256:${createHash('sha256').update(key).digest('hex')}`;
}

export function checkJob(data: GenerationJobData): GenerationJobData {
  if (!data.siteId) throw malformed('each job needs a siteId');
  if (!data.article.id || !data.article.version || !data.article.title.trim()) throw malformed('each job needs an article id, version and title');
  if (data.budget !== null && (!Number.isInteger(data.budget) || data.budget < 0)) throw malformed('budget must be a whole number of units');
  return data;
}
