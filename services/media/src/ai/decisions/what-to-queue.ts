/**
 * What the planner queues for a Site, as a pure function (no I/O; spec in
 * test/ai-decision-what-to-queue.test.ts): given the Site, some of its articles, the versions of
 * the variants it has of them, its SEO profile and how many articles its budget pays for, the jobs
 * for the articles whose variant is missing or not current, newest first, no more than that many.
 * The planner (ai/planner.ts) reads those facts and queues what this answers.
 */
import type { GenerationJobData } from '../job-data.ts';
import type { SeoProfile } from '../providers/index.ts';
import type { VariantVersions } from '../repositories.ts';
import { articleVersion, isCurrent } from './current-variant.ts';

/** A Site whose plan has AI generation. */
export interface AiSite {
  siteId: string;
  /** Units per period, above 0 (a plan without an aiBudget has no AI generation). */
  budget: number;
  period: string;
}

/** An article as the planner reads it from the feed. */
export interface PlannedArticle {
  id: string;
  title: string;
  summary: string;
  publishedAt: string;
  categories: string[];
}

export interface QueueFacts {
  site: AiSite;
  articles: readonly PlannedArticle[];
  /** The versions of the Site's stored variants of these articles (at most one an article). */
  stored: readonly VariantVersions[];
  /** The Site's SEO profile and its version now; null without one. */
  profile: (SeoProfile & { version: string }) | null;
  /** How many articles the Site's budget pays for (decisions/job-spend.ts affordableArticles). */
  affordable: number;
}

/** The jobs to queue and each one's priority (pg-boss takes higher first: minutes since 1970 of its article's publication). */
export function jobsToQueue(facts: QueueFacts): { jobs: GenerationJobData[]; priorities: number[] } {
  const { site, profile } = facts;
  const now = { profile: profile?.version ?? '' };
  const stored = new Map(facts.stored.map((v) => [v.articleId, v]));
  const wanted = facts.articles
    .map((a) => ({ article: a, version: articleVersion(a) }))
    .filter(({ article, version }) => {
      const variant = stored.get(article.id);
      return !(variant && isCurrent(variant, { article: version, profile: now.profile }));
    })
    .sort((x, y) => Date.parse(y.article.publishedAt) - Date.parse(x.article.publishedAt))
    .slice(0, Math.max(0, facts.affordable));
  return {
    jobs: wanted.map(({ article, version }) => ({
      siteId: site.siteId,
      budget: site.budget,
      period: site.period,
      article: { id: article.id, version, title: article.title, summary: article.summary, categories: article.categories },
      profile,
    })),
    // Minutes since 1970 fit pg-boss's integer priority for millennia.
    priorities: wanted.map(({ article }) => Math.floor(Date.parse(article.publishedAt) / 60_000)),
  };
}
