/**
 * `npm run bench`: the system against PostgreSQL and Redis (every deployable in its own process, as
 * `npm start` runs it with DATABASE_URL), loaded by autocannon in a process of its own. It prints,
 * in one run:
 *   1. GET /api/v1/me and GET /api/v1/feed next to two baselines measured on the same machine (a bare
 *      express 5 route returning the same JSON as /me; an express 5 route making one @grpc/grpc-js
 *      unary call to a server process answering a feed page): requests/s, p50, p99, errors and CPU
 *      ms per 1 000 requests (of the target's processes, and of the PostgreSQL and Redis servers),
 *      the ratios with their targets; and the same cached feed pages revalidated (If-None-Match with
 *      each Site's ETag: every answer a 304) against their 200s;
 *   2. the peak and current RSS of every deployable under that load;
 *   3. the realistic mix on a second system with its Prometheus endpoints on (many Sites, many
 *      articles; 90 % feed pages, first and deeper, 5 % /me, 5 % other reads): the same figures
 *      and the hit ratio of each cache, and the RSS of every deployable;
 *   4. the embedded `npm start`: its start-up time on existing data and its memory under load;
 *   5. the feed's first page at the mix's article count against 10 000 articles;
 *   6. AI generation (`ai`): the built-in `local` provider's throughput, in process (ai.ts): texts/s,
 *      images/s and ms per image one at a time, images/s five at a time (the worker's batch); and
 *      the time from an article's import to its personalized feed item on a system of real processes.
 * It asserts nothing: the machine is shared and noisy.
 *
 *   npm run bench                 full: 200 Sites, 100 000 articles, 10 s per target; mix of 10 000
 *                                 Sites and 1 000 000 articles for 30 s
 *   npm run bench -- --short      CI: 20 Sites, 5 000 articles, 3 s per target; mix of 500 Sites and
 *                                 50 000 articles for 5 s
 *   npm run bench -- --only=mix,embedded   some parts only (baselines, mix, embedded, feed, ai)
 * BENCH_SITES, BENCH_ARTICLES, BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_MIX_SITES, BENCH_MIX_ARTICLES,
 * BENCH_MIX_SECONDS, BENCH_FEED_ITERATIONS and BENCH_AI_SECONDS (per image measurement: 5 s, 2 s
 * short) change the sizes.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { waitForServing } from '@cfs/common/grpc';
import { freePort } from '../support/processes.ts';
import { measureLocalProvider, WORKER_BATCH } from './ai.ts';
import { measureEmbedded } from './embedded.ts';
import { feedLatency, type SizeLatency } from './feed-latency.ts';
import { addr, answers, cleanUp, killAll, load, ROOT, startNode, stop, until, type LoadRequest } from './harness.ts';
import { measured, named, printLoads, printMemory, type Measured } from './measure.ts';
import { mixRequests, printCacheRatios, scrapeCacheLookups } from './mix.ts';
import { importArticles, redisUrl, seedArticles, seedSites, startSystem, subscriptionSetOf, type RunningSystem } from './system-under-test.ts';

const short = process.argv.includes('--short');
const setting = (name: string, full: number, ci: number) => Number(process.env[name] ?? (short ? ci : full));
const SITES = setting('BENCH_SITES', 200, 20);
const ARTICLES = setting('BENCH_ARTICLES', 100_000, 5_000);
const SECONDS = setting('BENCH_SECONDS', 10, 3);
const CONNECTIONS = setting('BENCH_CONNECTIONS', 50, 50);
const MIX_SITES = setting('BENCH_MIX_SITES', 10_000, 500);
const MIX_ARTICLES = setting('BENCH_MIX_ARTICLES', 1_000_000, 50_000);
const MIX_SECONDS = setting('BENCH_MIX_SECONDS', 30, 5);
const FEED_ITERATIONS = setting('BENCH_FEED_ITERATIONS', 300, 100);
const AI_SECONDS = setting('BENCH_AI_SECONDS', 5, 2);
const DEPLOYABLE_RSS_MB = 120;
const EMBEDDED_RSS_MB = 350;
const EMBEDDED_START_S = 3;
const work = mkdtempSync(path.join(tmpdir(), 'cfs-bench-'));
const requestsFile = (name: string) => path.join(work, `${name}.requests`);

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');

/** A system with Sites and articles. */
async function seeded(label: string, metrics: boolean, sites: number, articles: number): Promise<RunningSystem> {
  const started = Date.now();
  const system = await startSystem(label, metrics);
  const up = Date.now();
  await seedSites(system, sites);
  const withSites = Date.now();
  await seedArticles(system.dbUrl, articles);
  console.log(
    `(${label}: up in ${seconds(up - started)}; ${sites} Sites in ${seconds(withSites - up)}, ${articles} articles in ${seconds(Date.now() - withSites)})`,
  );
  return system;
}

interface Baselines {
  bare: { origin: string; pids: number[] };
  viaGrpc: { origin: string; pids: number[] };
  /** Not a baseline of a target: bare express plus the one Redis round trip /me cannot do without. */
  viaRedis: { origin: string; pids: number[] };
  processes: Array<[string, number]>;
}

/** The two baselines, each answering what the system answers: /me's JSON, a feed page over gRPC. */
async function startBaselines(system: RunningSystem): Promise<Baselines> {
  const get = async (p: string) => (await fetch(`${system.base}${p}`, { headers: { authorization: `Bearer ${system.tokens[0]}` } })).json();
  writeFileSync(path.join(work, 'me.json'), JSON.stringify(await get('/api/v1/me')));
  const feed = (await get('/api/v1/feed')) as { data: Array<Record<string, unknown>> };
  const grpcPage = { articles: feed.data.map((a) => ({ ...a, imageKey: undefined, imageUrl: undefined, summary: a.summary ?? undefined })) };
  writeFileSync(path.join(work, 'page.json'), JSON.stringify(grpcPage));
  const [grpcPort, barePort, viaGrpcPort, viaRedisPort] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const tsx = ['--import', 'tsx', 'test/bench/baselines.ts'];
  const grpcServer = startNode([...tsx, 'grpc', String(grpcPort), path.join(work, 'page.json')]);
  const bare = startNode([...tsx, 'express', String(barePort), path.join(work, 'me.json')]);
  const viaGrpc = startNode([...tsx, 'express', String(viaGrpcPort), path.join(work, 'me.json'), addr(grpcPort)]);
  const viaRedis = startNode([...tsx, 'redis', String(viaRedisPort), path.join(work, 'me.json'), redisUrl]);
  await waitForServing(addr(grpcPort), 30_000).catch(() => undefined);
  const origin = (port: number) => `http://127.0.0.1:${port}`;
  await until(answers(origin(barePort)), 'bare express');
  await until(answers(origin(viaGrpcPort)), 'express + gRPC');
  await until(answers(origin(viaRedisPort)), 'express + Redis');
  return {
    bare: { origin: origin(barePort), pids: [bare.pid!] },
    viaGrpc: { origin: origin(viaGrpcPort), pids: [viaGrpc.pid!, grpcServer.pid!] },
    viaRedis: { origin: origin(viaRedisPort), pids: [viaRedis.pid!] },
    processes: [
      ['bare express 5', bare.pid!],
      ['express 5 + gRPC client', viaGrpc.pid!],
      ['its gRPC server', grpcServer.pid!],
      ['express 5 + 1 Redis call', viaRedis.pid!],
    ],
  };
}

const each = (system: RunningSystem, route: string): LoadRequest[] => system.tokens.map((token) => ({ path: route, token }));

function printRatios(rows: Record<'bare' | 'viaGrpc' | 'viaRedis' | 'me' | 'feed' | 'feed304', Measured>): void {
  const line = (label: string, target: Measured, baseline: Measured, atLeast: number) => {
    const ratio = target.rps / baseline.rps;
    const p99 = target.p99 / Math.max(baseline.p99, 0.1);
    console.log(
      `  ${label.padEnd(22)} = ${ratio.toFixed(2)} (target ≥ ${atLeast.toFixed(2)}: ${verdict(ratio >= atLeast)}), p99 ${p99.toFixed(2)}× (target ≤ 2: ${verdict(p99 <= 2)})`,
    );
  };
  console.log('\nratios (requests/s):');
  line('feed / express+gRPC', rows.feed, rows.viaGrpc, 1.0);
  line('me / bare express', rows.me, rows.bare, 0.8);
  const cpu = (m: Measured) => Math.max(m.cpuSystem + m.cpuServers, 0.1);
  const reference = (label: string, target: Measured, baseline: Measured) =>
    console.log(
      `  ${label.padEnd(22)} = ${(target.rps / baseline.rps).toFixed(2)}, CPU per request (db and Redis included) ${(cpu(target) / cpu(baseline)).toFixed(2)}×`,
    );
  console.log('reference (no target): what one Redis round trip, which /me needs for the rate limit and revocation, costs alone:');
  reference('express+Redis / bare', rows.viaRedis, rows.bare);
  reference('me / express+Redis', rows.me, rows.viaRedis);
  const { feed, feed304 } = rows;
  const ratio = (a: number, b: number) => (a / Math.max(b, 0.1)).toFixed(2);
  console.log('conditional (no target): the same cached feed pages revalidated (304, not charged) against read (200, charged):');
  console.log(
    `  ${'feed 304 / feed 200'.padEnd(22)} = ${ratio(feed304.rps, feed.rps)}, CPU per request ${ratio(feed304.cpuSystem, feed.cpuSystem)}× (system), ` +
      `${ratio(feed304.cpuServers, feed.cpuServers)}× (db and Redis); ${feed304.notModified} of ${feed304.requests} answers were 304`,
  );
}

/** 1 and 2: the system's two hottest routes next to the baselines, and its memory under that load. */
async function againstBaselines(): Promise<void> {
  const system = await seeded('system', false, SITES, ARTICLES);
  const baselines = await startBaselines(system);
  // Every Site's first feed page once: the caches are warm, as they are in service. Its ETag is what
  // a polling client sends back.
  const revalidations: LoadRequest[] = [];
  for (const token of system.tokens) {
    const res = await fetch(`${system.base}/api/v1/feed`, { headers: { authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    revalidations.push({ path: '/api/v1/feed', token, ifNoneMatch: res.headers.get('etag')! });
  }
  const rows = {
    bare: measured(
      'bare express 5',
      () => baselines.bare.pids,
      () => load(baselines.bare.origin, [{ path: '/' }], SECONDS, CONNECTIONS, requestsFile('bare')),
    ),
    viaGrpc: measured(
      'express 5 + 1 gRPC call',
      () => baselines.viaGrpc.pids,
      () => load(baselines.viaGrpc.origin, [{ path: '/' }], SECONDS, CONNECTIONS, requestsFile('grpc')),
    ),
    viaRedis: measured(
      'express 5 + 1 Redis call',
      () => baselines.viaRedis.pids,
      () => load(baselines.viaRedis.origin, [{ path: '/' }], SECONDS, CONNECTIONS, requestsFile('redis')),
    ),
    me: measured('GET /api/v1/me', system.pids, () => load(system.base, each(system, '/api/v1/me'), SECONDS, CONNECTIONS, requestsFile('me'))),
    feed: measured('GET /api/v1/feed', system.pids, () => load(system.base, each(system, '/api/v1/feed'), SECONDS, CONNECTIONS, requestsFile('feed'))),
    feed304: measured('GET /api/v1/feed → 304', system.pids, () => load(system.base, revalidations, SECONDS, CONNECTIONS, requestsFile('feed-304'))),
  };
  console.log(`\n== bench: ${SITES} Sites, ${ARTICLES} articles, ${CONNECTIONS} connections, ${SECONDS} s per target, autocannon in its own process`);
  printLoads(Object.values(rows));
  printRatios(rows);
  printMemory('RSS of each process after the load (MB; peak = VmHWM since start, seeding included):', named(system.pids()), DEPLOYABLE_RSS_MB);
  printMemory('RSS of the baselines (MB):', baselines.processes);
  await stop(system.launcher);
}

/** 3: the realistic mix, with the caches' hit ratios. */
async function realisticMix(): Promise<void> {
  const system = await seeded('mix', true, MIX_SITES, MIX_ARTICLES);
  const requests = await mixRequests(system, 50_000, short ? 5 : 20);
  // In service every Site polls its feed: each Site's first page once (its Credential, Site and set
  // cached, as they are after a minute of service), then the mix itself for a while.
  load(system.base, each(system, '/api/v1/feed'), 0, CONNECTIONS, requestsFile('mix-sites'), system.tokens.length);
  const warmUp = Math.max(2, Math.round(MIX_SECONDS / 3));
  load(system.base, requests, warmUp, CONNECTIONS, requestsFile('mix-warm-up'));
  const before = await scrapeCacheLookups(system);
  const mix = measured('mix', system.pids, () => load(system.base, requests, MIX_SECONDS, CONNECTIONS, requestsFile('mix')));
  const after = await scrapeCacheLookups(system);
  console.log(
    `\n== realistic mix: ${MIX_SITES} Sites (a Credential each), ${MIX_ARTICLES} articles, ${CONNECTIONS} connections, ${MIX_SECONDS} s after a warm-up (every Site's feed once, then ${warmUp} s of the mix);`,
  );
  console.log('   90 % GET /api/v1/feed (half first pages, half deeper pages through cursors), 5 % GET /api/v1/me, 5 % other reads;');
  console.log('   every process with OTEL_METRICS_EXPORTER=prometheus (its instrumentation costs CPU and memory too)');
  printLoads([mix]);
  console.log('\ncache hit ratios over the mix (cfs.cache.lookups, every process):');
  printCacheRatios(before.lookups, after.lookups);
  if (after.silent.length) console.log(`  (no metrics endpoint answered for: ${after.silent.join(', ')})`);
  printMemory('RSS of each process after the mix (MB):', named(system.pids()), DEPLOYABLE_RSS_MB);
  await stop(system.launcher);
}

/** 4: the embedded npm start. */
async function embeddedStart(): Promise<void> {
  const figures = await measureEmbedded(SECONDS, CONNECTIONS, requestsFile('embedded'));
  console.log('\n== embedded npm start (no DATABASE_URL: one process, PGlite), on existing data:');
  console.log(
    `  start-up to GET /healthz 200: ${seconds(figures.healthyMs)} (target ≤ ${EMBEDDED_START_S} s: ${verdict(figures.healthyMs <= EMBEDDED_START_S * 1000)}); to its "is running" line: ${seconds(figures.runningMs)}`,
  );
  printLoads([figures.feed]);
  const peak = printMemory(`RSS after ${SECONDS} s of GET /api/v1/feed with the demo credential (MB):`, named(figures.pids));
  console.log(`  sum of the peaks: ${peak} MB (target ≤ ${EMBEDDED_RSS_MB} MB: ${verdict(peak <= EMBEDDED_RSS_MB)})`);
}

/** 5: the feed's first page, at the mix's article count against 10 000. */
async function feedAtSize(): Promise<void> {
  const rows = await feedLatency([10_000, MIX_ARTICLES], FEED_ITERATIONS);
  const [small, large] = rows as [SizeLatency, SizeLatency];
  console.log(`\n== feed page read (the feed service's, no cache), ${FEED_ITERATIONS} reads each, limit 20:`);
  for (const r of rows) {
    console.log(
      `  ${String(r.articles).padStart(9)} articles: first page p50 ${r.first.p50.toFixed(2)} ms, p99 ${r.first.p99.toFixed(2)} ms; deep page p50 ${r.deep.p50.toFixed(2)} ms; ` +
        `changes poll caught up p50 ${r.caughtUp.p50.toFixed(2)} ms, 20 behind p50 ${r.behind.p50.toFixed(2)} ms`,
    );
  }
  const ratio = large.first.p50 / small.first.p50;
  const scale = large.articles === 1_000_000 ? '' : ` (target stated at 1 000 000 articles; this run has ${large.articles})`;
  console.log(`  first page p50 at ${large.articles} / at ${small.articles} = ${ratio.toFixed(2)}× (target ≤ 1.2×: ${verdict(ratio <= 1.2)})${scale}`);
}

/** 6: AI generation. */
async function aiGeneration(): Promise<void> {
  const f = await measureLocalProvider(AI_SECONDS);
  console.log(`\n== AI generation: the built-in provider (AI_PROVIDER=local), in process, ${f.cores} cores:`);
  console.log(`  text variants: ${f.textsPerSecond.toFixed(0)}/s (one at a time)`);
  console.log(
    `  images (1200×630 PNG, ${(f.imageBytes / 1024).toFixed(0)} KB on average): ${f.imagesPerSecond.toFixed(1)}/s one at a time, ${f.msPerImage.toFixed(0)} ms per image;`,
  );
  console.log(`    ${f.imagesPerSecondBatch.toFixed(1)}/s ${WORKER_BATCH} at a time (the worker's batch)`);
  const loop = await importToPersonalized();
  console.log(
    `  import to personalized item (AI_PROVIDER=local, ${loop.sites} subscribed Sites on the pro plan, one article at a time, ${loop.samples.length} imports): ` +
      `first Site ${loop.first.map((ms) => `${ms} ms`).join(', ')}; every Site ${loop.all.map((ms) => `${ms} ms`).join(', ')}`,
  );
}

/**
 * The content loop end to end on real processes (as `npm start` with DATABASE_URL runs them): an
 * article imported with the operator CLI, then GET /api/v1/feed of each subscribed Site polled every
 * 50 ms until the article carries `personalized` with its image.
 */
async function importToPersonalized(): Promise<{ sites: number; samples: number[]; first: number[]; all: number[] }> {
  const SITES_SUBSCRIBED = 4;
  const IMPORTS = 3;
  const system = await startSystem('ai-loop', false, { AI_PROVIDER: 'local' });
  const first: number[] = [];
  const all: number[] = [];
  try {
    await seedSites(system, SITES_SUBSCRIBED * 2);
    // Sites whose subscription set holds `technology` (subscriptionSetOf: odd i).
    const tokens = system.tokens.filter((_, i) => subscriptionSetOf(i).includes('technology')).slice(0, SITES_SUBSCRIBED);
    for (let n = 0; n < IMPORTS; n++) {
      const article = {
        id: `loop-${n}`,
        title: `Loop article ${n}`,
        url: `https://news.example.com/loop/${n}`,
        summary: 'Imported to measure the content loop.',
        publishedAt: new Date(Date.UTC(2027, 0, 1) + n * 60_000).toISOString(),
        categories: ['technology'],
      };
      const started = Date.now();
      await importArticles(system, [article]);
      const times = await Promise.all(
        tokens.map(async (token) => {
          await until(
            async () => {
              const res = await fetch(`${system.base}/api/v1/feed?limit=1`, { headers: { authorization: `Bearer ${token}` } });
              const item = ((await res.json()) as { data: Array<{ id: string; personalized?: { imageUrl: string | null } }> }).data[0];
              return item?.id === article.id && Boolean(item.personalized?.imageUrl);
            },
            `article ${n} personalized`,
            60_000,
            50,
          );
          return Date.now() - started;
        }),
      );
      first.push(Math.min(...times));
      all.push(Math.max(...times));
    }
  } finally {
    await stop(system.launcher);
  }
  return { sites: SITES_SUBSCRIBED, samples: all, first, all };
}

async function main() {
  execFileSync('npx', ['--no-install', 'turbo', 'run', 'build', '--output-logs=errors-only'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' },
  });
  const parts = { baselines: againstBaselines, mix: realisticMix, embedded: embeddedStart, feed: feedAtSize, ai: aiGeneration };
  const only = process.argv
    .find((a) => a.startsWith('--only='))
    ?.slice('--only='.length)
    .split(',');
  const unknown = only?.filter((name) => !(name in parts)) ?? [];
  if (unknown.length) throw new Error(`--only: unknown part ${unknown.join(', ')} (parts: ${Object.keys(parts).join(', ')})`);
  try {
    for (const [name, part] of Object.entries(parts)) if (!only || only.includes(name)) await part();
  } finally {
    await cleanUp();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    killAll();
    process.exit(1);
  },
);
