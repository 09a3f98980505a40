/**
 * The whole system in this test process, on ephemeral ports, against the run's database: every
 * service's real gRPC server (real Prisma, real PostgreSQL) and the real gateway over HTTP. Tests
 * talk to it only over HTTP (and the admin CLI's commands over gRPC), like a customer would.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inject } from 'vitest';
import { createPgAdapter } from '@cfs/common/database';
import type { GrpcServer } from '@cfs/common/grpc';
import { createLogger } from '@cfs/common/logger';
import { DEFAULT_KNOWN_PRODUCTS } from '@cfs/common/scopes';
import { createAccountServer } from '../../services/account/src/server.ts';
import { PrismaClient as AccountPrisma } from '../../services/account/src/generated/prisma/client.ts';
import { loadPlanCatalog, type PlanCatalog } from '../../services/account/src/plans.ts';
import { RedisBus } from '@cfs/common/bus';
import type { AnyRoute } from '../../gateway/src/route.ts';
import { routes as publicRoutes } from '../../gateway/src/routes/index.ts';
import { createAdminClients, closeAdminClients, type AdminClients } from '../../services/admin/src/clients.ts';
import { runAdminCommand } from '../../services/admin/src/commands.ts';
import { createIdentityServer } from '../../services/identity/src/server.ts';
import { createFeedServer } from '../../services/feed/src/server.ts';
import { accountPort, createBillingServer } from '../../services/billing/src/server.ts';
import { PrismaClient as BillingPrisma } from '../../services/billing/src/generated/prisma/client.ts';
import { guarded, type PaymentProvider } from '../../services/billing/src/providers/provider.ts';
import { LocalProvider } from '../../services/billing/src/providers/local.ts';
import { createClient } from '@cfs/common/grpc';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { createSeoServer } from '../../services/seo/src/server.ts';
import { PrismaClient as SeoPrisma } from '../../services/seo/src/generated/prisma/client.ts';
import { createMediaGrpcServer } from '../../services/media/src/server.ts';
import { createMediaHttpServer } from '../../services/media/src/http.ts';
import { S3ObjectStore } from '../../services/media/src/object-store.ts';
import { PrismaClient as MediaPrisma } from '../../services/media/src/generated/prisma/client.ts';
import { loadProtos } from '@cfs/protos';
import { PrismaClient as FeedPrisma } from '../../services/feed/src/generated/prisma/client.ts';
import { PrismaClient as IdentityPrisma } from '../../services/identity/src/generated/prisma/client.ts';
import { closeServiceClients, createServiceClients } from '../../gateway/src/clients.ts';
import { gatewayEnvSchema } from '../../gateway/src/env.ts';
import { createGateway } from '../../gateway/src/server.ts';
import { createHttpServer } from '../../gateway/src/http-server.ts';
import { RedisState } from '../../gateway/src/state/redis-state.ts';

export const TEST_PEPPER = 'test-pepper-0123456789abcdef0123456789abcdef';
export const TEST_CURSOR_SECRET = 'test-cursor-secret-0123456789abcdef0123456789';
type ServiceName = 'identity' | 'account' | 'feed' | 'billing' | 'seo' | 'media';

export interface TestSystem {
  baseUrl: string;
  /** Starts one more gateway replica on the same services and the same Redis (or `redisUrl`); returns its base URL. */
  startGateway: (options?: { redisUrl?: string }) => Promise<string>;
  /** The gateways' clock (epoch ms); tests move it instead of sleeping. */
  clock: { now: number | undefined };
  addresses: Record<ServiceName, string>;
  /** Runs an operator CLI command in-process, e.g. admin('customer', 'create', '--name', 'A', '--email', 'a@x.io'). */
  admin: (...argv: string[]) => Promise<Record<string, unknown>>;
  /** The S3-protocol server (s3rver) behind the media service. */
  s3: { endpoint: string; bucket: string };
  /** Stops one service's gRPC server (fault tests). */
  stopService: (name: ServiceName) => Promise<void>;
  stop: () => Promise<void>;
}

const silent = createLogger('test', { level: process.env.TEST_LOG_LEVEL ?? 'silent' });

export interface SystemOptions {
  gatewayEnv?: Record<string, string>;
  /** A plan catalog instead of the shipped one (as PLANS_FILE would). */
  catalog?: PlanCatalog;
  /** Routes added to the public ones (pipeline tests). */
  extraRoutes?: AnyRoute[];
  /** The billing service's payment provider (default: local). */
  paymentProvider?: PaymentProvider;
  /** A Redis key prefix of its own (default: the run's), for tests of shared counters. */
  redisPrefix?: string;
}

export async function startSystem(options: SystemOptions = {}): Promise<TestSystem> {
  const databaseUrl = inject('databaseUrl');
  const redisUrl = inject('redisUrl');
  const prefix = options.redisPrefix ?? inject('redisPrefix');
  const clock: { now: number | undefined } = { now: undefined };
  const now = () => clock.now ?? Date.now();
  const accountBus = new RedisBus(redisUrl, prefix, silent);
  const identityPrisma = new IdentityPrisma({ adapter: await createPgAdapter({ connectionString: databaseUrl, schema: 'identity' }, 4) });
  const accountPrisma = new AccountPrisma({ adapter: await createPgAdapter({ connectionString: databaseUrl, schema: 'account' }, 4) });
  const seoPrisma = new SeoPrisma({ adapter: await createPgAdapter({ connectionString: databaseUrl, schema: 'seo' }, 4) });
  const mediaPrisma = new MediaPrisma({ adapter: await createPgAdapter({ connectionString: databaseUrl, schema: 'media' }, 4) });
  const s3server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: mkdtempSync(path.join(tmpdir(), 'cfs-s3-')) });
  const { port: s3port } = await s3server.run();
  const s3 = { endpoint: `http://127.0.0.1:${s3port}`, bucket: 'cfs-media-test' };
  const store = new S3ObjectStore({ endpoint: s3.endpoint, accessKey: 'S3RVER', secretKey: 'S3RVER', bucket: s3.bucket, region: 'us-east-1' });
  await store.ensureReady();
  const mediaHttp = createMediaHttpServer({ prisma: mediaPrisma, store, logger: silent });
  await new Promise<void>((resolve) => mediaHttp.listen(0, '127.0.0.1', resolve));
  const mediaHttpUrl = `http://127.0.0.1:${(mediaHttp.address() as AddressInfo).port}`;
  const billingPrisma = new BillingPrisma({ adapter: await createPgAdapter({ connectionString: databaseUrl, schema: 'billing' }, 6) });
  const feedPrisma = new FeedPrisma({ adapter: await createPgAdapter({ connectionString: databaseUrl, schema: 'feed' }, 4) });
  const servers: Record<ServiceName, GrpcServer> = {
    identity: createIdentityServer({
      prisma: identityPrisma,
      logger: silent,
      config: { pepper: TEST_PEPPER, knownProducts: DEFAULT_KNOWN_PRODUCTS, connectionCodeTtlSeconds: 900 },
    }),
    account: createAccountServer({ prisma: accountPrisma, logger: silent, catalog: options.catalog ?? loadPlanCatalog(), bus: accountBus }),
    feed: await createFeedServer({
      prisma: feedPrisma,
      logger: silent,
      bus: new RedisBus(redisUrl, prefix, silent),
      cache: { ttlMs: 30_000, maxEntries: 1000 },
    }),
    billing: undefined as unknown as GrpcServer,
    seo: createSeoServer({ prisma: seoPrisma, logger: silent }),
    media: createMediaGrpcServer({ prisma: mediaPrisma, store, logger: silent, maxObjectBytes: 1024 * 1024 }),
  };
  const addresses = {
    identity: `127.0.0.1:${await servers.identity.listen('127.0.0.1:0')}`,
    account: `127.0.0.1:${await servers.account.listen('127.0.0.1:0')}`,
    feed: `127.0.0.1:${await servers.feed.listen('127.0.0.1:0')}`,
    billing: '',
    seo: `127.0.0.1:${await servers.seo.listen('127.0.0.1:0')}`,
    media: `127.0.0.1:${await servers.media.listen('127.0.0.1:0')}`,
  };
  const billingAccount = createClient(loadProtos().cfs.account.v1.AccountAdminService, addresses.account);
  servers.billing = createBillingServer({
    prisma: billingPrisma,
    logger: silent,
    provider: guarded(options.paymentProvider ?? new LocalProvider(), silent),
    account: accountPort(billingAccount, 5000),
  });
  servers.billing.addCleanup(() => billingAccount.close());
  addresses.billing = `127.0.0.1:${await servers.billing.listen('127.0.0.1:0')}`;
  const clients = createServiceClients(addresses);
  const config = gatewayEnvSchema.parse({
    GRPC_DEADLINE_MS: '2000',
    CURSOR_SECRET: TEST_CURSOR_SECRET,
    MEDIA_HTTP_URL: mediaHttpUrl,
    // Every test shares 127.0.0.1: the security rate limit is off unless a test turns it on.
    RATE_LIMIT_PER_MINUTE: '0',
    ...options.gatewayEnv,
  });
  const gateways: Array<{ http: Server; shared: RedisState }> = [];
  const startGateway = async (gatewayOptions: { redisUrl?: string } = {}) => {
    const url = gatewayOptions.redisUrl ?? redisUrl;
    const bus = new RedisBus(url, prefix, silent);
    const shared = new RedisState({ url, prefix, markerTtlSeconds: 3600, bus, logger: silent });
    const routes = [...publicRoutes, ...(options.extraRoutes ?? [])];
    const http = createHttpServer(createGateway({ config, clients, logger: silent, shared, routes, now }), {
      maxHeaderBytes: config.MAX_HEADER_BYTES,
      requestTimeoutMs: config.REQUEST_TIMEOUT_MS,
    });
    http.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => http.once('listening', resolve));
    gateways.push({ http, shared });
    return `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  };
  const baseUrl = await startGateway();
  const adminClients: AdminClients = createAdminClients({ ...addresses, deadlineMs: 30_000 });
  const stopped = new Set<string>();

  return {
    baseUrl,
    startGateway,
    clock,
    s3,
    addresses,
    admin: (...argv) => runAdminCommand(argv, adminClients),
    stopService: async (name) => {
      stopped.add(name);
      await servers[name].shutdown(1000);
    },
    stop: async () => {
      for (const { http, shared } of gateways) {
        await new Promise<void>((resolve) => {
          http.close(() => resolve());
          http.closeAllConnections();
        });
        await shared.close();
      }
      closeServiceClients(clients);
      closeAdminClients(adminClients);
      for (const [name, server] of Object.entries(servers)) if (!stopped.has(name)) await server.shutdown(1000);
      await new Promise<void>((resolve) => {
        mediaHttp.close(() => resolve());
        mediaHttp.closeAllConnections();
      });
      await s3server.close();
      await Promise.all([identityPrisma, accountPrisma, feedPrisma, billingPrisma, seoPrisma, mediaPrisma].map((p) => p.$disconnect()));
    },
  };
}
