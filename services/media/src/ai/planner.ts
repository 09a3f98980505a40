/**
 * Which generation jobs to queue (services/media/README.md#planning-generation): the planner turns "something changed" into jobs
 * for the Sites whose plan has AI generation, reading the Sites from account, their feeds from feed
 * and their SEO profiles from seo (PlannerSources, over gRPC in ai/grpc-sources.ts).
 *
 * - `changes`: the articles imports created or changed since the planner last looked (a position
 *   kept in ai_plan_positions, read again with a short overlap), for every eligible Site whose
 *   subscriptions hold them;
 * - `site`: a Site that became eligible, replaced its subscriptions or its SEO profile: its newest
 *   AI_BACKFILL_ARTICLES articles;
 * - `sweep`: both, for every eligible Site (on a schedule, and after a bus outage): what a lost
 *   announcement or a renewed budget left undone; and it gives back the units of reservations no
 *   attempt finished (a worker that died on a job's last attempt).
 *
 * Only articles whose variant is missing or was made from another article or profile version are
 * queued, newest first, and no more than the Site's remaining budget can pay for: the reservation
 * each job makes before calling a provider (ai/budget-ledger.ts) is what guarantees the budget; this bound
 * only keeps the queue from filling with jobs that would find no budget. That decision is the pure
 * jobsToQueue (ai/decisions/what-to-queue.ts); what the planner keeps is behind ai/repositories.ts.
 */
import type { Logger } from '@cfs/common/logger';
import { affordableArticles } from './decisions/job-spend.ts';
import { jobsToQueue, type AiSite, type PlannedArticle } from './decisions/what-to-queue.ts';
import type { GenerationJobData, PlanRequest } from './job-data.ts';
import type { SeoProfile } from './providers/index.ts';
import type { AiJobRepository, LedgerRepository, VariantRepository } from './repositories.ts';

export type { AiSite, PlannedArticle } from './decisions/what-to-queue.ts';

/** Where the planner goes on in the feed's article changes (ListArticleChanges): the last change it read. */
export interface ArticleChangePosition {
  updatedAt: string;
  articleId: string;
}

/** What the planner reads from the other services. */
export interface PlannerSources {
  /** Eligible Sites in id order after `after` (with `siteIds`: only those of them that are eligible). */
  aiSites(query: { after: string; limit: number; siteIds?: string[] }): Promise<AiSite[]>;
  subscriptions(siteId: string): Promise<string[]>;
  newestArticles(siteId: string, limit: number): Promise<PlannedArticle[]>;
  articleChanges(after: ArticleChangePosition | null, limit: number): Promise<{ articles: PlannedArticle[]; last: ArticleChangePosition | null }>;
  /** The Site's profile and its version (when it was replaced), or null without one. */
  profile(siteId: string): Promise<(SeoProfile & { version: string }) | null>;
  /** Tells the feed's changes feed that articles changed for one Site (a new variant). */
  noteSiteChanges(siteId: string, articleIds: string[]): Promise<void>;
}

export interface PlannerOptions {
  sources: PlannerSources;
  variants: VariantRepository;
  jobs: Pick<AiJobRepository, 'planPosition' | 'keepPlanPosition'>;
  ledger: LedgerRepository;
  queue: (jobs: GenerationJobData[], priorities: number[]) => Promise<number>;
  backfill: number;
  /** A reservation open longer than this belongs to no live attempt: the sweep gives it back. */
  staleReservationMs: number;
  /** Variants the feed's changes feed was not told of yet: the sweep tells it. */
  notes: VariantNotes;
  /** Told after variants of a Site were dropped (the gateways forget its personalized pages). Never throws. */
  variantsDropped?: (siteId: string) => Promise<void>;
  logger: Logger;
}

const SITES_PAGE = 500;
const CHANGES_PAGE = 500;
/** Changes read per run at most; the rest waits for the next run (the position is kept). */
const CHANGES_PER_RUN = 20_000;
/** Changes are read again from this long before the kept position: a slow import may commit rows with earlier times. */
const CHANGES_OVERLAP_MS = 60_000;
const POSITION = 'article-changes';

/**
 * Tells the feed's changes feed of new variants (NoteSiteChanges), so a Site's changes show its
 * articles again, personalized. A variant is marked noted once the feed answered; one whose note
 * failed (the feed did not answer) stays unmarked and the sweep notes it, then tells `lateNoted`:
 * the gateways keep a Site's caught-up changes answer until something is announced for it
 * (gateway/README.md#the-changes-feed-at-the-gateway), so a late note is announced like a new variant.
 */
export class VariantNotes {
  constructor(
    private readonly variants: VariantRepository,
    private readonly sources: Pick<PlannerSources, 'noteSiteChanges'>,
    private readonly logger: Logger,
    /** Told after the sweep noted a Site's forgotten variants (never throws). */
    private readonly lateNoted: (siteId: string) => Promise<void> = async () => undefined,
  ) {}

  /** Never throws: a failure is logged and left to the sweep. */
  async note(siteId: string, articleIds: string[]): Promise<boolean> {
    try {
      await this.sources.noteSiteChanges(siteId, articleIds);
      await this.variants.markNoted(siteId, articleIds, new Date());
      return true;
    } catch (err) {
      this.logger.warn({ siteId, err: { message: (err as Error).message } }, 'could not tell the feed of new variants; the sweep will');
      return false;
    }
  }

  /** Notes the variants stored at least a minute ago that are not noted yet. */
  async noteForgotten(): Promise<void> {
    const rows = await this.variants.unnoted(new Date(Date.now() - 60_000), 1000);
    const bySite = new Map<string, string[]>();
    for (const r of rows) bySite.set(r.siteId, [...(bySite.get(r.siteId) ?? []), r.articleId]);
    for (const [siteId, ids] of bySite) if (await this.note(siteId, ids)) await this.lateNoted(siteId);
  }
}

export class GenerationPlanner {
  constructor(private readonly options: PlannerOptions) {}

  /** Runs one plan request; answers how many jobs were queued. */
  async run(request: PlanRequest): Promise<number> {
    switch (request.scope) {
      case 'changes':
        return this.planChanges();
      case 'site': {
        const [site] = await this.options.sources.aiSites({ after: '', limit: 1, siteIds: [request.siteId] });
        if (!site) return 0;
        await this.dropReplacedProfile(site.siteId);
        return this.planNewest(site);
      }
      case 'sweep': {
        await this.options.notes.noteForgotten();
        const released = await this.options.ledger.releaseStale(this.options.staleReservationMs);
        if (released > 0) this.options.logger.warn({ released }, 'released reservations that no attempt finished');
        let queued = await this.planChanges();
        await this.eachSite(async (site) => {
          await this.dropReplacedProfile(site.siteId);
          queued += await this.planNewest(site);
        });
        return queued;
      }
    }
  }

  /**
   * The Site's variants made for a profile it replaced no longer show (GetVariants answers current
   * variants only): the feed's changes feed is told of their articles, so that a mirror applying it
   * drops the old text, and then they are deleted, so that each is told of once. A variant that a
   * job of the old profile stores later is found by the next run.
   */
  private async dropReplacedProfile(siteId: string): Promise<void> {
    const { variants, sources } = this.options;
    const profileVersion = (await sources.profile(siteId))?.version ?? '';
    const articleIds = await variants.ofOtherProfile(siteId, profileVersion, 1000);
    if (articleIds.length === 0) return;
    await sources.noteSiteChanges(siteId, articleIds);
    await variants.deleteOfOtherProfile(siteId, profileVersion, articleIds);
    await this.options.variantsDropped?.(siteId);
    this.options.logger.info({ siteId, dropped: articleIds.length }, 'variants of a replaced profile dropped');
  }

  private async planNewest(site: AiSite): Promise<number> {
    return this.queueFor(site, await this.options.sources.newestArticles(site.siteId, this.options.backfill));
  }

  private async planChanges(): Promise<number> {
    const { sources, jobs } = this.options;
    const kept = await jobs.planPosition(POSITION);
    let position: ArticleChangePosition | null = kept ? { updatedAt: new Date(kept.getTime() - CHANGES_OVERLAP_MS).toISOString(), articleId: '' } : null;
    let queued = 0;
    // The eligible Sites and their subscriptions, read once a run (not once a page of changes).
    let subscribers: Array<{ site: AiSite; subscribed: Set<string> }> | undefined;
    for (let read = 0; read < CHANGES_PER_RUN; read += CHANGES_PAGE) {
      const { articles, last } = await sources.articleChanges(position, CHANGES_PAGE);
      if (articles.length > 0) {
        if (!subscribers) {
          const found: Array<{ site: AiSite; subscribed: Set<string> }> = [];
          await this.eachSite(async (site) => {
            found.push({ site, subscribed: new Set(await sources.subscriptions(site.siteId)) });
          });
          subscribers = found;
        }
        for (const { site, subscribed } of subscribers)
          queued += await this.queueFor(
            site,
            articles.filter((a) => a.categories.some((c) => subscribed.has(c))),
          );
      }
      if (!last) break;
      position = last;
      // The kept position only moves forward (a run over the overlap alone must not move it back).
      if (!kept || new Date(last.updatedAt) > kept) await jobs.keepPlanPosition(POSITION, { updatedAt: new Date(last.updatedAt), articleId: last.articleId });
      if (articles.length < CHANGES_PAGE) break;
    }
    return queued;
  }

  private async eachSite(visit: (site: AiSite) => Promise<void>): Promise<void> {
    let after = '';
    for (;;) {
      const sites = await this.options.sources.aiSites({ after, limit: SITES_PAGE });
      for (const site of sites) await visit(site);
      if (sites.length < SITES_PAGE) return;
      after = sites[sites.length - 1]!.siteId;
    }
  }

  /** Queues the articles whose variant is missing or stale, newest first, as many as the budget left can pay for (decisions/). */
  private async queueFor(site: AiSite, articles: PlannedArticle[]): Promise<number> {
    if (articles.length === 0) return 0;
    const { variants, ledger, sources } = this.options;
    const usage = await ledger.usage(site.siteId, site.budget, site.period);
    const affordable = affordableArticles(usage.remaining, ledger.articleCost);
    if (affordable === 0) return 0;
    const profile = await sources.profile(site.siteId);
    const stored = await variants.versionsOf(
      site.siteId,
      articles.map((a) => a.id),
    );
    const { jobs, priorities } = jobsToQueue({ site, articles, stored, profile, affordable });
    if (jobs.length === 0) return 0;
    const queued = await this.options.queue(jobs, priorities);
    if (queued > 0) this.options.logger.info({ siteId: site.siteId, queued }, 'generation queued');
    return queued;
  }
}
