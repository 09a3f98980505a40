/**
 * The generation planner's sources over gRPC: eligible Sites (account), feeds (feed), SEO profiles
 * (seo); the feed's notes of new variants; and the facts a job and GetVariants read when they run
 * (ai/current.ts).
 */
import { DomainError } from '@cfs/common/errors';
import { callUnary, createClient } from '@cfs/common/grpc';
import { loadProtos } from '@cfs/protos';
import type { Article__Output } from '@cfs/protos/generated/cfs/feed/v1/Article.js';
import type { CurrentFacts } from './current.ts';
import { articleVersion } from './decisions/current-variant.ts';
import { siteBudgetOf } from './decisions/job-spend.ts';
import type { PlannedArticle, PlannerSources } from './planner.ts';

/** GetArticles takes at most this many ids. */
const MAX_ARTICLE_IDS = 1000;

const planned = (a: Article__Output): PlannedArticle => ({
  id: a.id,
  title: a.title,
  summary: a.summary ?? '',
  publishedAt: a.publishedAt,
  categories: a.categories,
});

export function grpcPlannerSources(options: {
  addresses: { account: string; feed: string; seo: string };
  serviceToken: string | undefined;
  deadlineMs: number;
}): PlannerSources & CurrentFacts & { close: () => void } {
  const { cfs } = loadProtos();
  const account = createClient(cfs.account.v1.AccountAdminService, options.addresses.account, options.serviceToken);
  const feed = createClient(cfs.feed.v1.FeedService, options.addresses.feed, options.serviceToken);
  const feedAdmin = createClient(cfs.feed.v1.FeedAdminService, options.addresses.feed, options.serviceToken);
  const seo = createClient(cfs.seo.v1.SeoService, options.addresses.seo, options.serviceToken);
  const call = { deadlineMs: options.deadlineMs };
  // A Site listed without a budget above 0 gets none (fails closed): account lists only Sites whose plan has one.
  const aiSites: PlannerSources['aiSites'] = async ({ after, limit, siteIds }) => {
    const { sites } = await callUnary(account, 'ListAiSites', { afterSiteId: after, limit, siteIds: siteIds ?? [] }, call);
    return sites.flatMap((s) => {
      const budget = siteBudgetOf(s);
      return budget ? [{ siteId: s.siteId, ...budget }] : [];
    });
  };
  const profile: PlannerSources['profile'] = async (siteId) => {
    try {
      const { profile } = await callUnary(seo, 'GetProfile', { siteId }, call);
      if (!profile) return null;
      const { siteName, locale, keywords, tone, topics } = profile;
      return { siteName, locale, keywords, tone, topics, version: profile.updatedAt ?? '' };
    } catch (err) {
      if (err instanceof DomainError && err.code === 'NOT_FOUND') return null;
      throw err;
    }
  };
  return {
    aiSites,
    subscriptions: async (siteId) => (await callUnary(feed, 'GetSubscriptions', { siteId }, call)).categories,
    newestArticles: async (siteId, limit) => (await callUnary(feed, 'GetFeedPage', { siteId, limit }, call)).articles.map(planned),
    articleChanges: async (after, limit) => {
      const answer = await callUnary(feedAdmin, 'ListArticleChanges', { limit, ...(after ? { after } : {}) }, call);
      return { articles: answer.articles.map(planned), last: answer.last ?? null };
    },
    profile,
    noteSiteChanges: async (siteId, articleIds) => {
      await callUnary(feedAdmin, 'NoteSiteChanges', { siteId, articleIds }, call);
    },
    siteBudget: async (siteId) => {
      const [site] = await aiSites({ after: '', limit: 1, siteIds: [siteId] });
      return site ? { budget: site.budget, period: site.period } : null;
    },
    articleVersions: async (articleIds) => {
      const versions = new Map<string, string | null>();
      const ids = [...new Set(articleIds)];
      for (let i = 0; i < ids.length; i += MAX_ARTICLE_IDS) {
        const { articles, removedIds } = await callUnary(feedAdmin, 'GetArticles', { ids: ids.slice(i, i + MAX_ARTICLE_IDS) }, call);
        for (const id of removedIds) versions.set(id, null);
        for (const a of articles) versions.set(a.id, articleVersion({ title: a.title, summary: a.summary ?? null }));
      }
      return versions;
    },
    profileVersion: async (siteId) => (await profile(siteId))?.version ?? '',
    close: () => {
      for (const client of [account, feed, feedAdmin, seo]) client.close();
    },
  };
}
