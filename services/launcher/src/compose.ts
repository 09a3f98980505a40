/**
 * The whole system in one process, from each deployable's own composition root: every service's
 * real gRPC server (built by `create<Name>Service` from its own env schema, so its defaults are the
 * deployable's), the media HTTP server and the gateway, wired together over loopback gRPC exactly
 * as in a deployment. Used by the embedded `npm start` (PGlite, memory state, files) and by the
 * system tests (PostgreSQL, Redis, an S3-protocol server).
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ACCOUNT_MIGRATIONS_DIR, createAccountService, accountEnvSchema, type PlanCatalog } from '@cfs/account';
import { BILLING_MIGRATIONS_DIR, billingEnvSchema, createBillingService } from '@cfs/billing';
import type { Bus } from '@cfs/common/bus';
import { addressEnv, DEPLOYABLES, SERVICES, type ServiceName } from '@cfs/common/deployables';
import type { QuotaUsage } from '@cfs/common/entitlements';
import type { GrpcServer } from '@cfs/common/grpc';
import type { Logger } from '@cfs/common/logger';
import type { RevocationMarkers } from '@cfs/common/revocations';
import { ServiceCallers, type ServiceCaller } from '@cfs/common/service-auth';
import { createDashboard, dashboardEnvSchema, type Dashboard } from '@cfs/dashboard';
import { createFeedService, FEED_MIGRATIONS_DIR, feedEnvSchema } from '@cfs/feed';
import {
  closeServiceClients,
  createGateway,
  createHttpServer,
  createServiceClients,
  gatewayEnvSchema,
  servicesHealth,
  type AnyRoute,
  type GatewayEnv,
  type GatewayStores,
} from '@cfs/gateway';
import { createIdentityService, IDENTITY_MIGRATIONS_DIR, identityEnvSchema } from '@cfs/identity';
import { createMediaService, MEDIA_MIGRATIONS_DIR, mediaEnvSchema, type ObjectStore } from '@cfs/media';
import { createSeoService, SEO_MIGRATIONS_DIR, seoEnvSchema } from '@cfs/seo';
import { createWebhooksService, WEBHOOKS_MIGRATIONS_DIR, webhooksEnvSchema } from '@cfs/webhooks';

export { SERVICES, type ServiceName } from '@cfs/common/deployables';

/** Each service's migrations, as its package exports them. */
export const MIGRATIONS_DIRS: Record<ServiceName, string> = {
  identity: IDENTITY_MIGRATIONS_DIR,
  account: ACCOUNT_MIGRATIONS_DIR,
  feed: FEED_MIGRATIONS_DIR,
  billing: BILLING_MIGRATIONS_DIR,
  seo: SEO_MIGRATIONS_DIR,
  media: MEDIA_MIGRATIONS_DIR,
  webhooks: WEBHOOKS_MIGRATIONS_DIR,
};

export interface ComposeOptions {
  databaseUrl: string;
  /** Connections per service's Prisma pool. */
  poolSize: number;
  logger: Logger;
  /** A bus for each component that announces or listens (Redis pub/sub, or the in-process one). */
  bus: () => Bus;
  /** Where identity marks revocations for the gateways (Redis, or the process's memory). */
  revocationMarkers: () => RevocationMarkers;
  /** The stores of a gateway replica (Redis, or the process's memory). */
  stores: () => GatewayStores;
  objectStore: ObjectStore;
  catalog: PlanCatalog;
  pepper: string;
  /** Key of the HMAC of cursors and changes tokens (CURSOR_SECRET): the gateway reads them, feed writes its events' positions with it. */
  cursorSecret: string;
  /** Each caller's service token; every service admits exactly these callers (service-auth.ts). */
  serviceTokens: Record<ServiceCaller, string>;
  host: string;
  /** Listening ports; 0 or none picks a free one. */
  ports: Partial<Record<ServiceName | 'mediaHttp' | 'gateway' | 'dashboard', number>>;
  /** Settings of the gateway, as its env would give them. */
  gatewayEnv?: Record<string, string>;
  /** Settings of the dashboard, as its env would give them (sessions in this process unless REDIS_URL). */
  dashboardEnv?: Record<string, string>;
  /** Settings of the billing service, as its env would give them (its payment provider: none unless set). */
  billingEnv?: Record<string, string>;
  /** Settings of the media service, as its env would give them (its AI provider: none unless set). */
  mediaEnv?: Record<string, string>;
  /** Media's built generation child, for a launcher that runs from its bundle (services/media/src/ai/generation-process.ts). */
  mediaGenerationEntry?: string;
  /**
   * Media's generation in this process with its provider calls in niced render threads (the built
   * thread entry; services/media/src/ai/provider-thread.ts) rather than in a child process.
   */
  mediaRenderThreads?: { entry?: string };
  /** Settings of the feed service, as its env would give them (its Sources' settings). */
  feedEnv?: Record<string, string>;
  /** Settings of the webhooks service, as its env would give them. */
  webhooksEnv?: Record<string, string>;
  /** Load the shipped demo articles into an empty feed database. */
  loadDemoArticles?: boolean;
  extraRoutes?: AnyRoute[];
  now?: () => number;
}

export interface ComposedSystem {
  baseUrl: string;
  /** The dashboard's own address (the gateway serves it at <baseUrl>/dashboard/ too). */
  dashboardUrl: string;
  addresses: Record<ServiceName, string>;
  gatewayConfig: GatewayEnv;
  /** One more gateway replica on the same services (stores of its own unless given). */
  startGateway: (options?: { stores?: GatewayStores; port?: number }) => Promise<string>;
  /** One more dashboard replica with the same settings (sessions shared only through Redis); its address. */
  startDashboard: () => Promise<string>;
  stopService: (name: ServiceName) => Promise<void>;
  stop: () => Promise<void>;
}

async function listenHttp(server: Server, port: number, host: string): Promise<number> {
  server.listen(port, host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  return (server.address() as AddressInfo).port;
}

function closeHttp(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

export async function composeSystem(options: ComposeOptions): Promise<ComposedSystem> {
  const { logger, host, ports } = options;
  const callers = ServiceCallers.ofTokens(options.serviceTokens);
  const deps = (schema: ServiceName) => ({ logger, database: { connectionString: options.databaseUrl, schema }, poolSize: options.poolSize, callers });

  const servers: Partial<Record<ServiceName, GrpcServer>> = {};
  const addresses = {} as Record<ServiceName, string>;
  const gateways: Array<{ http: Server; stores: GatewayStores; close: () => void }> = [];
  let clients: ReturnType<typeof createServiceClients> | undefined;
  const dashboards: Dashboard[] = [];
  const stopped = new Set<ServiceName>();
  // In order: stop accepting (gateways), then the services (each closes what it opened).
  const stop = async () => {
    for (const { http, stores, close } of gateways.splice(0)) {
      await closeHttp(http);
      await stores.close();
      close();
    }
    if (clients) closeServiceClients(clients);
    for (const dashboard of dashboards.splice(0)) await dashboard.close();
    for (const name of SERVICES) if (!stopped.has(name)) await servers[name]?.shutdown(2000);
  };
  const listen = async (name: ServiceName, server: GrpcServer) => {
    servers[name] = server;
    addresses[name] = `${host}:${await server.listen(`${host}:${ports[name] ?? 0}`)}`;
  };

  try {
    // Each service from its own env schema (its defaults), with what this composition decides.
    await listen(
      'identity',
      await createIdentityService(identityEnvSchema.parse({ CREDENTIAL_PEPPER: options.pepper }), {
        ...deps('identity'),
        revocationMarkers: options.revocationMarkers(),
        bus: options.bus(),
      }),
    );
    await listen('account', await createAccountService(accountEnvSchema.parse({}), { ...deps('account'), catalog: options.catalog, bus: options.bus() }));
    // Before feed, whose outbox relay hands it feed.changed events.
    await listen('webhooks', await createWebhooksService(webhooksEnvSchema.parse({ ...options.webhooksEnv }), deps('webhooks')));
    await listen(
      'feed',
      await createFeedService(
        feedEnvSchema.parse({
          ...addressEnv(addresses, DEPLOYABLES.feed.calls),
          SERVICE_TOKEN: options.serviceTokens.feed,
          CURSOR_SECRET: options.cursorSecret,
          ...options.feedEnv,
          FEED_LOAD_DEMO_ARTICLES: options.loadDemoArticles ? 'true' : 'false',
        }),
        {
          ...deps('feed'),
          bus: options.bus(),
        },
      ),
    );
    // Before its producers (billing, media): they are given its address.
    await listen('webhooks', await createWebhooksService(webhooksEnvSchema.parse({ ...options.webhooksEnv }), deps('webhooks')));
    await listen(
      'billing',
      await createBillingService(
        billingEnvSchema.parse({ ...addressEnv(addresses, DEPLOYABLES.billing.calls), SERVICE_TOKEN: options.serviceTokens.billing, ...options.billingEnv }),
        {
          ...deps('billing'),
          ...(options.now ? { now: () => new Date(options.now!()) } : {}),
        },
      ),
    );
    await listen('seo', await createSeoService(seoEnvSchema.parse({}), { ...deps('seo'), bus: options.bus() }));
    const media = await createMediaService(
      mediaEnvSchema.parse({
        ...addressEnv(addresses, DEPLOYABLES.media.calls),
        SERVICE_TOKEN: options.serviceTokens.media,
        ...options.mediaEnv,
        MEDIA_HTTP_HOST: host,
        MEDIA_HTTP_PORT: String(ports.mediaHttp ?? 0),
      }),
      {
        ...deps('media'),
        objectStore: options.objectStore,
        bus: options.bus(),
        ...(options.mediaGenerationEntry ? { generationEntry: options.mediaGenerationEntry } : {}),
        ...(options.mediaRenderThreads ? { generationThreads: options.mediaRenderThreads } : {}),
      },
    );
    await listen('media', media);

    const dashboardEnv = dashboardEnvSchema.parse({
      ...addressEnv(addresses, DEPLOYABLES.dashboard.calls),
      SERVICE_TOKEN: options.serviceTokens.dashboard,
      ...options.dashboardEnv,
    });
    // Without Redis the quota counters are in the first gateway's memory, in this same process.
    const quotaUsage: QuotaUsage | undefined = dashboardEnv.REDIS_URL
      ? undefined
      : { usage: async (keys) => (gateways[0] ? gateways[0].stores.quotas.usage(keys) : keys.map(() => 0)) };
    const startDashboard = async (port = 0) => {
      const dashboard = createDashboard(dashboardEnv, { logger, ...(options.now ? { now: options.now } : {}), ...(quotaUsage ? { quotaUsage } : {}) });
      dashboards.push(dashboard);
      return `http://${host}:${await listenHttp(dashboard.server, port, host)}`;
    };
    const dashboardUrl = await startDashboard(ports.dashboard);

    const serviceClients = createServiceClients(addresses, options.serviceTokens.gateway);
    clients = serviceClients;
    const gatewayConfig = gatewayEnvSchema.parse({
      MEDIA_HTTP_URL: media.httpUrl,
      DASHBOARD_HTTP_URL: dashboardUrl,
      CURSOR_SECRET: options.cursorSecret,
      ...options.gatewayEnv,
    });
    const startGateway = async (g: { stores?: GatewayStores; port?: number } = {}) => {
      const stores = g.stores ?? options.stores();
      const health = servicesHealth({ identity: addresses.identity, account: addresses.account });
      try {
        await stores.ready(2000);
        const app = createGateway({
          env: gatewayConfig,
          clients: serviceClients,
          logger,
          stores,
          health,
          ...(options.extraRoutes ? { extraRoutes: options.extraRoutes } : {}),
          ...(options.now ? { now: options.now } : {}),
        });
        const http = createHttpServer(app, { maxHeaderBytes: gatewayConfig.MAX_HEADER_BYTES, requestTimeoutMs: gatewayConfig.REQUEST_TIMEOUT_MS });
        const port = await listenHttp(http, g.port ?? 0, host);
        gateways.push({ http, stores, close: () => health.close() });
        return `http://${host}:${port}`;
      } catch (err) {
        health.close();
        await stores.close();
        throw err;
      }
    };
    const baseUrl = await startGateway({ port: ports.gateway });

    return {
      baseUrl,
      dashboardUrl,
      addresses,
      gatewayConfig,
      startGateway,
      startDashboard: () => startDashboard(),
      stopService: async (name) => {
        stopped.add(name);
        await servers[name]?.shutdown(1000);
      },
      stop,
    };
  } catch (err) {
    // What started is stopped again, so a failed start leaves no server or connection behind.
    await stop().catch((stopErr: unknown) => logger.warn({ err: { message: (stopErr as Error).message } }, 'could not stop what had started'));
    throw err;
  }
}
