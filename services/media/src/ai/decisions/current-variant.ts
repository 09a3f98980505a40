/**
 * Which variant is current, as pure functions (no I/O; spec in test/ai-decision-current-variant.test.ts):
 * what an article's version is, and whether a stored variant (or a queued job) was made for the
 * current versions of its article and of the Site's SEO profile. The callers read the facts
 * (ai/current.ts reads them from account, feed and seo) and act.
 */
import { createHash } from 'node:crypto';

/** The version of an article as generation sees it: what its prompts carry (title and summary). */
export function articleVersion(article: { title: string; summary: string | null }): string {
  return createHash('sha256')
    .update(`${article.title}\n${article.summary ?? ''}`)
    .digest('hex')
    .slice(0, 16);
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

/**
 * Whether a stored variant is the one a job makes (the same article and profile versions): a job
 * that finds it was cut short after storing it, and settles rather than generating again.
 */
export function madeForJob(variant: MadeFor, job: { article: { version: string }; profile: { version: string } | null }): boolean {
  return variant.articleVersion === job.article.version && variant.profileVersion === (job.profile?.version ?? '');
}
