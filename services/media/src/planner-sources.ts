/** The generation planner's sources over gRPC: eligible Sites (account), feeds (feed), SEO profiles (seo); and the feed's notes of new variants. */
import { DomainError } from '@cfs/common/errors';
import { callUnary, createClient } from '@cfs/common/grpc';
import { loadProtos } from '@cfs/protos';
import type { Article__Output } from '@cfs/protos/generated/cfs/feed/v1/Article.js';
import type { PlannedArticle, PlannerSources } from './ai-planner.ts';

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
}): PlannerSources & { close: () => void } {
  const { cfs } = loadProtos();
  const account = createClient(cfs.account.v1.AccountAdminService, options.addresses.account, options.serviceToken);
  const feed = createClient(cfs.feed.v1.FeedService, options.addresses.feed, options.serviceToken);
  const feedAdmin = createClient(cfs.feed.v1.FeedAdminService, options.addresses.feed, options.serviceToken);
  const seo = createClient(cfs.seo.v1.SeoService, options.addresses.seo, options.serviceToken);
  const call = { deadlineMs: options.deadlineMs };
  return {
    aiSites: async ({ after, limit, siteIds }) => {
      const { sites } = await callUnary(account, 'ListAiSites', { afterSiteId: after, limit, siteIds: siteIds ?? [] }, call);
      return sites.map((s) => ({ siteId: s.siteId, budget: s.aiBudget === undefined ? null : Number(s.aiBudget), period: s.aiBudgetPeriod }));
    },
    subscriptions: async (siteId) => (await callUnary(feed, 'GetSubscriptions', { siteId }, call)).categories,
    newestArticles: async (siteId, limit) => (await callUnary(feed, 'GetFeedPage', { siteId, limit }, call)).articles.map(planned),
    articleChanges: async (after, limit) => {
      const answer = await callUnary(feedAdmin, 'ListArticleChanges', { limit, ...(after ? { after } : {}) }, call);
      return { articles: answer.articles.map(planned), last: answer.last ?? null };
    },
    profile: async (siteId) => {
      try {
        const { profile } = await callUnary(seo, 'GetProfile', { siteId }, call);
        if (!profile) return null;
        const { siteName, locale, keywords, tone, topics } = profile;
        return { siteName, locale, keywords, tone, topics, version: profile.updatedAt ?? '' };
      } catch (err) {
        if (err instanceof DomainError && err.code === 'NOT_FOUND') return null;
        throw err;
      }
    },
    noteSiteChanges: async (siteId, articleIds) => {
      await callUnary(feedAdmin, 'NoteSiteChanges', { siteId, articleIds }, call);
    },
    close: () => {
      for (const client of [account, feed, feedAdmin, seo]) client.close();
    },
  };
}
