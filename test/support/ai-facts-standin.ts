/**
 * What a media process tested alone asks the other services when a generation job runs
 * (services/media/README.md#ai-generation-jobs): account, feed and seo on one gRPC server of the test.
 * Each Site's plan has the budget the test set for it (1000 units a month unless set), the feed
 * knows none of the articles (so the version a job names is not checked), and every Site's SEO
 * profile is at `profileVersion`. Only the media service's token is admitted.
 */
import { GrpcServer, implement, type AsyncHandlers } from '@cfs/common/grpc';
import { createLogger } from '@cfs/common/logger';
import { ServiceCallers, type CallerPolicy, type ServiceCaller } from '@cfs/common/service-auth';
import { loadProtos } from '@cfs/protos';
import type { AccountAdminServiceHandlers } from '@cfs/protos/generated/cfs/account/v1/AccountAdminService.js';
import type { FeedAdminServiceHandlers } from '@cfs/protos/generated/cfs/feed/v1/FeedAdminService.js';
import type { SeoServiceHandlers } from '@cfs/protos/generated/cfs/seo/v1/SeoService.js';

export interface AiFactsStandIn {
  /** host:port, for ACCOUNT_ADDR, FEED_ADDR and SEO_ADDR. */
  address: string;
  /** Units a month of each Site's plan (0: no AI budget). */
  budgets: Map<string, number>;
  close(): Promise<void>;
}

export async function startAiFactsStandIn(options: { tokens: Record<ServiceCaller, string>; profileVersion: string }): Promise<AiFactsStandIn> {
  const { cfs } = loadProtos();
  const logger = createLogger('test', { level: 'silent' });
  const budgets = new Map<string, number>();
  // Only the RPCs media calls are implemented; the others answer UNIMPLEMENTED.
  const account = {
    ListAiSites: async (req) => ({ sites: req.siteIds.map((siteId) => ({ siteId, aiBudget: budgets.get(siteId) ?? 1000, aiBudgetPeriod: 'month' })) }),
  } as Partial<AsyncHandlers<AccountAdminServiceHandlers>>;
  const feed = { GetArticles: async () => ({ articles: [], removedIds: [] }) } as Partial<AsyncHandlers<FeedAdminServiceHandlers>>;
  const seo = {
    GetProfile: async () => ({ profile: { siteName: 'Acme', locale: 'en-GB', keywords: [], tone: 'friendly', topics: [], updatedAt: options.profileVersion } }),
  } as Partial<AsyncHandlers<SeoServiceHandlers>>;
  // Every RPC needs its callers declared: media may call the one it needs, nobody the others.
  const mediaMay = (definition: object, rpc: string): CallerPolicy => Object.fromEntries(Object.keys(definition).map((m) => [m, m === rpc ? ['media'] : []]));
  const server = new GrpcServer({
    logger,
    callers: ServiceCallers.ofTokens({ media: options.tokens.media }),
    services: [
      {
        name: 'cfs.account.v1.AccountAdminService',
        definition: cfs.account.v1.AccountAdminService.service,
        implementation: implement(logger, account as AsyncHandlers<AccountAdminServiceHandlers>),
        allow: mediaMay(cfs.account.v1.AccountAdminService.service, 'ListAiSites'),
      },
      {
        name: 'cfs.feed.v1.FeedAdminService',
        definition: cfs.feed.v1.FeedAdminService.service,
        implementation: implement(logger, feed as AsyncHandlers<FeedAdminServiceHandlers>),
        allow: mediaMay(cfs.feed.v1.FeedAdminService.service, 'GetArticles'),
      },
      {
        name: 'cfs.seo.v1.SeoService',
        definition: cfs.seo.v1.SeoService.service,
        implementation: implement(logger, seo as AsyncHandlers<SeoServiceHandlers>),
        allow: mediaMay(cfs.seo.v1.SeoService.service, 'GetProfile'),
      },
    ],
  });
  const port = await server.listen('127.0.0.1:0');
  return { address: `127.0.0.1:${port}`, budgets, close: () => server.shutdown(1000) };
}
