/**
 * What is current, for the media service tested alone (no account, feed or seo to ask): each Site's
 * plan has the budget a test set for it (1000 units a month unless set), and every article and
 * profile is at the version the tests' jobs carry.
 */
import type { CurrentFacts } from '../src/ai/current.ts';
import { siteBudgetOf } from '../src/ai/decisions/job-spend.ts';

export function standaloneFacts(versions: { article: string; profile: string }): CurrentFacts & { budgets: Map<string, number> } {
  const budgets = new Map<string, number>();
  return {
    budgets,
    siteBudget: async (siteId) => siteBudgetOf({ aiBudget: budgets.get(siteId) ?? 1000, aiBudgetPeriod: 'month' }),
    articleVersions: async (ids) => new Map(ids.map((id) => [id, versions.article])),
    profileVersion: async () => versions.profile,
  };
}
