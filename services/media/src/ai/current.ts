/**
 * What is current for the AI loop, read when it matters rather than remembered: a job asks, when it
 * runs, for the Site's budget as its plan says now and for the current versions of its article and
 * the Site's profile; GetVariants asks for the current versions of the variants it found. The
 * decisions on those facts are the pure functions of ai/decisions/. The facts come from account,
 * feed and seo over gRPC (ai/grpc-sources.ts); a test may pass its own.
 */
import { currentVariants } from './decisions/current-variant.ts';
import { jobVerdict, type JobVerdict, type SiteBudget } from './decisions/job-spend.ts';

/** The facts read from the services that own them. */
export interface CurrentFacts {
  /** The Site's AI budget as its plan says now; null when the plan has none (no generation). */
  siteBudget(siteId: string): Promise<SiteBudget | null>;
  /**
   * The current version (decisions/current-variant.ts articleVersion) of each of these articles that exists, and
   * null for each the feed removed; an article the feed does not know is left out.
   */
  articleVersions(articleIds: string[]): Promise<Map<string, string | null>>;
  /** The version of the Site's SEO profile now; '' without one. */
  profileVersion(siteId: string): Promise<string>;
}

/** What a job may do now (the three facts are read at once). */
export async function verdictNow(
  facts: CurrentFacts,
  job: { siteId: string; article: { id: string; version: string }; profile: { version: string } | null },
): Promise<JobVerdict> {
  const [site, articles, profile] = await Promise.all([
    facts.siteBudget(job.siteId),
    facts.articleVersions([job.article.id]),
    facts.profileVersion(job.siteId),
  ]);
  return jobVerdict(
    { articleVersion: job.article.version, profileVersion: job.profile?.version ?? '' },
    { versions: { article: articles.get(job.article.id), profile }, site },
  );
}

/** The Site's variants that are current (none asked of the other services when there is none). */
export async function currentOnly<V extends { articleId: string; articleVersion: string; profileVersion: string }>(
  facts: CurrentFacts,
  siteId: string,
  variants: V[],
): Promise<V[]> {
  if (variants.length === 0) return variants;
  const [articles, profile] = await Promise.all([facts.articleVersions(variants.map((v) => v.articleId)), facts.profileVersion(siteId)]);
  return currentVariants(variants, articles, profile);
}
