/**
 * The dashboard's composition root and package entry (`@cfs/dashboard`): `createDashboard(env, deps)`
 * builds the HTTP server from its env. index.ts, the launcher and the tests all use it.
 */
import { createServer, type Server } from 'node:http';
import { Redis } from 'ioredis';
import { addressesOf, DEPLOYABLES } from '@cfs/common/deployables';
import { PlanEntitlements, RedisQuotaUsage, type QuotaUsage } from '@cfs/common/entitlements';
import { servicesHealth } from '@cfs/common/http-health';
import type { Logger } from '@cfs/common/logger';
import { loadAssetManifest } from './assets.ts';
import { closeDashboardClients, createDashboardClients, rpcOf } from './clients.ts';
import { createDashboardApp } from './app.ts';
import type { DashboardEnv } from './env.ts';
import { MemorySessionStore, RedisSessionStore, Sessions } from './sessions.ts';
import { SignInThrottle } from './throttle.ts';

export { dashboardEnvSchema, type DashboardEnv } from './env.ts';

export interface DashboardDeps {
  logger: Logger;
  /** The gateway's quota counters when they are not in Redis (one process: npm start's embedded mode). */
  quotaUsage?: QuotaUsage;
  /** The clock of sessions (tests move it). */
  now?: () => number;
}

export interface Dashboard {
  server: Server;
  /** Readiness off (first step of shutdown): /readyz answers 503 from now on. */
  drain(): void;
  close(): Promise<void>;
}

export function createDashboard(env: DashboardEnv, deps: DashboardDeps): Dashboard {
  const redis = env.REDIS_URL ? new Redis(env.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 1, enableOfflineQueue: false }) : undefined;
  const prefix = `${env.REDIS_KEY_PREFIX}dashboard:`;
  const addresses = addressesOf(env, DEPLOYABLES.dashboard.calls);
  const clients = createDashboardClients(addresses, env.SERVICE_TOKEN);
  const quotaUsage = deps.quotaUsage ?? (redis ? new RedisQuotaUsage(redis, env.REDIS_KEY_PREFIX) : undefined);
  const sessions = new Sessions(redis ? new RedisSessionStore(redis, `${prefix}session:`) : new MemorySessionStore(), {
    idleSeconds: env.SESSION_IDLE_MINUTES * 60,
    maxSeconds: env.SESSION_MAX_HOURS * 3600,
    ...(deps.now ? { now: deps.now } : {}),
  });
  const throttle = new SignInThrottle(
    { perAccount: env.SIGN_IN_MAX_FAILURES_PER_ACCOUNT, perIp: env.SIGN_IN_MAX_FAILURES_PER_IP, blockSeconds: env.SIGN_IN_BLOCK_MINUTES * 60 },
    redis ? { client: redis, prefix: env.REDIS_KEY_PREFIX } : undefined,
  );
  const health = servicesHealth({ identity: addresses.identity, account: addresses.account });
  const app = createDashboardApp({
    rpcFor: rpcOf(clients, env.GRPC_DEADLINE_MS),
    sessions,
    throttle,
    assets: loadAssetManifest(),
    logger: deps.logger,
    trustProxy: env.TRUST_PROXY,
    audiences: env.KNOWN_PRODUCTS,
    health,
    ...(quotaUsage ? { entitlements: new PlanEntitlements(quotaUsage, deps.now) } : {}),
  });
  const server = createServer({ requestTimeout: 30_000, headersTimeout: 20_000, maxHeaderSize: 16 * 1024 }, app);
  return {
    server,
    drain: () => health.drain(),
    async close() {
      health.drain();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      health.close();
      closeDashboardClients(clients);
      redis?.disconnect();
    },
  };
}
