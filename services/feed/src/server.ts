/** The feed gRPC services (customer-facing and admin): protocol mapping only. */
import { malformed } from '@cfs/common/errors';
import { FEED_PAGE_MAX_LIMIT } from '@cfs/common/feed-limits';
import { GrpcServer, implement, type RpcName } from '@cfs/common/grpc';
import type { CallerPolicy, ServiceCallers } from '@cfs/common/service-auth';
import type { Logger } from '@cfs/common/logger';
import { prismaReadiness } from '@cfs/common/service';
import { loadProtos } from '@cfs/protos';
import type { Article as ArticleMessage } from '@cfs/protos/generated/cfs/feed/v1/Article.js';
import type { FeedAdminServiceHandlers } from '@cfs/protos/generated/cfs/feed/v1/FeedAdminService.js';
import type { FeedServiceHandlers } from '@cfs/protos/generated/cfs/feed/v1/FeedService.js';
import type { AnnouncedWrites } from './announced-writes.ts';
import type { ChangesFeed, SiteChangesPosition } from './changes.ts';
import type { ChangesPosition__Output as PositionIn, ChangesPosition as PositionOut } from '@cfs/protos/generated/cfs/feed/v1/ChangesPosition.js';
import type { ArticleImporter, ArticleLine } from './articles.ts';
import type { FeedPages } from './feed-pages.ts';
import type { PrismaClient } from './generated/prisma/client.ts';
import type { FeedArticle } from './article-row.ts';
import { articleChangePositionFromMessage, cursorFromMessage, cursorToMessage, readArticles, readChanges } from './page-query.ts';
import { listCategories } from './taxonomy.ts';
import type { FetchReport as ReportMessage } from '@cfs/protos/generated/cfs/feed/v1/FetchReport.js';
import type { Source as SourceMessage } from '@cfs/protos/generated/cfs/feed/v1/Source.js';
import { MAX_REPORTED_REJECTIONS, type FetchReport, type Sources, type SourceView } from './sources/sources.ts';
import type { WebSub } from './sources/websub.ts';

export const MAX_IMPORT_BATCH = 5000;

function toArticleMessage(a: FeedArticle): ArticleMessage {
  return {
    id: a.id,
    title: a.title,
    url: a.url,
    ...(a.summary === null ? {} : { summary: a.summary }),
    publishedAt: a.publishedAt.toISOString(),
    categories: a.categories,
    ...(a.imageKey === null ? {} : { imageKey: a.imageKey }),
    ...(a.imageUrl === null ? {} : { imageUrl: a.imageUrl }),
  };
}

function toSourceMessage(s: SourceView): SourceMessage {
  return {
    id: s.id,
    url: s.url,
    name: s.name,
    categories: s.categories,
    intervalSeconds: s.intervalSeconds,
    status: s.status,
    ...(s.lastFetchAt === null ? {} : { lastFetchAt: s.lastFetchAt }),
    ...(s.lastSuccessAt === null ? {} : { lastSuccessAt: s.lastSuccessAt }),
    ...(s.nextFetchAt === null ? {} : { nextFetchAt: s.nextFetchAt }),
    ...(s.lastError === null ? {} : { lastError: s.lastError }),
    articles: s.articles,
  };
}

function toReportMessage(r: FetchReport): ReportMessage {
  return {
    outcome: r.outcome,
    status: r.status,
    created: r.created,
    updated: r.updated,
    unchanged: r.unchanged,
    rejected: r.rejected.slice(0, MAX_REPORTED_REJECTIONS),
  };
}

const SEQ = /^\d{1,19}$/;

/**
 * The message into the changes feed's types (bigint numbers). The client's token was verified once,
 * by its codec in the gateway (services/common/src/tokens/changes-token.ts); this only refuses a message no
 * gateway would send, so that it is INVALID_ARGUMENT rather than a failed BigInt.
 */
function positionFromMessage(m: PositionIn): SiteChangesPosition {
  if (!SEQ.test(m.seq) || (m.walk && !SEQ.test(m.walk.from))) throw malformed('since: not a position');
  if (!Number.isInteger(m.version) || m.version < 0) throw malformed('since: not a position');
  const walk = m.walk;
  if (walk && walk.stage !== 'articles' && walk.stage !== 'removed') throw malformed('since: not a position');
  return {
    siteId: m.siteId,
    seq: BigInt(m.seq),
    version: m.version,
    ...(walk ? { walk: { to: walk.to, from: BigInt(walk.from), stage: walk.stage as 'articles' | 'removed', after: walk.after } } : {}),
  };
}

function positionToMessage(p: SiteChangesPosition): PositionOut {
  return {
    siteId: p.siteId,
    seq: p.seq.toString(),
    version: p.version,
    ...(p.walk ? { walk: { to: p.walk.to, from: p.walk.from.toString(), stage: p.walk.stage, after: p.walk.after } } : {}),
  };
}

/** Who may call each RPC (service-auth.ts): the gateway reads and subscribes, operators import. */
export const FEED_CALLERS: CallerPolicy<RpcName<FeedServiceHandlers>> = {
  ListCategories: ['gateway', 'dashboard'],
  GetSubscriptions: ['gateway', 'dashboard', 'media'],
  ReplaceSubscriptions: ['gateway', 'dashboard'],
  GetFeedPage: ['gateway', 'dashboard', 'media'],
  GetChanges: ['gateway'],
  VerifyWebSub: ['gateway'],
  ReceiveWebSub: ['gateway'],
};
export const FEED_ADMIN_CALLERS: CallerPolicy<RpcName<FeedAdminServiceHandlers>> = {
  ImportTaxonomy: ['admin'],
  ImportArticles: ['admin'],
  ListArticleChanges: ['media'],
  RemoveArticles: ['admin'],
  NoteSiteChanges: ['media'],
  GetArticles: ['media'],
  AddSource: ['admin'],
  ListSources: ['admin'],
  GetSource: ['admin'],
  FetchSource: ['admin'],
  PauseSource: ['admin'],
  ResumeSource: ['admin'],
  RemoveSource: ['admin'],
};

const MAX_CHANGES = 1000;

export interface FeedServerDeps {
  changes: ChangesFeed;
  prisma: PrismaClient;
  /** The schema of the feed tables (raw SQL names it). */
  schema: string;
  logger: Logger;
  callers: ServiceCallers;
  pages: FeedPages;
  writes: AnnouncedWrites;
  importer: ArticleImporter;
  sources: Sources;
  websub: WebSub;
}

export function createFeedServer({ prisma, schema, logger, callers, pages, writes, importer, changes, sources, websub }: FeedServerDeps): GrpcServer {
  const { cfs } = loadProtos();
  const customerFacing = implement<FeedServiceHandlers>(logger, {
    ListCategories: async () => ({ categories: await listCategories(prisma) }),
    GetSubscriptions: async (req) => ({ categories: await pages.subscriptionsOf(req.siteId) }),
    ReplaceSubscriptions: async (req) => ({ categories: await writes.replaceSubscriptions(req.siteId, req.categories) }),
    GetFeedPage: async (req) => {
      if (req.cursor !== undefined) throw malformed('cursor (a string) is no longer accepted: send after (a FeedCursor)');
      if (!Number.isInteger(req.limit) || req.limit < 1 || req.limit > FEED_PAGE_MAX_LIMIT) throw malformed(`limit must be 1 to ${FEED_PAGE_MAX_LIMIT}`);
      if (Boolean(req.siteId) === Boolean(req.categories)) throw malformed('give exactly one of site_id and categories');
      const after = req.after ? cursorFromMessage(req.after) : null;
      const page = req.categories ? await pages.pageOf(req.categories.keys, req.limit, after) : await pages.page(req.siteId, req.limit, after);
      return { articles: page.articles.map(toArticleMessage), ...(page.next ? { next: cursorToMessage(page.next) } : {}) };
    },
    GetChanges: async (req) => {
      const answer = await changes.changes(req.siteId, req.since ? positionFromMessage(req.since) : null, req.limit);
      return {
        changes: answer.changes.map((c) =>
          c.type === 'upsert' ? { article: toArticleMessage(c.article), reason: '' } : { deletedId: c.id, reason: c.reason },
        ),
        next: positionToMessage(answer.next),
        hasMore: answer.hasMore,
      };
    },
    VerifyWebSub: async (req) => ({
      challenge: await websub.verify({ sourceId: req.sourceId, mode: req.mode, topic: req.topic, challenge: req.challenge, leaseSeconds: req.leaseSeconds }),
    }),
    ReceiveWebSub: async (req) => websub.receive({ sourceId: req.sourceId, body: req.body, contentType: req.contentType, signature: req.signature }),
  });
  const admin = implement<FeedAdminServiceHandlers>(logger, {
    ImportTaxonomy: async (req) => writes.importTaxonomy({ categories: req.categories }),
    ImportArticles: async (req) => {
      if (req.articles.length > MAX_IMPORT_BATCH) throw malformed(`at most ${MAX_IMPORT_BATCH} articles a call`);
      const lines: ArticleLine[] = [];
      const unreadable: Array<{ line: number; reason: string }> = [];
      for (const a of req.articles) {
        try {
          lines.push({ line: a.line, value: JSON.parse(a.json) });
        } catch {
          unreadable.push({ line: a.line, reason: 'not valid JSON' });
        }
      }
      const { imported, rejected } = await importer.importLines(lines);
      return { imported, rejected: [...unreadable, ...rejected].sort((x, y) => x.line - y.line) };
    },
    RemoveArticles: async (req) => ({ removed: await importer.remove(req.ids) }),
    NoteSiteChanges: async (req) => {
      await changes.noteSiteChanges(req.siteId, req.articleIds);
      return {};
    },
    GetArticles: async (req) => {
      if (req.ids.length > MAX_CHANGES) throw malformed(`at most ${MAX_CHANGES} ids`);
      if (req.ids.length === 0) return { articles: [], removedIds: [] };
      const { articles, removed } = await readArticles(prisma, schema, [...new Set(req.ids)]);
      return { articles: articles.map(toArticleMessage), removedIds: removed };
    },
    AddSource: async (req) => {
      const { source, report } = await sources.add({
        url: req.url,
        categories: req.categories,
        ...(req.name ? { name: req.name } : {}),
        ...(req.intervalSeconds ? { intervalSeconds: req.intervalSeconds } : {}),
      });
      return { source: toSourceMessage(source), fetch: toReportMessage(report) };
    },
    ListSources: async (req) => ({ sources: (await sources.list({ failing: req.failing })).map(toSourceMessage) }),
    GetSource: async (req) => ({ source: toSourceMessage(await sources.show(req.id)) }),
    FetchSource: async (req) => ({ fetch: toReportMessage(await sources.fetchNow(req.id)) }),
    PauseSource: async (req) => ({ source: toSourceMessage(await sources.pause(req.id)) }),
    ResumeSource: async (req) => ({ source: toSourceMessage(await sources.resume(req.id)) }),
    RemoveSource: async (req) => ({ articlesRemoved: (await sources.remove(req.id, req.removeArticles)).articlesRemoved }),
    ListArticleChanges: async (req) => {
      if (!Number.isInteger(req.limit) || req.limit < 1 || req.limit > MAX_CHANGES) throw malformed(`limit must be 1 to ${MAX_CHANGES}`);
      const { articles, last } = await readChanges(prisma, schema, req.after ? articleChangePositionFromMessage(req.after) : null, req.limit);
      return {
        articles: articles.map(toArticleMessage),
        ...(last ? { last: { updatedAt: last.updatedAt.toISOString(), articleId: last.articleId } } : {}),
      };
    },
  });
  return new GrpcServer({
    logger,
    callers,
    readiness: prismaReadiness(prisma),
    services: [
      { name: 'cfs.feed.v1.FeedService', definition: cfs.feed.v1.FeedService.service, implementation: customerFacing, allow: FEED_CALLERS },
      { name: 'cfs.feed.v1.FeedAdminService', definition: cfs.feed.v1.FeedAdminService.service, implementation: admin, allow: FEED_ADMIN_CALLERS },
    ],
  });
}
