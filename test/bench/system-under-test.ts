/**
 * The system as `npm start` runs it with DATABASE_URL (every deployable in its own process under the
 * launcher) on a database of its own, and its seed: Sites created through the admin CLI's commands
 * and subscribed through the API, articles written straight into the feed tables.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { addressesOf, DEPLOYABLES as TABLE, localWiring, SERVERS, serversOf, type CallsOf, type PortEnv } from '@cfs/common/deployables';
import { localServiceTokenFile } from '@cfs/common/service-auth';
import { closeAdminClients, createAdminClients, runAdminCommand } from '@cfs/admin';
import { answers, createDatabase, fetchRetrying, freePortRun, freePorts, startNode, until } from './harness.ts';
import { processTree } from './procfs.ts';

export const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Far above what the load sends in a minute: every request is counted, none refused. */
export const BENCH_RATE_LIMIT_PER_MINUTE = 1_000_000_000;
export const CATEGORIES = ['technology', 'business', 'science', 'health', 'sports', 'culture'];
/** The deployables the launcher starts, in the order it numbers their metrics ports. */
export const DEPLOYABLES = SERVERS;
/** The ports the launcher takes. */
export const LAUNCHER_PORTS: readonly PortEnv[] = SERVERS.flatMap((name) => serversOf(name).map((server) => server.portEnv));

export interface RunningSystem {
  base: string;
  launcher: ChildProcess;
  dbUrl: string;
  work: string;
  /** The first metrics port (the gateway's; the other deployables follow in DEPLOYABLES order), with metrics on. */
  metricsPort?: number;
  /** The services' gRPC addresses, for the admin CLI. */
  addresses: Record<CallsOf<'admin'>, string>;
  /** The launcher and every process under it. */
  pids(): number[];
  /** The owner Credentials of the seeded Sites, in Site order. */
  tokens: string[];
  /** The seeded Sites' ids, in the same order. */
  siteIds: string[];
}

/** Starts the launcher on a fresh database; `metrics` turns on the Prometheus endpoint of every process. */
/** `extraEnv` may be made from the gateway's base URL (e.g. PUBLIC_BASE_URL, the WebSub callbacks' base). */
export async function startSystem(
  label: string,
  metrics: boolean,
  extraEnv: NodeJS.ProcessEnv | ((base: string) => NodeJS.ProcessEnv) = {},
): Promise<RunningSystem> {
  const dbUrl = await createDatabase(label);
  const work = mkdtempSync(path.join(tmpdir(), `cfs-bench-${label}-`));
  const ports = await freePorts(LAUNCHER_PORTS);
  const metricsPort = metrics ? await freePortRun(DEPLOYABLES.length) : undefined;
  const base = `http://127.0.0.1:${ports.PORT}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])),
    DATABASE_URL: dbUrl,
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: `cfs:bench:${label}:${Date.now()}:`,
    DATA_DIR: work,
    MEDIA_DIR: path.join(work, 'media'),
    FEED_LOAD_DEMO_ARTICLES: 'false',
    // The rate limit runs (its Redis round trip is part of every request's cost) but never refuses.
    RATE_LIMIT_PER_MINUTE: String(BENCH_RATE_LIMIT_PER_MINUTE),
    LOG_LEVEL: 'warn',
    ...(metricsPort
      ? { OTEL_METRICS_EXPORTER: 'prometheus', OTEL_EXPORTER_PROMETHEUS_HOST: '127.0.0.1', OTEL_EXPORTER_PROMETHEUS_PORT: String(metricsPort) }
      : {}),
    ...(typeof extraEnv === 'function' ? extraEnv(base) : extraEnv),
  };
  const launcher = startNode(['services/launcher/dist/index.js'], env);
  await until(answers(`${base}/docs/public.json`), `system (${label})`);
  const addresses = addressesOf(localWiring(ports), TABLE.admin.calls);
  return { base, launcher, dbUrl, work, metricsPort, addresses, pids: () => processTree(launcher.pid!), tokens: [], siteIds: [] };
}

/** How many subscription sets the Sites have: Site i has set i % SUBSCRIPTION_SETS (subscriptionSetOf). */
export const SUBSCRIPTION_SETS = 2 ** CATEGORIES.length - 1;

/** The categories Site `i` subscribes to: the non-empty subsets of CATEGORIES, in turn. */
export function subscriptionSetOf(i: number): string[] {
  const mask = (i % SUBSCRIPTION_SETS) + 1;
  return CATEGORIES.filter((_, bit) => mask & (1 << bit));
}

export async function inBatches(count: number, concurrency: number, work: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) await work(next++);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/**
 * `count` customers on the pro plan, each with its Site and owner Credential (the admin CLI's
 * `customer create`, `concurrency` at a time), each Site subscribed through the API to
 * subscriptionSetOf(i). Their tokens are kept in `system.tokens`, in Site order.
 */
export async function seedSites(system: RunningSystem, count: number, concurrency = 16): Promise<void> {
  const clients = operatorClients(system);
  const tokens: string[] = new Array<string>(count);
  const siteIds: string[] = new Array<string>(count);
  try {
    await inBatches(count, concurrency, async (i) => {
      const owner = (await runAdminCommand(['customer', 'create', '--name', `Bench ${i}`, '--email', `b${i}@example.com`, '--plan', 'pro'], clients)) as {
        site: { id: string };
        credential: { secret: string };
      };
      tokens[i] = owner.credential.secret;
      siteIds[i] = owner.site.id;
      const res = await fetchRetrying(`${system.base}/api/v1/subscriptions`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${owner.credential.secret}`, 'content-type': 'application/json' },
        body: JSON.stringify({ categories: subscriptionSetOf(i) }),
      });
      if (!res.ok) throw new Error(`subscribe failed: ${res.status}`);
    });
  } finally {
    closeAdminClients(clients);
  }
  system.tokens.push(...tokens);
  system.siteIds.push(...siteIds);
}

/** The operator CLI's clients for a running system (closeAdminClients when done). */
export function operatorClients(system: RunningSystem) {
  return createAdminClients({
    ...system.addresses,
    deadlineMs: 30_000,
    // The launcher keeps each caller's token in its data folder; the operator's is read there.
    serviceToken: readFileSync(localServiceTokenFile(system.work, 'admin'), 'utf8').trim(),
  });
}

/** An operator CLI command (`npm run admin -- …`), in this process. */
export async function operator(system: RunningSystem, args: string[]): Promise<unknown> {
  const clients = operatorClients(system);
  try {
    return await runAdminCommand(args, clients);
  } finally {
    closeAdminClients(clients);
  }
}

/** Imports articles as the operator does (`articles import`, in this process): through the feed service, announced. */
export async function importArticles(system: RunningSystem, articles: object[]): Promise<void> {
  const file = path.join(system.work, `import-${Date.now()}.jsonl`);
  writeFileSync(file, articles.map((a) => JSON.stringify(a)).join('\n') + '\n');
  await operator(system, ['articles', 'import', '--file', file]);
}

/**
 * Articles `from + 1` to `to` straight into the feed tables, one minute apart, each in one category,
 * with the changes feed's log as the imports would have written it: one change an article, numbered
 * on from the counter (the migration's own backfill does the same), and the day's mark. Their update
 * time is a day back: imports of the past, before any position the generation planner holds, so
 * that it plans only what is imported later.
 */
export async function seedArticles(dbUrl: string, to: number, from = 0): Promise<void> {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const range = `generate_series(${from + 1}, ${to}) g`;
  try {
    await db.query(`INSERT INTO feed.articles (id, title, url, summary, published_at, updated_at)
      SELECT 'b' || g, 'Bench article ' || g, 'https://news.example.com/' || g, 'A summary of article ' || g || ' for the bench.', timestamptz '2026-01-01' + g * interval '1 minute', now() - interval '1 day'
      FROM ${range}`);
    await db.query(
      `INSERT INTO feed.article_categories (article_id, category_key, published_at)
      SELECT 'b' || g, ($1::text[])[1 + g % ${CATEGORIES.length}], timestamptz '2026-01-01' + g * interval '1 minute' FROM ${range}`,
      [CATEGORIES],
    );
    const { rows } = await db.query<{ last: string }>('SELECT last FROM feed.change_counter WHERE id = 1');
    const base = BigInt(rows[0]?.last ?? '0') - BigInt(from);
    await db.query(`INSERT INTO feed.article_changes (article_id, seq, removed, changed_at) SELECT 'b' || g, ${base} + g, false, now() FROM ${range}`);
    await db.query(
      `INSERT INTO feed.category_changes (category_key, article_id, seq)
      SELECT ($1::text[])[1 + g % ${CATEGORIES.length}], 'b' || g, ${base} + g FROM ${range}`,
      [CATEGORIES],
    );
    const last = base + BigInt(to);
    await db.query(`UPDATE feed.change_counter SET last = ${last} WHERE id = 1`);
    await db.query(`INSERT INTO feed.change_marks (day, max_seq) VALUES (current_date, ${last}) ON CONFLICT (day) DO UPDATE SET max_seq = EXCLUDED.max_seq`);
    for (const table of ['articles', 'article_categories', 'article_changes', 'category_changes']) await db.query(`VACUUM ANALYZE feed.${table}`);
  } finally {
    await db.end();
  }
}

/** One query on the system's database (every service has its schema there; pg-boss's jobs are in media_jobs). */
export async function queryDb<T extends object>(system: Pick<RunningSystem, 'dbUrl'>, sql: string, values: unknown[] = []): Promise<T[]> {
  const db = new pg.Client({ connectionString: system.dbUrl });
  await db.connect();
  try {
    return (await db.query<T>(sql, values)).rows;
  } finally {
    await db.end();
  }
}

/** Variants stored by media's generation worker, and the Sites they are for. */
export async function variantCount(system: Pick<RunningSystem, 'dbUrl'>): Promise<{ variants: number; sites: number }> {
  const [row] = await queryDb<{ variants: string; sites: string }>(
    system,
    'SELECT count(*) AS variants, count(DISTINCT site_id) AS sites FROM media.ai_variants WHERE image_key IS NOT NULL',
  );
  return { variants: Number(row?.variants ?? 0), sites: Number(row?.sites ?? 0) };
}

/** Jobs of a pg-boss queue of media not finished yet (queued, retrying or running). */
export async function pendingJobs(system: Pick<RunningSystem, 'dbUrl'>, queue: string): Promise<number> {
  const [row] = await queryDb<{ n: string }>(system, `SELECT count(*) AS n FROM media_jobs.job WHERE name = $1 AND state IN ('created', 'retry', 'active')`, [
    queue,
  ]);
  return Number(row?.n ?? 0);
}
