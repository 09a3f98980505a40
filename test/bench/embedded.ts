/**
 * The embedded `npm start` (no DATABASE_URL: everything in one process on PGlite, in-memory stores;
 * AI generation on the built-in provider, its default; the demo Site on the pro plan with an SEO
 * profile): started once to create its data and print the demo credential, stopped with SIGTERM,
 * started again on that data and timed until GET /healthz answers 200; then articles imported as
 * the operator does (`articles import`, through the services' gRPC ports the system announces in its
 * data folder), more than it can personalize during the load, so that generation runs all through
 * it; the first of them personalized is waited for; then loaded with GET /api/v1/feed (the demo
 * credential), the variants made during the load counted and its memory read.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { addressesOf, DEPLOYABLES } from '@cfs/common/deployables';
import { readLocalRun } from '@cfs/common/local-run';
import { LAUNCHER_NODE_FLAGS } from '@cfs/common/node-runtime';
import { localServiceTokenFile } from '@cfs/common/service-auth';
import { closeAdminClients, createAdminClients, runAdminCommand } from '@cfs/admin';
import { answers, fetchRetrying, freePorts, load, startNode, stop, until } from './harness.ts';
import { measured, type Measured } from './measure.ts';
import { processTree } from './procfs.ts';
import { BENCH_RATE_LIMIT_PER_MINUTE, LAUNCHER_PORTS } from './system-under-test.ts';

const PORTS = [...LAUNCHER_PORTS, 'EMBEDDED_PG_PORT'] as const;
const DEMO_CREDENTIAL = /Demo credential .*: (cfs_\S+)/;
const RUNNING = /Content Feed Service is running/;

export interface EmbeddedFigures {
  /** From spawn to the first 200 of GET /healthz, on existing data. */
  healthyMs: number;
  /** From spawn to the launcher's "is running" line (after the demo seed's check). */
  runningMs: number;
  feed: Measured;
  /** Its process tree, read after the load. */
  pids: number[];
  generation: EmbeddedGeneration;
}

export interface EmbeddedGeneration {
  /** Articles imported (in the demo Site's categories) just before the load. */
  imported: number;
  /** From the import's start to the first of them shown with `personalized` (and its image). */
  firstMs: number;
  /** Of the imported articles, shown personalized when the load started and when it ended. */
  before: number;
  after: number;
}

/** Resolves with the first match of `pattern` in the child's stdout. */
function printed(child: ChildProcess, pattern: RegExp): Promise<RegExpExecArray> {
  let out = '';
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += String(chunk);
      const match = pattern.exec(out);
      if (match) resolve(match);
    });
    child.once('exit', (code) => reject(new Error(`embedded npm start exited (${code}) before printing ${pattern}: ${out}`)));
  });
}

/** The environment of a newcomer's `npm start`: none of the bench's servers, fresh data, free ports. */
async function embeddedEnv(): Promise<{ env: NodeJS.ProcessEnv; base: string }> {
  const bare = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(DATABASE_URL|REDIS_URL|MEDIA_DIR|S3_|OTEL_|CFS_)/.test(k)));
  const ports = await freePorts(PORTS);
  const env = {
    ...bare,
    ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])),
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cfs-bench-embedded-')),
    // The rate limit runs (its Redis round trip is part of every request's cost) but never refuses.
    RATE_LIMIT_PER_MINUTE: String(BENCH_RATE_LIMIT_PER_MINUTE),
    LOG_LEVEL: 'warn',
  };
  return { env, base: `http://127.0.0.1:${ports.PORT}` };
}

/** As package.json's start script runs it (without npm's own process). */
const launch = (env: NodeJS.ProcessEnv) => startNode([...LAUNCHER_NODE_FLAGS, 'services/launcher/dist/index.js'], env, ['ignore', 'pipe', 'inherit']);

interface Item {
  id: string;
  personalized?: { imageUrl: string | null };
}

/** The `imported` newest articles of the demo Site's feed that carry `personalized` with an image. */
async function personalizedOf(base: string, token: string, imported: number): Promise<number> {
  let found = 0;
  let cursor: string | null = null;
  for (let seen = 0; seen < imported;) {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const res = await fetchRetrying(`${base}/api/v1/feed?limit=100${query}`, { headers: { authorization: `Bearer ${token}` } });
    const page = (await res.json()) as { data: Item[]; nextCursor: string | null };
    for (const item of page.data.slice(0, imported - seen)) if (item.id.startsWith('emb-') && item.personalized?.imageUrl) found += 1;
    seen += page.data.length;
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  return found;
}

/** `count` new articles (the demo Site's categories, newer than the demo's) imported as the operator does. */
async function importIntoEmbedded(dataDir: string, count: number): Promise<void> {
  const run = readLocalRun(dataDir);
  if (!run) throw new Error(`the embedded system announced no ports in ${dataDir}`);
  const file = path.join(dataDir, 'bench-import.jsonl');
  const articles = Array.from({ length: count }, (_, n) => ({
    id: `emb-${n}`,
    title: `Embedded bench article ${n}: what the week brought in ${n % 2 ? 'science' : 'technology'}`,
    url: `https://news.example.com/embedded/${n}`,
    summary: `Imported while the embedded system is loaded, so that generation runs (${n}).`,
    publishedAt: new Date(Date.UTC(2030, 0, 1) + n * 60_000).toISOString(),
    categories: [n % 2 ? 'science' : 'technology'],
  }));
  writeFileSync(file, articles.map((a) => JSON.stringify(a)).join('\n') + '\n');
  const clients = createAdminClients({
    ...addressesOf(run, DEPLOYABLES.admin.calls),
    deadlineMs: 60_000,
    serviceToken: readFileSync(localServiceTokenFile(dataDir, 'admin'), 'utf8').trim(),
  });
  try {
    await runAdminCommand(['articles', 'import', '--file', file], clients);
  } finally {
    closeAdminClients(clients);
  }
}

/**
 * `imports` articles are imported before the load (more than the built-in provider renders in
 * `seconds` under the load, within the pro plan's budget), and the load starts once the first is
 * personalized.
 */
export async function measureEmbedded(seconds: number, connections: number, requestsFile: string, imports: number): Promise<EmbeddedFigures> {
  const { env, base } = await embeddedEnv();
  const first = launch(env);
  const token = (await printed(first, DEMO_CREDENTIAL))[1]!;
  await stop(first);

  const started = performance.now();
  const again = launch(env);
  const running = printed(again, RUNNING).then(() => performance.now() - started);
  await until(answers(`${base}/healthz`), 'embedded /healthz', 60_000, 10);
  const healthyMs = performance.now() - started;
  const runningMs = await running;
  const importStarted = performance.now();
  await importIntoEmbedded(env.DATA_DIR!, imports);
  await until(async () => (await personalizedOf(base, token, 1)) > 0, 'the first imported article personalized', 120_000, 100);
  const firstMs = performance.now() - importStarted;
  const before = await personalizedOf(base, token, imports);
  const feed = measured(
    'embedded GET /api/v1/feed',
    () => processTree(again.pid!),
    () => load(base, [{ path: '/api/v1/feed', token }], seconds, connections, requestsFile),
  );
  const pids = processTree(again.pid!);
  const after = await personalizedOf(base, token, imports);
  return { healthyMs, runningMs, feed, pids, generation: { imported: imports, firstMs, before, after } };
}
