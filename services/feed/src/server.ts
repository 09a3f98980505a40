/** The feed gRPC servers (customer-facing and admin): protocol mapping only. */
import { CHANNELS, type Bus } from '@cfs/common/bus';
import { malformed } from '@cfs/common/errors';
import { GrpcServer, implement } from '@cfs/common/grpc';
import type { Logger } from '@cfs/common/logger';
import { prismaReadiness } from '@cfs/common/service';
import { loadProtos } from '@cfs/protos';
import type { Article as ArticleMessage } from '@cfs/protos/generated/cfs/feed/v1/Article.js';
import type { FeedAdminServiceHandlers } from '@cfs/protos/generated/cfs/feed/v1/FeedAdminService.js';
import type { FeedServiceHandlers } from '@cfs/protos/generated/cfs/feed/v1/FeedService.js';
import { demoArticles, upsertArticles, validateArticles, type ArticleLine } from './articles.ts';
import { FeedReader, formatPosition, parsePosition, type FeedArticle } from './feed.ts';
import type { PrismaClient } from './generated/prisma/client.ts';
import { replaceSubscriptions } from './subscriptions.ts';
import { importTaxonomy, listCategories, loadShippedTaxonomyIfEmpty, parseTaxonomy } from './taxonomy.ts';

export const MAX_PAGE_SIZE = 100;
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
  };
}

export interface FeedServerDeps {
  prisma: PrismaClient;
  /** The database schema of the feed tables (raw SQL names it explicitly). */
  schema: string;
  logger: Logger;
  bus: Bus;
  cache: { ttlMs: number; maxEntries: number };
  /** A JSON-lines file of demo articles to load into an empty database (local runs). */
  demoArticlesFile?: string;
}

/** Imports article lines: validates each, upserts the valid ones, announces the change. */
export async function importArticleLines(deps: Pick<FeedServerDeps, 'prisma' | 'bus' | 'schema'>, reader: FeedReader, lines: ArticleLine[]) {
  const categoryKeys = new Set((await deps.prisma.category.findMany({ select: { key: true } })).map((c) => c.key));
  const { valid, rejected } = validateArticles(lines, categoryKeys);
  await upsertArticles(deps.prisma, deps.schema, valid);
  if (valid.length > 0) {
    reader.articlesChanged();
    await deps.bus.publish(CHANNELS.articlesChanged, String(valid.length)).catch(() => undefined);
  }
  return { imported: valid.length, rejected };
}

export async function createFeedServer(deps: FeedServerDeps): Promise<GrpcServer> {
  const { prisma, bus, logger } = deps;
  const reader = new FeedReader(prisma, deps.cache, deps.schema);
  bus.subscribe(CHANNELS.articlesChanged, () => reader.articlesChanged());
  bus.subscribe(CHANNELS.subscriptionsChanged, (siteId) => reader.subscriptionsChanged(siteId));

  if (await loadShippedTaxonomyIfEmpty(prisma)) logger.info('loaded the shipped taxonomy into an empty database');
  if (deps.demoArticlesFile && (await prisma.article.count()) === 0) {
    const { imported } = await importArticleLines(deps, reader, demoArticles(deps.demoArticlesFile));
    logger.info({ imported }, 'loaded the demo articles');
  }

  const { cfs } = loadProtos();
  const customerFacing = implement<FeedServiceHandlers>(logger, {
    ListCategories: async () => ({ categories: await listCategories(prisma) }),
    GetSubscriptions: async (req) => ({ categories: await reader.subscriptionsOf(req.siteId) }),
    ReplaceSubscriptions: async (req) => {
      const categories = await replaceSubscriptions(prisma, req.siteId, req.categories);
      reader.subscriptionsChanged(req.siteId);
      await bus.publish(CHANNELS.subscriptionsChanged, req.siteId).catch(() => undefined);
      return { categories };
    },
    GetFeedPage: async (req) => {
      if (!Number.isInteger(req.limit) || req.limit < 1 || req.limit > MAX_PAGE_SIZE) throw malformed(`limit must be 1 to ${MAX_PAGE_SIZE}`);
      const page = await reader.page(req.siteId, req.limit, req.cursor ? parsePosition(req.cursor) : null);
      return { articles: page.articles.map(toArticleMessage), ...(page.next ? { nextCursor: formatPosition(page.next) } : {}) };
    },
  });
  const admin = implement<FeedAdminServiceHandlers>(logger, {
    ImportTaxonomy: async (req) => {
      const result = await importTaxonomy(prisma, parseTaxonomy({ categories: req.categories }));
      await bus.publish(CHANNELS.taxonomyChanged, String(result.created + result.updated)).catch(() => undefined);
      return result;
    },
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
      const { imported, rejected } = await importArticleLines(deps, reader, lines);
      return { imported, rejected: [...unreadable, ...rejected].sort((x, y) => x.line - y.line) };
    },
  });
  const server = new GrpcServer({
    logger,
    readiness: prismaReadiness(prisma),
    services: [
      { name: 'cfs.feed.v1.FeedService', definition: cfs.feed.v1.FeedService.service, implementation: customerFacing },
      { name: 'cfs.feed.v1.FeedAdminService', definition: cfs.feed.v1.FeedAdminService.service, implementation: admin },
    ],
  });
  server.addCleanup(() => bus.close());
  return server;
}
