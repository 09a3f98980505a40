/**
 * `npm start` with no DATABASE_URL: the whole system in this one process, on embedded defaults.
 * PostgreSQL is PGlite served over its socket server (data in DATA_DIR/pglite, on a free port unless
 * EMBEDDED_PG_PORT names one), every service migrated into its own schema; what
 * Redis does (revocations, quotas, rate limits, announcements) is done in memory, which is correct
 * because there is one gateway and every service shares this process; media live in DATA_DIR/media.
 * Only PORT is the user's: every internal server (the services' gRPC, media's HTTP, the dashboard)
 * takes a free port and is wired to it, so any number of systems (one per DATA_DIR) run side by side
 * whatever else listens; DATA_DIR/running.json tells the operator CLI where they are (local-run.ts).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MemoryBus } from '@cfs/common/bus';
import { removeLocalRun, writeLocalRun } from '@cfs/common/local-run';
import { MemoryRevocationMarkers } from '@cfs/common/revocations';
import type { Logger } from '@cfs/common/logger';
import { applyMigrations } from '@cfs/common/migrate';
import { loadPlanCatalog } from '@cfs/account';
import { closeAdminClients, createAdminClients } from '@cfs/admin';
import { DEMO_ARTICLES_FILE, readJsonLines } from '@cfs/feed';
import { createMemoryStores } from '@cfs/gateway';
import { FileObjectStore } from '@cfs/media';
import { composeSystem, MIGRATIONS_DIRS, SERVICES } from './compose.ts';
import { seedDemo } from './demo.ts';
import { startEmbeddedPostgres } from './embedded-postgres.ts';
import type { LauncherEnv } from './env.ts';
import { localSecret, localServiceTokens } from './secrets.ts';

export async function runEmbedded(options: { env: LauncherEnv; dataDir: string; logger: Logger }): Promise<() => Promise<void>> {
  const { env, dataDir, logger } = options;
  mkdirSync(dataDir, { recursive: true });
  const started = Date.now();

  const postgres = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'pglite'), port: env.EMBEDDED_PG_PORT });
  const { databaseUrl } = postgres;
  // PGlite is one session: migrate the services one after the other.
  for (const service of SERVICES) {
    await applyMigrations({ target: { connectionString: databaseUrl, schema: service }, migrationsDir: MIGRATIONS_DIRS[service], logger });
  }

  const serviceTokens = localServiceTokens(dataDir);
  const system = await composeSystem({
    databaseUrl,
    poolSize: 2,
    logger,
    bus: () => new MemoryBus(),
    stores: () => createMemoryStores(),
    revocationMarkers: () => new MemoryRevocationMarkers(),
    objectStore: new FileObjectStore(process.env.MEDIA_DIR ?? path.join(dataDir, 'media')),
    catalog: loadPlanCatalog(process.env.PLANS_FILE),
    pepper: localSecret(dataDir, 'pepper', env.CREDENTIAL_PEPPER),
    cursorSecret: localSecret(dataDir, 'cursor-secret', env.CURSOR_SECRET),
    serviceTokens,
    host: '127.0.0.1',
    // Only the gateway's port is the user's; the internal servers take free ones.
    ports: { gateway: env.PORT },
    gatewayEnv: {
      ...(process.env.RATE_LIMIT_PER_MINUTE ? { RATE_LIMIT_PER_MINUTE: process.env.RATE_LIMIT_PER_MINUTE } : {}),
    },
    loadDemoArticles: env.FEED_LOAD_DEMO_ARTICLES === 'true',
    // Embedded defaults are for trying the system out: checkouts complete at once, without payment.
    billingEnv: { BILLING_PROVIDER: 'local', BILLING_ALLOW_UNPAID: 'true' },
    // …and generation runs on the built-in provider (no network, no key) unless AI_PROVIDER says otherwise;
    // the other AI_ settings pass through (docs/operations.md).
    // Sources on this machine or its network are allowed (a publisher tried out locally), and the
    // other SOURCES_ settings pass through; the ingest role runs in this process.
    feedEnv: {
      SOURCES_ALLOW_PRIVATE_NETWORKS: 'true',
      ...Object.fromEntries(Object.entries(process.env).filter(([name]) => name.startsWith('SOURCES_'))),
      // How close changes coalesce into one feed.changed (docs/operations.md).
      ...(process.env.WEBHOOK_COALESCE_MS ? { WEBHOOK_COALESCE_MS: process.env.WEBHOOK_COALESCE_MS } : {}),
    } as Record<string, string>,
    // Generation's jobs in this process and its renders in niced threads of it (a whole second node
    // process for them took about 190 MB more: docs/performance.md#embedded-memory-2026-11-27); where a
    // thread cannot be niced alone (not Linux), in media's niced child process. Either from media's
    // build (npm start builds first), not its sources through tsx.
    ...(process.platform === 'linux'
      ? { mediaRenderThreads: { entry: fileURLToPath(new URL('../../media/dist/generation-thread.js', import.meta.url)) } }
      : { mediaGenerationEntry: fileURLToPath(new URL('../../media/dist/generation-worker.js', import.meta.url)) }),
    mediaEnv: { AI_PROVIDER: 'local', ...Object.fromEntries(Object.entries(process.env).filter(([name]) => name.startsWith('AI_'))) } as Record<string, string>,
    // …and webhooks reach receivers on this machine or its network, over http too; the other
    // WEBHOOK_ settings pass through (docs/operations.md).
    webhooksEnv: {
      WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true',
      WEBHOOKS_ALLOW_HTTP: 'true',
      ...Object.fromEntries(Object.entries(process.env).filter(([name]) => name.startsWith('WEBHOOK_'))),
    } as Record<string, string>,
  });

  writeLocalRun(dataDir, system);
  const clients = createAdminClients({
    ...system.addresses,
    deadlineMs: 30_000,
    serviceToken: serviceTokens.admin,
    dashboardUrl: `${system.baseUrl}/dashboard/`,
  });
  try {
    const imageKeys = readJsonLines(readFileSync(DEMO_ARTICLES_FILE, 'utf8'))
      .lines.map((l) => (l.value as { imageKey?: string }).imageKey)
      .filter((k): k is string => typeof k === 'string');
    const demo = await seedDemo({ dataDir, baseUrl: system.baseUrl, clients, imageKeys });
    process.stdout.write(
      `Content Feed Service is running on ${system.baseUrl} (embedded mode, data in ${dataDir}; up in ${((Date.now() - started) / 1000).toFixed(1)} s). Ctrl-C stops it.\n`,
    );
    if (demo.created) {
      process.stdout.write(`Demo credential (shown once; keep it): ${demo.token}\n`);
      process.stdout.write(`Demo site: ${demo.siteId}\n`);
    } else {
      process.stdout.write(
        `Demo site: ${demo.siteId} (its credential was shown on the first start; make another with: npm run -s admin -- credential create --site ${demo.siteId} --scopes account.read,feed.read,subscription.manage)\n`,
      );
    }
    process.stdout.write(`API reference: ${system.baseUrl}/docs/\n`);
    process.stdout.write(`Dashboard for the demo customer: ${demo.signIn}\n`);
  } catch (err) {
    removeLocalRun(dataDir);
    throw err;
  } finally {
    closeAdminClients(clients);
  }

  return async () => {
    removeLocalRun(dataDir);
    await system.stop();
    await postgres.stop();
  };
}
