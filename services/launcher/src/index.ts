// `npm start`: the whole system on one machine. Starts every service, waits for each to be
// ready, then the gateway; stops everything cleanly on Ctrl-C or SIGTERM.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { addressesOf, DEPLOYABLES, localUrl, localWiring, SERVERS, SERVICES } from '@cfs/common/deployables';
import { parseEnv } from '@cfs/common/env';
import { waitForServing } from '@cfs/common/grpc';
import { removeLocalRun, writeLocalRun } from '@cfs/common/local-run';
import { createLogger } from '@cfs/common/logger';
import { LOCAL_HEAP_MB, MALLOC_ARENA_MAX } from '@cfs/common/node-runtime';
import { launcherEnvSchema } from './env.ts';
import { ServiceCallers } from '@cfs/common/service-auth';
import { localSecret, localServiceTokens } from './secrets.ts';
import { Supervisor } from './supervisor.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const logger = createLogger('launcher');
const env = parseEnv(launcherEnvSchema);

if (!env.DATABASE_URL) {
  // Embedded defaults: everything in this process, nothing to install.
  const { runEmbedded } = await import('./embedded.ts');
  let stop: (() => Promise<void>) | undefined;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    await stop?.().catch((err: unknown) => logger.error({ err: { message: (err as Error).message } }, 'stop failed'));
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  try {
    stop = await runEmbedded({ env, dataDir: path.resolve(ROOT, env.DATA_DIR), logger });
  } catch (err) {
    logger.fatal({ err: { name: (err as Error).name, message: (err as Error).message } }, 'embedded start failed');
    process.exit(1);
  }
} else {
  const dataDir = path.resolve(ROOT, env.DATA_DIR);
  // Every server on 127.0.0.1 at the port the launcher's env gives it, every caller told where it is.
  const wiring = localWiring(env);
  const addresses = addressesOf(wiring, SERVICES);
  // Every service admits the callers whose tokens are kept in the data folder; the gateway and billing
  // get their own token each, and the operator CLI finds its own there (service-auth.ts).
  const serviceTokens = localServiceTokens(dataDir);
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    SERVICE_AUTH: 'required',
    SERVICE_CALLERS: ServiceCallers.ofTokens(serviceTokens).toSpec(),
    SERVICE_TOKEN: undefined,
    CREDENTIAL_PEPPER: localSecret(dataDir, 'pepper', env.CREDENTIAL_PEPPER),
    CURSOR_SECRET: localSecret(dataDir, 'cursor-secret', env.CURSOR_SECRET),
    FEED_LOAD_DEMO_ARTICLES: env.FEED_LOAD_DEMO_ARTICLES,
    // The gateway serves the dashboard at /dashboard/ by forwarding to it (DASHBOARD_HTTP_URL).
    ...wiring,
    MEDIA_DIR: process.env.MEDIA_DIR ?? path.resolve(ROOT, env.DATA_DIR, 'media'),
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? MALLOC_ARENA_MAX,
    // Without Redis the account service cannot tell the gateway (another process) that a Site or its
    // plan changed: the gateway then reads Sites fresh on every request instead of caching them.
    ...(env.REDIS_URL ? {} : { SITE_CACHE_TTL_MS: process.env.SITE_CACHE_TTL_MS ?? '0' }),
  };

  let exitCode = 0;
  const supervisor = new Supervisor(logger, (name, code) => {
    logger.error({ child: name, code }, 'a process of the system exited; stopping the others');
    exitCode = 1;
    void shutdown();
  });

  let stopping: Promise<void> | undefined;
  function shutdown(): Promise<void> {
    removeLocalRun(dataDir);
    stopping ??= supervisor.stopAll().then(() => {
      logger.info('stopped');
      process.exit(exitCode);
    });
    return stopping;
  }
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());

  const entry = (name: (typeof SERVERS)[number]) => path.join(ROOT, DEPLOYABLES[name].folder, 'dist/index.js');

  async function httpReady(url: string, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      try {
        if ((await fetch(url)).ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  // With OTEL_METRICS_EXPORTER=prometheus every process serves its own scrape endpoint: the gateway on
  // OTEL_EXPORTER_PROMETHEUS_PORT (default 9464), then identity, account, feed, billing, seo, media,
  // the dashboard and the webhooks service on the following ports (the deployables' table order).
  const prometheus = (process.env.OTEL_METRICS_EXPORTER ?? '').split(',').includes('prometheus');
  const metricsPort = Number(process.env.OTEL_EXPORTER_PROMETHEUS_PORT ?? 9464);
  const envOf = (name: (typeof SERVERS)[number]): NodeJS.ProcessEnv => ({
    ...childEnv,
    // The operator's NODE_OPTIONS come last, so a --max-old-space-size of theirs wins.
    NODE_OPTIONS: [`--max-old-space-size=${LOCAL_HEAP_MB}`, process.env.NODE_OPTIONS].filter(Boolean).join(' '),
    ...(name === 'gateway' || name === 'billing' || name === 'dashboard' || name === 'media' || name === 'feed' ? { SERVICE_TOKEN: serviceTokens[name] } : {}),
    ...(prometheus ? { OTEL_EXPORTER_PROMETHEUS_PORT: String(metricsPort + SERVERS.indexOf(name)) } : {}),
  });

  try {
    // The services do not need each other to start: all at once, then the gateway.
    await Promise.all(
      SERVICES.map((name) =>
        supervisor.start({ name, entry: entry(name), env: envOf(name), ready: () => waitForServing(addresses[name], env.STARTUP_TIMEOUT_MS) }),
      ),
    );
    await supervisor.start({
      name: 'dashboard',
      entry: entry('dashboard'),
      env: envOf('dashboard'),
      ready: () => httpReady(`${localUrl('dashboard', env.DASHBOARD_HTTP_PORT)}/readyz`, env.STARTUP_TIMEOUT_MS),
    });
    const baseUrl = localUrl('gateway', env.PORT);
    await supervisor.start({
      name: 'gateway',
      entry: entry('gateway'),
      env: envOf('gateway'),
      ready: () => httpReady(`${baseUrl}/readyz`, env.STARTUP_TIMEOUT_MS),
    });
    // The operator CLI on this machine finds these services through the data folder (local-run.ts).
    writeLocalRun(dataDir, { addresses, baseUrl });
    process.stdout.write(
      `Content Feed Service is running on ${baseUrl} (API reference: ${baseUrl}/docs/; API description: ${baseUrl}/docs/public.json; dashboard: ${baseUrl}/dashboard/). Ctrl-C stops it.\n`,
    );
  } catch (err) {
    logger.error({ err: err instanceof Error ? err.message : String(err) }, 'start-up failed');
    exitCode = 1;
    await shutdown();
  }
}
