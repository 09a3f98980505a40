/**
 * The whole system in this test process, on ephemeral ports, against the run's database (real
 * PostgreSQL), the real Redis and an S3-protocol server: every service's real gRPC server and the
 * real gateway over HTTP, composed as the embedded `npm start` composes them. Tests talk to it over
 * HTTP (and run the admin CLI's commands over gRPC), like a customer and an operator would.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import pg from 'pg';
import { inject } from 'vitest';
import { applyMigrations } from '@cfs/common/migrate';
import { MIGRATED_SERVICES, migrationsDirOf } from './services.ts';
import { MemoryBus, RedisBus } from '@cfs/common/bus';
import { RedisRevocationMarkers } from '@cfs/common/revocations';
import { newServiceTokens, type ServiceCaller } from '@cfs/common/service-auth';
import { createLogger } from '@cfs/common/logger';
import { createRedisStores, type AnyRoute, type GatewayStores } from '@cfs/gateway';
import { loadPlanCatalog, type PlanCatalog } from '@cfs/account';
import { closeAdminClients, createAdminClients, runAdminCommand } from '@cfs/admin';
import { composeSystem, type ServiceName } from '@cfs/launcher';
import { S3ObjectStore } from '@cfs/media';

export const TEST_PEPPER = 'test-pepper-0123456789abcdef0123456789abcdef';
export const TEST_CURSOR_SECRET = 'test-cursor-secret-0123456789abcdef0123456789';

export interface TestSystem {
  baseUrl: string;
  /** The dashboard's own address (the gateway serves it at <baseUrl>/dashboard/). */
  dashboardUrl: string;
  /** Starts one more gateway replica on the same services and the same Redis (or `redisUrl`); returns its base URL. */
  /**
   * Starts one more gateway replica on the same services; returns its address. `deaf`: its bus hears
   * no announcement (a replica that missed them), so only the shared Redis state tells it of changes.
   * `wrap`: what the replica uses instead of its shared stores (e.g. the same, with calls counted).
   */
  startGateway: (options?: { redisUrl?: string; deaf?: boolean; wrap?: (stores: GatewayStores) => GatewayStores }) => Promise<string>;
  /** Starts one more dashboard replica on the same services and Redis; returns its own address. */
  startDashboard: () => Promise<string>;
  /** The gateways' clock (epoch ms); tests move it instead of sleeping. */
  clock: { now: number | undefined };
  addresses: Record<ServiceName, string>;
  /** Each caller's service token (gateway, billing, admin), as the services of this system admit them. */
  serviceTokens: Record<ServiceCaller, string>;
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
  /** The billing service's env (default: the local provider, allowed to grant unpaid plans). */
  billingEnv?: Record<string, string>;
  /** A Redis key prefix of its own (default: the run's), for tests of shared counters. */
  redisPrefix?: string;
  /** Where the identity service writes revocation markers (default: the run's Redis), for tests of a failing write. */
  revocationRedisUrl?: string;
  /** A database of its own (migrated; see createTestDatabase), for tests that disturb connections. */
  databaseUrl?: string;
  /** The dashboard's env (default: sessions and throttling in the run's Redis). */
  dashboardEnv?: Record<string, string>;
  /** The media service's env (default: no AI provider). */
  mediaEnv?: Record<string, string>;
  /**
   * The feed service's env. Default: Sources on 127.0.0.1 allowed, and only the `api` role (no
   * scheduled fetches: a test of Sources turns on FEED_ROLE=all, the others spare the poller).
   */
  feedEnv?: Record<string, string>;
  /** The first gateway's port (default: a free one), for a test that must name its address before it starts. */
  gatewayPort?: number;
  /** The webhooks service's env (default: its own defaults). */
  webhooksEnv?: Record<string, string>;
}

export async function startSystem(options: SystemOptions = {}): Promise<TestSystem> {
  const redisUrl = inject('redisUrl');
  const prefix = options.redisPrefix ?? inject('redisPrefix');
  const clock: { now: number | undefined } = { now: undefined };
  const stores = (url = redisUrl) => createRedisStores({ url, prefix, logger: silent });

  const s3server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: mkdtempSync(path.join(tmpdir(), 'cfs-s3-')) });
  const { port: s3port } = await s3server.run();
  const s3 = { endpoint: `http://127.0.0.1:${s3port}`, bucket: 'cfs-media-test' };
  const objectStore = new S3ObjectStore({ endpoint: s3.endpoint, accessKey: 'S3RVER', secretKey: 'S3RVER', bucket: s3.bucket, region: 'us-east-1' });
  await objectStore.ensureReady();

  const { tokens: serviceTokens } = newServiceTokens();
  const system = await composeSystem({
    databaseUrl: options.databaseUrl ?? inject('databaseUrl'),
    poolSize: 4,
    logger: silent,
    bus: () => new RedisBus(redisUrl, prefix, silent),
    stores: () => stores(),
    revocationMarkers: () => RedisRevocationMarkers.connect(options.revocationRedisUrl ?? redisUrl, prefix, silent),
    objectStore,
    catalog: options.catalog ?? loadPlanCatalog(),
    pepper: TEST_PEPPER,
    cursorSecret: TEST_CURSOR_SECRET,
    serviceTokens,
    host: '127.0.0.1',
    ports: { identity: 0, account: 0, feed: 0, billing: 0, seo: 0, media: 0, webhooks: 0, mediaHttp: 0, gateway: options.gatewayPort ?? 0, dashboard: 0 },
    gatewayEnv: {
      GRPC_DEADLINE_MS: '2000',
      // Every test shares 127.0.0.1: the security rate limit is off unless a test turns it on.
      RATE_LIMIT_PER_MINUTE: '0',
      ...options.gatewayEnv,
    },
    billingEnv: options.billingEnv ?? { BILLING_PROVIDER: 'local', BILLING_ALLOW_UNPAID: 'true' },
    dashboardEnv: { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix, ...options.dashboardEnv },
    ...(options.mediaEnv ? { mediaEnv: options.mediaEnv } : {}),
    feedEnv: { SOURCES_ALLOW_PRIVATE_NETWORKS: 'true', FEED_ROLE: 'api', ...options.feedEnv },
    ...(options.webhooksEnv ? { webhooksEnv: options.webhooksEnv } : {}),
    ...(options.extraRoutes ? { extraRoutes: options.extraRoutes } : {}),
    now: () => clock.now ?? Date.now(),
  });
  const adminClients = createAdminClients({
    ...system.addresses,
    deadlineMs: 30_000,
    serviceToken: serviceTokens.admin,
    dashboardUrl: `${system.baseUrl}/dashboard/`,
  });

  return {
    baseUrl: system.baseUrl,
    dashboardUrl: system.dashboardUrl,
    addresses: system.addresses,
    serviceTokens,
    clock,
    s3,
    startGateway: async (g = {}) => {
      const shared = stores(g.redisUrl);
      if (g.deaf) await shared.bus.close();
      const replica = g.deaf ? { ...shared, bus: new MemoryBus() } : shared;
      return system.startGateway({ stores: g.wrap ? g.wrap(replica) : replica });
    },
    startDashboard: () => system.startDashboard(),
    admin: (...argv) => runAdminCommand(argv, adminClients),
    stopService: (name) => system.stopService(name),
    stop: async () => {
      closeAdminClients(adminClients);
      await system.stop();
      await s3server.close();
    },
  };
}

/** A fresh database with every service's schema migrated, dropped by the returned function. */
export async function createTestDatabase(label: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = new URL(inject('databaseUrl'));
  const name = `${base.pathname.slice(1)}_${label}`.slice(0, 63);
  const admin = new URL(base);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`CREATE DATABASE "${name}"`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  for (const service of MIGRATED_SERVICES) {
    await applyMigrations({ target: { connectionString: url.toString(), schema: service }, migrationsDir: migrationsDirOf(service) });
  }
  return {
    url: url.toString(),
    drop: async () => {
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}
