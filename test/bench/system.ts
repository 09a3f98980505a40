/**
 * `npm run bench`: the system against PostgreSQL and Redis (every deployable in its own process, as
 * `npm start` runs it with DATABASE_URL), loaded with GET /api/v1/me and GET /api/v1/feed by
 * autocannon in a process of its own, next to two baselines measured in the same run on the same
 * machine: a bare express 5 route returning the same JSON as /me, and an express 5 route making one
 * @grpc/grpc-js unary call (to a server process answering a feed page). Prints requests/s, p50 and
 * p99 of each, the ratios feed/baseline-with-gRPC and me/bare-express, and the RSS of every process.
 * It asserts nothing: the machine is shared and noisy.
 *
 *   npm run bench                 full: 200 Sites, 100 000 articles, 10 s per target
 *   npm run bench -- --short      CI: 20 Sites, 5 000 articles, 3 s per target
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { waitForServing } from '@cfs/common/grpc';
import { localServiceTokenFile } from '@cfs/common/service-auth';
import { closeAdminClients, createAdminClients, runAdminCommand } from '@cfs/admin';
import { freePort } from '../support/processes.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const short = process.argv.includes('--short');
const SITES = Number(process.env.BENCH_SITES ?? (short ? 20 : 200));
const ARTICLES = Number(process.env.BENCH_ARTICLES ?? (short ? 5_000 : 100_000));
const SECONDS = Number(process.env.BENCH_SECONDS ?? (short ? 3 : 10));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const admin = process.env.BENCH_DATABASE_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const work = mkdtempSync(path.join(tmpdir(), 'cfs-bench-'));
const children: ChildProcess[] = [];

function start(args: string[], env: NodeJS.ProcessEnv = {}): ChildProcess {
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(child);
  return child;
}

async function until(probe: () => Promise<boolean>, what: string, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await probe().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what} not ready`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function rssMb(pid: number | undefined): number {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    return Math.round(kb / 1024);
  } catch {
    return NaN;
  }
}

function load(url: string, tokensFile?: string): { rps: number; p50: number; p99: number; ok: number; non2xx: number; errors: number } {
  const out = execFileSync(process.execPath, [path.join(ROOT, 'test/bench/load.mjs'), url, String(SECONDS), String(CONNECTIONS), ...(tokensFile ? [tokensFile] : [])], {
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').pop()!);
}

async function main() {
  execFileSync('npx', ['--no-install', 'turbo', 'run', 'build', '--output-logs=errors-only'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' } });
  const database = `cfs_bench_${Date.now().toString(36)}`;
  const root = new pg.Client({ connectionString: admin });
  await root.connect();
  await root.query(`CREATE DATABASE "${database}"`);
  const dbUrl = new URL(admin);
  dbUrl.pathname = `/${database}`;
  try {
    const names = ['PORT', 'IDENTITY_GRPC_PORT', 'ACCOUNT_GRPC_PORT', 'FEED_GRPC_PORT', 'BILLING_GRPC_PORT', 'SEO_GRPC_PORT', 'MEDIA_GRPC_PORT', 'MEDIA_HTTP_PORT'] as const;
    const ports = Object.fromEntries(await Promise.all(names.map(async (n) => [n, await freePort()]))) as Record<(typeof names)[number], number>;
    const addr = (p: number) => `127.0.0.1:${p}`;
    const env = {
      ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])),
      DATABASE_URL: dbUrl.toString(),
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: `cfs:bench:${Date.now()}:`,
      DATA_DIR: work,
      MEDIA_DIR: path.join(work, 'media'),
      FEED_LOAD_DEMO_ARTICLES: 'false',
      RATE_LIMIT_PER_MINUTE: '0',
      LOG_LEVEL: 'warn',
      IDENTITY_ADDR: addr(ports.IDENTITY_GRPC_PORT),
      ACCOUNT_ADDR: addr(ports.ACCOUNT_GRPC_PORT),
      FEED_ADDR: addr(ports.FEED_GRPC_PORT),
      MEDIA_ADDR: addr(ports.MEDIA_GRPC_PORT),
    };
    const launcher = start(['services/launcher/dist/index.js'], env);
    const base = `http://127.0.0.1:${ports.PORT}`;
    await until(async () => (await fetch(`${base}/docs/public.json`)).ok, 'system');

    // Seed: Sites (each subscribed to 3 of the 6 demo categories) and articles.
    const clients = createAdminClients({
      identity: env.IDENTITY_ADDR,
      account: env.ACCOUNT_ADDR,
      feed: env.FEED_ADDR,
      media: env.MEDIA_ADDR,
      deadlineMs: 30_000,
      // The launcher keeps each caller's token in its data folder; the operator's is read there.
      serviceToken: readFileSync(localServiceTokenFile(work, 'admin'), 'utf8').trim(),
    });
    const categories = ['technology', 'business', 'science', 'health', 'sports', 'culture'];
    const tokens: string[] = [];
    for (let i = 0; i < SITES; i++) {
      const owner = (await runAdminCommand(['customer', 'create', '--name', `Bench ${i}`, '--email', `b${i}@example.com`, '--plan', 'pro'], clients)) as { credential: { secret: string } };
      tokens.push(owner.credential.secret);
      const subscribed = [0, 1, 2].map((k) => categories[(i + k * 2) % 6]!);
      const res = await fetch(`${base}/api/v1/subscriptions`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${owner.credential.secret}`, 'content-type': 'application/json' },
        body: JSON.stringify({ categories: subscribed }),
      });
      if (!res.ok) throw new Error(`subscribe failed: ${res.status}`);
    }
    closeAdminClients(clients);
    const feedDb = new pg.Client({ connectionString: dbUrl.toString() });
    await feedDb.connect();
    await feedDb.query(`INSERT INTO feed.articles (id, title, url, summary, published_at, updated_at)
      SELECT 'b' || g, 'Bench article ' || g, 'https://news.example.com/' || g, 'A summary of article ' || g || ' for the bench.', timestamptz '2026-01-01' + g * interval '1 minute', now()
      FROM generate_series(1, ${ARTICLES}) g`);
    await feedDb.query(`INSERT INTO feed.article_categories (article_id, category_key, published_at)
      SELECT 'b' || g, (ARRAY['technology','business','science','health','sports','culture'])[1 + g % 6], timestamptz '2026-01-01' + g * interval '1 minute' FROM generate_series(1, ${ARTICLES}) g`);
    await feedDb.query('ANALYZE feed.articles; ANALYZE feed.article_categories');
    await feedDb.end();
    const tokensFile = path.join(work, 'tokens.txt');
    writeFileSync(tokensFile, tokens.join('\n'));

    // The same JSON as /me and as a feed page, for the baselines.
    const meBody = await (await fetch(`${base}/api/v1/me`, { headers: { authorization: `Bearer ${tokens[0]}` } })).json();
    writeFileSync(path.join(work, 'me.json'), JSON.stringify(meBody));
    const grpcPage = { articles: ((await (await fetch(`${base}/api/v1/feed`, { headers: { authorization: `Bearer ${tokens[0]}` } })).json()) as { data: Array<Record<string, unknown>> }).data.map((a) => ({ ...a, imageKey: undefined, imageUrl: undefined, summary: a.summary ?? undefined })) };
    writeFileSync(path.join(work, 'page.json'), JSON.stringify(grpcPage));
    const grpcPort = await freePort();
    const bareExpress = await freePort();
    const grpcExpress = await freePort();
    const tsx = ['--import', 'tsx', 'test/bench/baselines.ts'];
    const grpcServer = start([...tsx, 'grpc', String(grpcPort), path.join(work, 'page.json')]);
    const bare = start([...tsx, 'express', String(bareExpress), path.join(work, 'me.json')]);
    const viaGrpc = start([...tsx, 'express', String(grpcExpress), path.join(work, 'me.json'), addr(grpcPort)]);
    await waitForServing(addr(grpcPort), 30_000).catch(() => undefined);
    await until(async () => (await fetch(`http://127.0.0.1:${bareExpress}/`)).ok, 'bare express');
    await until(async () => (await fetch(`http://127.0.0.1:${grpcExpress}/`)).ok, 'express + gRPC');

    // Warm the caches, then measure each target in turn (the load generator is its own process).
    for (let i = 0; i < tokens.length; i++) await fetch(`${base}/api/v1/feed`, { headers: { authorization: `Bearer ${tokens[i]}` } });
    const results = {
      'bare express 5': load(`http://127.0.0.1:${bareExpress}/`),
      'express 5 + 1 gRPC call': load(`http://127.0.0.1:${grpcExpress}/`),
      'GET /api/v1/me': load(`${base}/api/v1/me`, tokensFile),
      'GET /api/v1/feed': load(`${base}/api/v1/feed`, tokensFile),
    };

    const row = (name: string, r: { rps: number; p50: number; p99: number; non2xx: number; errors: number }) =>
      `${name.padEnd(26)} ${r.rps.toFixed(0).padStart(8)} ${r.p50.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)} ${String(r.non2xx + r.errors).padStart(8)}`;
    console.log(`\nbench: ${SITES} Sites, ${ARTICLES} articles, ${CONNECTIONS} connections, ${SECONDS} s per target, autocannon in its own process`);
    console.log(`${'target'.padEnd(26)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'non-2xx'.padStart(8)}`);
    for (const [name, r] of Object.entries(results)) console.log(row(name, r));
    const feedRatio = results['GET /api/v1/feed'].rps / results['express 5 + 1 gRPC call'].rps;
    const meRatio = results['GET /api/v1/me'].rps / results['bare express 5'].rps;
    const feedP99 = results['GET /api/v1/feed'].p99 / Math.max(results['express 5 + 1 gRPC call'].p99, 0.1);
    const meP99 = results['GET /api/v1/me'].p99 / Math.max(results['bare express 5'].p99, 0.1);
    console.log(`\nratios: feed / express+gRPC = ${feedRatio.toFixed(2)} (target ≥ 0.90), p99 ${feedP99.toFixed(2)}× (target ≤ 2)`);
    console.log(`        me / bare express    = ${meRatio.toFixed(2)} (target ≥ 0.80), p99 ${meP99.toFixed(2)}× (target ≤ 2)`);
    const launched = execFileSync('pgrep', ['-P', String(launcher.pid)], { encoding: 'utf8' }).trim().split('\n').map(Number);
    const commands = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').find((a) => a.endsWith('dist/index.js')) ?? '?';
    console.log('\nRSS (MB):');
    for (const pid of launched) console.log(`  ${path.relative(ROOT, commands(pid)).padEnd(38)} ${rssMb(pid)}`);
    console.log(`  ${'launcher'.padEnd(38)} ${rssMb(launcher.pid)}`);
    console.log(`  ${'baseline: bare express'.padEnd(38)} ${rssMb(bare.pid)}`);
    console.log(`  ${'baseline: express + gRPC'.padEnd(38)} ${rssMb(viaGrpc.pid)}`);
    console.log(`  ${'baseline: gRPC server'.padEnd(38)} ${rssMb(grpcServer.pid)}`);
  } finally {
    for (const c of children.reverse()) c.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1500));
    await root.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await root.end();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    for (const c of children) c.kill('SIGKILL');
    process.exit(1);
  },
);
