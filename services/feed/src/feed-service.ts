/**
 * The feed service's composition root and package entry (`@cfs/feed`): `createFeedService(env, deps)`
 * builds everything the service needs from its env. index.ts, the launcher and the tests all use it.
 */
import { createBus, type Bus } from '@cfs/common/bus';
import { ChangesFeed, pruneChanges } from './changes.ts';
import type { GrpcServer } from '@cfs/common/grpc';
import { serviceAdapter, type ServiceDeps } from '@cfs/common/service';
import { AnnouncedWrites } from './announced-writes.ts';
import { ArticleImporter, DEMO_ARTICLES_FILE, readJsonLines } from './articles.ts';
import type { FeedEnv } from './env.ts';
import { FeedPages } from './feed-pages.ts';
import { PrismaClient } from './generated/prisma/client.ts';
import { createFeedServer } from './server.ts';
import { loadShippedTaxonomyIfEmpty } from './taxonomy.ts';
import { createGuardedDispatcher } from '@cfs/common/address-guard';
import feedPackage from '../package.json' with { type: 'json' };
import { feedUserAgent } from './sources/fetch-feed.ts';
import { observeSources } from './sources/metrics.ts';
import { SourceSchedule } from './sources/schedule.ts';
import { Sources } from './sources/sources.ts';
import { WebSub } from './sources/websub.ts';
import { ChangesTokenCodec } from '@cfs/common/tokens';
import { addressesOf, DEPLOYABLES } from '@cfs/common/deployables';
import { FeedChangedEvents } from './webhook-events.ts';
import { startWebhooksRelay } from '@cfs/common/webhooks-relay';

export { feedEnvSchema, type FeedEnv } from './env.ts';
export { DEMO_ARTICLES_FILE, readJsonLines };
export { ChangesFeed } from './changes.ts';
export { FeedPages } from './feed-pages.ts';
export { pageQuery, readPage } from './page-query.ts';
/** A fetched document to articles, as a fetch reads it: for test/bench's parse throughput. */
export { readFeedDocument } from './sources/feed-document.ts';
export { PrismaClient as FeedPrismaClient } from './generated/prisma/client.ts';

/** The feed's migrations (applied at start, or by the migration Job). */
export const FEED_MIGRATIONS_DIR = new URL('../prisma/migrations', import.meta.url).pathname;

export interface FeedServiceDeps extends ServiceDeps {
  /** Announcements between replicas (default: Redis from REDIS_URL, else in-process); closed with the server. */
  bus?: Bus;
  /** A JSON-lines file to load into an empty database when FEED_LOAD_DEMO_ARTICLES is set (default: the shipped demo set). */
  demoArticlesFile?: string;
}

export async function createFeedService(env: FeedEnv, deps: FeedServiceDeps): Promise<GrpcServer> {
  const { logger } = deps;
  const prisma = new PrismaClient({ adapter: await serviceAdapter(deps) });
  const bus = deps.bus ?? createBus({ redisUrl: env.REDIS_URL, prefix: env.REDIS_KEY_PREFIX, logger });
  const pages = new FeedPages(prisma, deps.database.schema);
  // feed.changed events: the changes' outbox rows, relayed to the webhooks service by every role
  // (claims make replicas safe), woken by each committed write of this process.
  const webhookEvents = startWebhooksRelay({
    producer: 'feed',
    db: prisma,
    schema: deps.database.schema,
    address: addressesOf(env, DEPLOYABLES.feed.calls).webhooks,
    serviceToken: env.SERVICE_TOKEN,
    deadlineMs: env.GRPC_DEADLINE_MS,
    logger,
    events: (intake) => new FeedChangedEvents(prisma, deps.database.schema, new ChangesTokenCodec(env.CURSOR_SECRET), intake),
    coalesceMs: env.WEBHOOK_COALESCE_MS,
    pollMs: 5_000,
  });
  const { relay } = webhookEvents;
  const committed = () => relay.wake();
  const importer = new ArticleImporter(prisma, deps.database.schema, bus, committed);

  if (await loadShippedTaxonomyIfEmpty(prisma)) logger.info('loaded the shipped taxonomy into an empty database');
  if (env.FEED_LOAD_DEMO_ARTICLES) {
    const imported = await importer.loadDemoIfEmpty(deps.demoArticlesFile ?? DEMO_ARTICLES_FILE);
    if (imported > 0) logger.info({ imported }, 'loaded the demo articles');
  }
  const writes = new AnnouncedWrites(prisma, bus, deps.database.schema, committed);
  const changes = new ChangesFeed(prisma, deps.database.schema, committed);
  // Tombstones and old subscription versions past the tokens' lifetime go, at start and then daily.
  const prune = () =>
    pruneChanges(prisma, deps.database.schema).catch((err: unknown) =>
      logger.warn({ err: { message: (err as Error).message } }, 'could not prune the changes feed'),
    );
  void prune();
  const pruning = setInterval(() => void prune(), 24 * 3_600_000).unref();
  const dispatcher = createGuardedDispatcher({ allowPrivateNetworks: env.SOURCES_ALLOW_PRIVATE_NETWORKS });
  const userAgent = feedUserAgent(feedPackage.version, env.PUBLIC_BASE_URL);
  const websub = new WebSub({
    prisma,
    importer,
    dispatcher,
    userAgent,
    publicBaseUrl: env.PUBLIC_BASE_URL,
    leaseSeconds: env.WEBSUB_LEASE_SECONDS,
    timeoutMs: env.SOURCES_FETCH_TIMEOUT_MS,
    maxBytes: env.SOURCES_MAX_BYTES,
    logger,
  });
  const sources = new Sources({
    prisma,
    importer,
    dispatcher,
    websub,
    userAgent,
    maxBytes: env.SOURCES_MAX_BYTES,
    timeoutMs: env.SOURCES_FETCH_TIMEOUT_MS,
    minIntervalSeconds: env.SOURCES_MIN_INTERVAL_SECONDS,
    defaultIntervalSeconds: env.SOURCES_DEFAULT_INTERVAL_SECONDS,
    maxConcurrentFetches: env.SOURCES_MAX_CONCURRENT_FETCHES,
    maxFetchesPerHost: env.SOURCES_MAX_FETCHES_PER_HOST,
  });
  // The ingest role: the Sources' scheduled fetches (src/sources/schedule.ts).
  const schedule =
    env.FEED_ROLE === 'api'
      ? undefined
      : await SourceSchedule.start({
          connectionString: deps.database.connectionString,
          schema: `${deps.database.schema}_jobs`,
          sources,
          websub,
          logger,
          concurrency: env.SOURCES_MAX_CONCURRENT_FETCHES,
          sweepSeconds: env.SOURCES_SWEEP_SECONDS,
          fetchTimeoutMs: env.SOURCES_FETCH_TIMEOUT_MS,
        });
  // Sources by status and the oldest overdue fetch: reported by the processes that run the schedule.
  const unobserveSources = schedule ? observeSources(prisma, logger) : undefined;
  return createFeedServer({ prisma, schema: deps.database.schema, logger, callers: deps.callers, pages, writes, importer, changes, sources, websub })
    .addCleanup(() => unobserveSources?.())
    .addCleanup(() => webhookEvents.stop())
    .addCleanup(() => schedule?.stop())
    .addCleanup(() => dispatcher.close())
    .addCleanup(() => clearInterval(pruning))
    .addCleanup(() => bus.close())
    .addCleanup(() => prisma.$disconnect());
}
