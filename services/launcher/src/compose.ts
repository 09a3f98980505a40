/**
 * The whole system in one process: every service's real gRPC server (each with its own Prisma
 * client and schema), the media HTTP server and the gateway, wired together over loopback gRPC
 * exactly as in a deployment. Used by the embedded `npm start` (PGlite, memory state, files) and
 * by the system tests (PostgreSQL, Redis, an S3-protocol server).
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Bus } from '@cfs/common/bus';
import type { RevocationMarkers } from '@cfs/common/revocations';
import { createPgAdapter } from '@cfs/common/database';
import { createClient, type GrpcServer } from '@cfs/common/grpc';
import type { Logger } from '@cfs/common/logger';
import { DEFAULT_KNOWN_PRODUCTS } from '@cfs/common/scopes';
import { loadProtos } from '@cfs/protos';
import { closeServiceClients, createServiceClients, type ServiceAddresses } from '../../../gateway/src/clients.ts';
import { gatewayEnvSchema, type GatewayEnv } from '../../../gateway/src/env.ts';
import { createHttpServer } from '../../../gateway/src/http-server.ts';
import type { AnyRoute } from '../../../gateway/src/route.ts';
import { routes as publicRoutes } from '../../../gateway/src/routes/index.ts';
import { createGateway } from '../../../gateway/src/gateway.ts';
import type { GatewayStores } from '../../../gateway/src/stores/index.ts';
import { PrismaClient as AccountPrisma } from '../../account/src/generated/prisma/client.ts';
import type { PlanCatalog } from '../../account/src/plans.ts';
import { createAccountServer } from '../../account/src/server.ts';
import { PrismaClient as BillingPrisma } from '../../billing/src/generated/prisma/client.ts';
import { LocalProvider } from '../../billing/src/providers/local.ts';
import { guarded, type PaymentProvider } from '../../billing/src/providers/provider.ts';
import { accountPort, createBillingServer } from '../../billing/src/server.ts';
import { PrismaClient as FeedPrisma } from '../../feed/src/generated/prisma/client.ts';
import { createFeedServer } from '../../feed/src/server.ts';
import { PrismaClient as IdentityPrisma } from '../../identity/src/generated/prisma/client.ts';
import { createIdentityServer } from '../../identity/src/server.ts';
import { PrismaClient as MediaPrisma } from '../../media/src/generated/prisma/client.ts';
import { createMediaHttpServer } from '../../media/src/http.ts';
import type { ObjectStore } from '../../media/src/object-store.ts';
import { createMediaGrpcServer } from '../../media/src/server.ts';
import { PrismaClient as SeoPrisma } from '../../seo/src/generated/prisma/client.ts';
import { createSeoServer } from '../../seo/src/server.ts';

export const SERVICES = ['identity', 'account', 'feed', 'billing', 'seo', 'media'] as const;
export type ServiceName = (typeof SERVICES)[number];

export interface ComposeOptions {
  databaseUrl: string;
  /** Connections per service's Prisma pool. */
  poolSize: number;
  logger: Logger;
  /** A bus for each component that announces or listens (Redis pub/sub, or the in-process one). */
  bus: () => Bus;
  /** Where identity marks revocations for the gateways (Redis, or the process's memory). */
  revocationMarkers: () => RevocationMarkers;
  /** The shared state of a gateway replica. */
  sharedState: () => GatewayStores;
  objectStore: ObjectStore;
  catalog: PlanCatalog;
  pepper: string;
  host: string;
  /** Listening ports; 0 picks a free one. */
  ports: Record<ServiceName | 'mediaHttp' | 'gateway', number>;
  gatewayEnv?: Record<string, string>;
  paymentProvider?: PaymentProvider;
  /** Demo articles to load into an empty feed database. */
  demoArticlesFile?: string;
  extraRoutes?: AnyRoute[];
  now?: () => number;
}

export interface ComposedSystem {
  baseUrl: string;
  addresses: Record<ServiceName, string>;
  gatewayConfig: GatewayEnv;
  /** One more gateway replica on the same services (its own shared state unless given). */
  startGateway: (options?: { sharedState?: GatewayStores; port?: number }) => Promise<string>;
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
  const { logger, host } = options;
  const target = (schema: string) => ({ connectionString: options.databaseUrl, schema });
  const adapter = (schema: string) =>
    createPgAdapter(target(schema), options.poolSize, (err) => logger.warn({ err: { message: err.message }, schema }, 'database connection dropped; the pool replaces it'));
  const prisma = {
    identity: new IdentityPrisma({ adapter: await adapter('identity') }),
    account: new AccountPrisma({ adapter: await adapter('account') }),
    feed: new FeedPrisma({ adapter: await adapter('feed') }),
    billing: new BillingPrisma({ adapter: await adapter('billing') }),
    seo: new SeoPrisma({ adapter: await adapter('seo') }),
    media: new MediaPrisma({ adapter: await adapter('media') }),
  };
  const mediaHttp = createMediaHttpServer({ prisma: prisma.media, store: options.objectStore, logger });
  const mediaHttpUrl = `http://${host}:${await listenHttp(mediaHttp, options.ports.mediaHttp, host)}`;

  const servers = {} as Record<ServiceName, GrpcServer>;
  const addresses = {} as Record<ServiceName, string>;
  const listen = async (name: ServiceName, server: GrpcServer) => {
    servers[name] = server;
    addresses[name] = `${host}:${await server.listen(`${host}:${options.ports[name]}`)}`;
  };
  const identityRevocations = { markers: options.revocationMarkers(), bus: options.bus() };
  await listen(
    'identity',
    createIdentityServer({
      prisma: prisma.identity,
      logger,
      config: { pepper: options.pepper, knownProducts: DEFAULT_KNOWN_PRODUCTS, connectionCodeTtlSeconds: 900 },
      revocations: identityRevocations,
    })
      .addCleanup(() => identityRevocations.markers.close())
      .addCleanup(() => identityRevocations.bus.close()),
  );
  await listen('account', createAccountServer({ prisma: prisma.account, logger, catalog: options.catalog, bus: options.bus() }));
  await listen(
    'feed',
    await createFeedServer({ prisma: prisma.feed, schema: 'feed', logger, bus: options.bus(), cache: { ttlMs: 30_000, maxEntries: 1000 }, ...(options.demoArticlesFile ? { demoArticlesFile: options.demoArticlesFile } : {}) }),
  );
  const billingAccount = createClient(loadProtos().cfs.account.v1.AccountAdminService, addresses.account);
  await listen(
    'billing',
    createBillingServer({
      prisma: prisma.billing,
      logger,
      provider: guarded(options.paymentProvider ?? new LocalProvider(), logger),
      account: accountPort(billingAccount, 5000),
    }).addCleanup(() => billingAccount.close()),
  );
  await listen('seo', createSeoServer({ prisma: prisma.seo, logger }));
  await listen('media', createMediaGrpcServer({ prisma: prisma.media, store: options.objectStore, logger, maxObjectBytes: 10 * 1024 * 1024 }));

  const clients = createServiceClients(addresses as ServiceAddresses);
  const gatewayConfig = gatewayEnvSchema.parse({ MEDIA_HTTP_URL: mediaHttpUrl, ...options.gatewayEnv });
  const gateways: Array<{ http: Server; shared: GatewayStores }> = [];
  const startGateway = async (g: { sharedState?: GatewayStores; port?: number } = {}) => {
    const shared = g.sharedState ?? options.sharedState();
    await shared.ready(2000);
    const app = createGateway({
      env: gatewayConfig,
      clients,
      logger,
      stores: shared,
      routes: [...publicRoutes, ...(options.extraRoutes ?? [])],
      ...(options.now ? { now: options.now } : {}),
    });
    const http = createHttpServer(app, { maxHeaderBytes: gatewayConfig.MAX_HEADER_BYTES, requestTimeoutMs: gatewayConfig.REQUEST_TIMEOUT_MS });
    const port = await listenHttp(http, g.port ?? 0, host);
    gateways.push({ http, shared });
    return `http://${host}:${port}`;
  };
  const baseUrl = await startGateway({ port: options.ports.gateway });
  const stopped = new Set<ServiceName>();

  return {
    baseUrl,
    addresses,
    gatewayConfig,
    startGateway,
    stopService: async (name) => {
      stopped.add(name);
      await servers[name].shutdown(1000);
    },
    // In order: stop accepting (gateways), then the services, then the databases.
    stop: async () => {
      for (const { http, shared } of gateways) {
        await closeHttp(http);
        await shared.close();
      }
      closeServiceClients(clients);
      await closeHttp(mediaHttp);
      for (const name of SERVICES) if (!stopped.has(name)) await servers[name].shutdown(2000);
      await Promise.all(Object.values(prisma).map((p) => p.$disconnect()));
    },
  };
}
