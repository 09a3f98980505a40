/**
 * `npm run bench`: the system against PostgreSQL and Redis (every deployable in its own process, as
 * `npm start` runs it with DATABASE_URL), loaded by autocannon in a process of its own. It prints,
 * in one run, each figure with its target and "met" or "NOT met" beside it (docs/performance.md holds the runs):
 *   1. (`baselines`) GET /api/v1/me, GET /api/v1/feed (cached) and the same feed pages revalidated
 *      (`GET /api/v1/feed 304`: If-None-Match with each Site's ETag, every answer a 304) next to two
 *      baselines measured on the same machine (a bare express 5 route returning the same JSON as
 *      /me; an express 5 route making one @grpc/grpc-js unary call to a server process answering a
 *      feed page) and the reference "express 5 + 1 Redis call" (bare express plus one call of the
 *      gateway's rate-limit script): requests/s, p50, p99, errors and CPU ms per 1 000 requests (of
 *      the target's processes, and of the PostgreSQL and Redis servers); /me and the cached feed
 *      against the reference (requests/s ≥ 0.8×, CPU per request with every process, PostgreSQL and
 *      Redis included ≤ 1.5×, p99 ≤ 2×); the 304 against its 200 in CPU per request (< 1.0×);
 *   2. the peak and current RSS of every deployable under that load, and the gateway's peak against
 *      its own target, 120 MB plus the bytes its caches may hold (gateway-memory.ts);
 *   3. (`mix`) on a second system with AI generation on (AI_PROVIDER=local, Sites on the pro plan)
 *      and its Prometheus endpoints on: a caught-up GET /api/v1/feed/changes against a cached feed
 *      page at 10 000 articles and at the mix's size (1 000 000), requests/s and CPU per request
 *      (each within 1.2×; changes.ts); the reference "express 5 + 1 Redis call" again, on that
 *      system's machine state; articles imported so that generation runs; then the realistic mix
 *      (many Sites, many articles; 90 % feed pages, first and deeper, 5 % /me, 5 % other reads):
 *      requests/s against the reference (≥ 0.4×), p99 (≤ 60 ms), the share of feed answers that
 *      carried `personalized` items, the variants made during it, the hit ratio of each cache, and
 *      the RSS of every deployable after it (≤ 120 MB); before it, the same mix with generation
 *      paused by the operator: requests/s and p99 with generation flat out against it (≥ 0.8×, ≤ 1.5×);
 *      then realistic polling (polling.ts): every Site polls its changes feed once in a minute with
 *      the since and ETag it holds (nearly every answer a 304), paced as an open model, against its
 *      cached first page at the same pace, generation paused: CPU per request net of the system's
 *      idle CPU (≤ 1.2× the page's) and p99 (≤ 25 ms);
 *   4. (`embedded`) the embedded `npm start`: its start-up time on existing data, and its RSS after
 *      30 s of GET /api/v1/feed with generation running (≤ 300 MB; embedded.ts);
 *   5. (`feed`) the feed service's first page at the mix's article count against 10 000 articles;
 *   6. (`ai`) AI generation: the built-in `local` provider's throughput, in process (ai.ts): texts/s,
 *      images/s and ms per image one at a time, images/s five at a time (the worker's batch); and on
 *      a system of real processes, the time from an article's import to its personalized feed item
 *      and the articles personalized per second end to end (import, plan, queue, worker, store);
 *   7. (`sources`) reading publishers' feeds (sources.ts): parse throughput of a 5 MB RSS document
 *      against feedsmith's published figure; Sources polled at their interval against stand-in
 *      publishers (half 304s): fetches/s sustained, CPU per fetch, the feed process's peak RSS (≤ 150
 *      MB); the time from a publisher's change to a Site's changes feed by polling (and, once WebSub
 *      is in the build, by push: ≤ 2 s);
 *   8. (`webhooks`) the delivery engine (webhooks.ts): deliveries/s to 100 receiver endpoints fed
 *      through EnqueueEvents (≥ 500/s), every receiver answering and then one hanging (the others'
 *      rate within 0.95×), the webhooks process's RSS with 10 000 deliveries pending (≤ 150 MB), and
 *      the time from an import to a receiver's first byte of feed.changed (p50 ≤ 1 s, p99 ≤ 3 s).
 * It asserts nothing: the machine is shared and noisy.
 *
 *   npm run bench                 full: 200 Sites, 100 000 articles, 10 s per target; changes at
 *                                 10 000 and 1 000 000 articles; mix of 10 000 Sites and 1 000 000
 *                                 articles for 30 s, its Sites polling for 60 s; embedded loaded 30 s; 1 000 Sources polled
 *                                 every 90 s (11.1 fetches/s, the rate of 10 000 at 15 minutes),
 *                                 measured for 60 s; webhooks: 20 s windows, 10 000 pending, 20 imports
 *   npm run bench -- --short      CI: 20 Sites, 5 000 articles, 3 s per target; changes at 10 000
 *                                 and 50 000 articles; mix of 500 Sites and 50 000 articles for 5 s,
 *                                 its Sites polling for 10 s (each once in 10 s, not a minute);
 *                                 embedded loaded 10 s; 100 Sources (not the 1 000 the target
 *                                 names) every 10 s, measured for 10 s, one change timed;
 *                                 webhooks: 5 s windows, 2 000 pending (not 10 000), 3 imports
 *   npm run bench -- --only=mix,embedded   some parts only (baselines, mix, embedded, feed, ai, sources, webhooks)
 * BENCH_SITES, BENCH_ARTICLES, BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_MIX_SITES, BENCH_MIX_ARTICLES,
 * BENCH_MIX_SECONDS, BENCH_POLLING_SECONDS, BENCH_EMBEDDED_SECONDS, BENCH_FEED_ITERATIONS, BENCH_AI_SECONDS (per image
 * measurement: 5 s, 2 s short), BENCH_SOURCES, BENCH_SOURCES_INTERVAL, BENCH_SOURCES_SECONDS, BENCH_WEBHOOKS_SECONDS, BENCH_WEBHOOKS_PENDING and
 * BENCH_WEBHOOKS_SAMPLES change the sizes; BENCH_WEBHOOKS_HEAP_MB the webhooks process's heap (by default the
 * chart's for the webhooks pods; 0: V8's default).
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { waitForServing } from '@cfs/common/grpc';
import { freePort } from '../support/processes.ts';
import { measureLocalProvider, WORKER_BATCH } from './ai.ts';
import { changesAgainstFeed, type ChangesAgainstFeed } from './changes.ts';
import { measureEmbedded } from './embedded.ts';
import { feedLatency, type SizeLatency } from './feed-latency.ts';
import { cacheMbOf, GATEWAY_BASE_MB } from './gateway-memory.ts';
import { addr, answers, cleanUp, fetchRetrying, killAll, load, progress, ROOT, startNode, stop, until, type LoadRequest } from './harness.ts';
import { cpuSplit, measured, named, printLoads, printMemory, type Measured } from './measure.ts';
import { environOf, memoryOf } from './procfs.ts';
import { mixRequests, printCacheRatios, scrapeCacheLookups } from './mix.ts';
import { printPolling, realisticPolling } from './polling.ts';
import { measureParse, measurePolling, printParse } from './sources.ts';
import { measureWebhooks } from './webhooks.ts';
import {
  DEPLOYABLES,
  importArticles,
  operator,
  pendingJobs,
  queryDb,
  redisUrl,
  seedArticles,
  seedSites,
  startSystem,
  subscriptionSetOf,
  variantCount,
  type RunningSystem,
} from './system-under-test.ts';

const short = process.argv.includes('--short');
const setting = (name: string, full: number, ci: number) => Number(process.env[name] ?? (short ? ci : full));
const SITES = setting('BENCH_SITES', 200, 20);
const ARTICLES = setting('BENCH_ARTICLES', 100_000, 5_000);
const SECONDS = setting('BENCH_SECONDS', 10, 3);
const CONNECTIONS = setting('BENCH_CONNECTIONS', 50, 50);
const MIX_SITES = setting('BENCH_MIX_SITES', 10_000, 500);
const MIX_ARTICLES = setting('BENCH_MIX_ARTICLES', 1_000_000, 50_000);
const MIX_SECONDS = setting('BENCH_MIX_SECONDS', 30, 5);
const POLLING_SECONDS = setting('BENCH_POLLING_SECONDS', 60, 10);
const EMBEDDED_SECONDS = setting('BENCH_EMBEDDED_SECONDS', 30, 10);
const FEED_ITERATIONS = setting('BENCH_FEED_ITERATIONS', 300, 100);
const AI_SECONDS = setting('BENCH_AI_SECONDS', 5, 2);
const SOURCES = setting('BENCH_SOURCES', 1_000, 100);
const SOURCES_INTERVAL = setting('BENCH_SOURCES_INTERVAL', 90, 10);
// One whole interval: every Source is due once in it, however the adds bunched their fetches.
const SOURCES_SECONDS = setting('BENCH_SOURCES_SECONDS', 90, 10);
const WEBHOOKS_SECONDS = setting('BENCH_WEBHOOKS_SECONDS', 20, 5);
const WEBHOOKS_PENDING = setting('BENCH_WEBHOOKS_PENDING', 10_000, 2_000);
const WEBHOOKS_SAMPLES = setting('BENCH_WEBHOOKS_SAMPLES', 20, 3);
/** The smaller size of the changes feed's comparison (the larger is the mix's). */
const CHANGES_ARTICLES = Math.min(10_000, MIX_ARTICLES);
/** Articles imported into the mix's system before its warm-up: each is queued for every eligible subscribed Site. */
const MIX_IMPORTS = 3;
/** The targets the figures are held against. */
const TARGET = {
  referenceRps: 0.8,
  referenceCpu: 1.5,
  referenceP99: 2,
  conditionalCpu: 1.0,
  changes: 1.2,
  mixRps: 0.4,
  mixP99Ms: 60,
  /** Realistic polling: a caught-up changes poll's CPU against a cached page's, and its p99. */
  polling: { cpuRatio: 1.2, p99Ms: 25 },
  /** The mix with generation running flat out against the same mix with generation off, in the same run. */
  generationRps: 0.8,
  generationP99: 1.5,
  deployableRssMb: 120,
  embeddedRssMb: 300,
  embeddedLoadSeconds: 30,
  changesArticles: 1_000_000,
};
const EMBEDDED_START_S = 3;
/** A generation sweep plans every Site's backfill of what the seed wrote without imports: not during a run. */
const AI_ENV = { AI_PROVIDER: 'local', AI_SWEEP_CRON: '0 0 1 1 *' };
const work = mkdtempSync(path.join(tmpdir(), 'cfs-bench-'));
const requestsFile = (name: string) => path.join(work, `${name}.requests`);

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
const count = (n: number) => n.toLocaleString('en').replace(/,/g, ' ');
/** CPU ms per 1 000 requests of every process of the target and of the PostgreSQL and Redis servers. */
const cpuAll = (m: Measured) => Math.max(m.cpuSystem + m.cpuServers, 0.1);
/** The reference "express 5 + 1 Redis call" of the last run of part baselines, if it ran. */
let baselinesReference: Measured | undefined;

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

const origin = (port: number) => `http://127.0.0.1:${port}`;

/** The reference alone ("express 5 + 1 Redis call", returning `bodyFile`), started and answering. */
async function startReference(bodyFile: string): Promise<{ origin: string; process: ChildProcess }> {
  const port = await freePort();
  const child = startNode(['--import', 'tsx', 'test/bench/baselines.ts', 'redis', String(port), bodyFile, redisUrl]);
  await until(answers(origin(port)), 'express + Redis');
  return { origin: origin(port), process: child };
}

/** The two baselines, each answering what the system answers: /me's JSON, a feed page over gRPC. */
async function startBaselines(system: RunningSystem): Promise<Baselines> {
  const get = async (p: string) => (await fetchRetrying(`${system.base}${p}`, { headers: { authorization: `Bearer ${system.tokens[0]}` } })).json();
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

/** Where each row's CPU went, by process. */
function printCpuSplits(rows: Measured[]): void {
  console.log('  CPU ms per 1 000 requests by process:');
  for (const m of rows) console.log(`    ${m.name.padEnd(36)} ${cpuSplit(m)}`);
}

function printRatios(rows: Record<'bare' | 'viaGrpc' | 'viaRedis' | 'me' | 'feed' | 'feed304', Measured>): void {
  const ratio = (a: number, b: number) => a / Math.max(b, 0.1);
  const against = (label: string, target: Measured, reference: Measured) => {
    const rps = ratio(target.rps, reference.rps);
    const cpu = ratio(cpuAll(target), cpuAll(reference));
    const p99 = ratio(target.p99, reference.p99);
    console.log(
      `  ${label.padEnd(26)} req/s ${rps.toFixed(2)}× (≥ ${TARGET.referenceRps}: ${verdict(rps >= TARGET.referenceRps)}), ` +
        `CPU per request ${cpu.toFixed(2)}× (≤ ${TARGET.referenceCpu}: ${verdict(cpu <= TARGET.referenceCpu)}), ` +
        `p99 ${p99.toFixed(2)}× (≤ ${TARGET.referenceP99}: ${verdict(p99 <= TARGET.referenceP99)})`,
    );
  };
  console.log('\nagainst the reference "express 5 + 1 Redis call" (CPU per request: every process of the target, PostgreSQL and Redis included):');
  against('GET /api/v1/me', rows.me, rows.viaRedis);
  against('GET /api/v1/feed (cached)', rows.feed, rows.viaRedis);
  const { feed, feed304 } = rows;
  const cpu304 = ratio(cpuAll(feed304), cpuAll(feed));
  console.log('GET /api/v1/feed 304 against its 200 (the same cached pages revalidated, not charged, against read, charged):');
  console.log(
    `  ${'CPU per request 304 / 200'.padEnd(26)} ${cpu304.toFixed(2)}× (every process, PostgreSQL and Redis included; target < ${TARGET.conditionalCpu.toFixed(1)}: ${verdict(cpu304 < TARGET.conditionalCpu)}); ` +
      `system ${ratio(feed304.cpuSystem, feed.cpuSystem).toFixed(2)}×, db+redis ${ratio(feed304.cpuServers, feed.cpuServers).toFixed(2)}×, ` +
      `req/s ${ratio(feed304.rps, feed.rps).toFixed(2)}×; ${feed304.notModified} of ${feed304.requests} answers were 304`,
  );
  const line = (label: string, target: Measured, baseline: Measured, atLeast: number) => {
    const r = ratio(target.rps, baseline.rps);
    const p99 = ratio(target.p99, Math.max(baseline.p99, 0.1));
    console.log(
      `  ${label.padEnd(26)} req/s ${r.toFixed(2)}× (target ≥ ${atLeast.toFixed(2)}: ${verdict(r >= atLeast)}), p99 ${p99.toFixed(2)}× (target ≤ 2: ${verdict(p99 <= 2)})`,
    );
  };
  console.log('the earlier targets, against the two baselines:');
  line('feed / express+gRPC', rows.feed, rows.viaGrpc, 1.0);
  line('me / bare express', rows.me, rows.bare, 0.8);
  console.log(
    `  ${'express+Redis / bare'.padEnd(26)} req/s ${ratio(rows.viaRedis.rps, rows.bare.rps).toFixed(2)}×, CPU per request ${ratio(cpuAll(rows.viaRedis), cpuAll(rows.bare)).toFixed(2)}× (what the one Redis round trip costs alone; no target)`,
  );
}

/** 1 and 2: the system's two hottest routes next to the baselines, and its memory under that load. */
async function againstBaselines(): Promise<void> {
  progress('baselines');
  const system = await seeded('system', false, SITES, ARTICLES);
  const baselines = await startBaselines(system);
  // Every Site's first feed page once: the caches are warm, as they are in service. Its ETag is what
  // a polling client sends back.
  const revalidations: LoadRequest[] = [];
  for (const token of system.tokens) {
    const res = await fetchRetrying(`${system.base}/api/v1/feed`, { headers: { authorization: `Bearer ${token}` } });
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
    feed304: measured('GET /api/v1/feed 304', system.pids, () => load(system.base, revalidations, SECONDS, CONNECTIONS, requestsFile('feed-304'))),
  };
  console.log(`\n== bench: ${SITES} Sites, ${ARTICLES} articles, ${CONNECTIONS} connections, ${SECONDS} s per target, autocannon in its own process`);
  printLoads(Object.values(rows));
  printRatios(rows);
  printCpuSplits([rows.viaRedis, rows.me, rows.feed, rows.feed304]);
  baselinesReference = rows.viaRedis;
  printMemory('RSS of each process after the load (MB; peak = VmHWM since start, seeding included):', named(system.pids()), TARGET.deployableRssMb);
  const gateway = named(system.pids()).find(([name]) => name === 'gateway');
  if (gateway) {
    const cacheMb = cacheMbOf(environOf(gateway[1]));
    const { peakMb } = memoryOf(gateway[1]);
    console.log(
      `  the gateway's peak ${peakMb} MB against its own target, ${GATEWAY_BASE_MB} MB plus the ${cacheMb} MiB its caches may hold ` +
        `(≤ ${GATEWAY_BASE_MB + cacheMb}: ${verdict(peakMb <= GATEWAY_BASE_MB + cacheMb)})`,
    );
  }
  printMemory('RSS of the baselines (MB):', baselines.processes);
  await stop(system.launcher);
}

/** The deployables' RSS now, and the verdict on the largest (the launcher, a supervisor, is not one). */
function printDeployablesAfter(title: string, system: RunningSystem): void {
  const processes = named(system.pids());
  printMemory(title, processes, TARGET.deployableRssMb);
  const deployables = processes
    .filter(([name]) => (DEPLOYABLES as readonly string[]).includes(name))
    .map(([name, pid]) => ({ name, ...memoryOf(pid) }))
    .sort((a, b) => b.rssMb - a.rssMb);
  const largest = deployables[0];
  if (!largest) return;
  console.log(
    `  every deployable ≤ ${TARGET.deployableRssMb} MB RSS after it (now): ${verdict(largest.rssMb <= TARGET.deployableRssMb)} ` +
      `(largest ${largest.name} ${largest.rssMb} MB; over: ${
        deployables
          .filter((d) => d.rssMb > TARGET.deployableRssMb)
          .map((d) => `${d.name} ${d.rssMb}`)
          .join(', ') || 'none'
      })`,
  );
}

/** The reference "express 5 + 1 Redis call" measured on this machine now, answering the system's /me. */
async function referenceNow(system: RunningSystem): Promise<Measured> {
  const file = path.join(work, 'mix-me.json');
  const me = await fetchRetrying(`${system.base}/api/v1/me`, { headers: { authorization: `Bearer ${system.tokens[0]}` } });
  writeFileSync(file, JSON.stringify(await me.json()));
  const reference = await startReference(file);
  try {
    return measured(
      'express 5 + 1 Redis call',
      () => [reference.process.pid!],
      () => load(reference.origin, [{ path: '/' }], SECONDS, CONNECTIONS, requestsFile('mix-reference')),
    );
  } finally {
    await stop(reference.process);
  }
}

async function untilValue<T>(probe: () => Promise<T>, done: (value: T) => boolean, ms: number, everyMs = 200): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

function printChanges(rows: ChangesAgainstFeed[]): void {
  const [first] = rows;
  if (!first) return;
  console.log(
    `\n== caught-up GET /api/v1/feed/changes?since=<the token each Site holds> against a cached GET /api/v1/feed, through the gateway of the mix's system ` +
      `(before the mix, no generation yet): the first ${first.sites} Sites in turn, ${CONNECTIONS} connections, ${SECONDS} s each`,
  );
  printLoads(rows.flatMap((r) => [r.feed, r.changes]));
  for (const r of rows) {
    const slower = r.feed.rps / Math.max(r.changes.rps, 0.1);
    const cpu = cpuAll(r.changes) / cpuAll(r.feed);
    console.log(
      `  ${count(r.articles).padStart(9)} articles: requests/s feed / changes ${slower.toFixed(2)}× (target ≤ ${TARGET.changes}: ${verdict(slower <= TARGET.changes)}), ` +
        `CPU per request changes / feed ${cpu.toFixed(2)}× (every process, PostgreSQL and Redis included; target ≤ ${TARGET.changes}: ${verdict(cpu <= TARGET.changes)})`,
    );
  }
  printCpuSplits(rows.flatMap((r) => [r.feed, r.changes]));
  const largest = rows.at(-1)!.articles;
  if (largest !== TARGET.changesArticles)
    console.log(`  (target stated at 10 000 and ${count(TARGET.changesArticles)} articles; this run's larger size is ${count(largest)})`);
}

/**
 * 3: on the mix's system (AI generation on): the changes feed against the cached feed at 10 000
 * articles and at the mix's size, the reference, then the realistic mix with generation running.
 */
async function realisticMix(): Promise<void> {
  const started = Date.now();
  const system = await startSystem('mix', true, AI_ENV);
  const up = Date.now();
  // The planner's first look at the changes (after an import) sets where it reads on; the seed's
  // articles are written with older update times (imports of the past, planned then): only what is
  // imported later is queued. Imported, and removed, before the Sites exist: no job.
  const first = {
    id: 'mix-first',
    title: 'The first import',
    url: 'https://news.example.com/mix-first',
    summary: 'A marker.',
    publishedAt: '2025-12-31T00:00:00.000Z',
  };
  await importArticles(system, [{ ...first, categories: ['technology'] }]);
  await until(
    async () => (await queryDb(system, `SELECT 1 FROM media.ai_plan_positions WHERE name = 'article-changes'`)).length > 0,
    "the generation planner's position",
    60_000,
  );
  await operator(system, ['articles', 'remove', '--id', first.id]);
  progress('mix: seeding the Sites');
  await seedSites(system, MIX_SITES);
  const withSites = Date.now();
  // Each new Site's plan requests (it became eligible, it subscribed) would find no article: none
  // exists yet. The planner works through them at a few a second (10 000 Sites: about 20 000
  // requests, more than an hour), so those still queued are dropped; the running ones are awaited.
  progress('mix: dropping the plan requests of the new Sites');
  let dropped = 0;
  for (let i = 0; i < 2; i++) {
    if (i) await new Promise((r) => setTimeout(r, 1000)); // a request announced late
    dropped += (await queryDb(system, `DELETE FROM media_jobs.job WHERE name = 'ai-plan' AND state IN ('created', 'retry') RETURNING id`)).length;
  }
  await until(async () => (await pendingJobs(system, 'ai-plan')) === 0, 'the running plan requests of the new Sites', 120_000, 200);
  const planned = Date.now();
  progress(`mix: ${CHANGES_ARTICLES} articles, changes against feed`);
  await seedArticles(system.dbUrl, CHANGES_ARTICLES);
  const small = await changesAgainstFeed(system, CHANGES_ARTICLES, SITES, SECONDS, CONNECTIONS, requestsFile);
  const seeding = Date.now();
  progress(`mix: ${MIX_ARTICLES} articles`);
  await seedArticles(system.dbUrl, MIX_ARTICLES, CHANGES_ARTICLES);
  progress('mix: changes against feed');
  console.log(
    `(mix: up in ${seconds(up - started)}; ${MIX_SITES} Sites in ${seconds(withSites - up)}, ${dropped} of their plan requests dropped, the others done ${seconds(planned - withSites)} later; ` +
      `${MIX_ARTICLES} articles in ${seconds(Date.now() - seeding)} after the first ${CHANGES_ARTICLES})`,
  );
  const large = await changesAgainstFeed(system, MIX_ARTICLES, SITES, SECONDS, CONNECTIONS, requestsFile);
  printChanges([small, large]);

  // The reference on this machine before generation starts (and part baselines' if it ran).
  progress('mix: the reference');
  const reference = await referenceNow(system);
  progress('mix: importing, waiting for the first variant');

  // Generation: new articles, newest of all, each queued for every eligible Site subscribed to its category.
  const importStarted = Date.now();
  await importArticles(
    system,
    Array.from({ length: MIX_IMPORTS }, (_, n) => ({
      id: `mix-new-${n}`,
      title: `Mix article ${n}: news for the personalized feeds`,
      url: `https://news.example.com/mix-new/${n}`,
      summary: 'Imported before the mix, so that generation runs during it.',
      publishedAt: new Date(Date.UTC(2030, 0, 1) + n * 60_000).toISOString(),
      categories: [['technology', 'business', 'science'][n % 3]!],
    })),
  );
  const firstVariant = await untilValue(
    () => variantCount(system),
    (v) => v.variants > 0,
    120_000,
  );
  const firstVariantMs = Date.now() - importStarted;

  const requests = await mixRequests(system, 50_000, short ? 5 : 20);
  // In service every Site polls its feed: each Site's first page once (its Credential, Site and set
  // cached, as they are after a minute of service).
  progress('mix: warm-up');
  load(system.base, each(system, '/api/v1/feed'), 0, CONNECTIONS, requestsFile('mix-sites'), Math.max(system.tokens.length, CONNECTIONS));
  // Then the mix's requests once through: every Site's pages as service leaves them cached. Each
  // cache entry lives an hour (FEED_PAGE_CACHE_TTL_MS) and is dropped by announcements, so a
  // warm-up of a minute or two outlives none of what it warms.
  const warmUp = measured('mix warm-up', system.pids, () => load(system.base, requests, 0, CONNECTIONS, requestsFile('mix-warm-up'), requests.length));
  // Generation off, flat out, and off again, on the same system in the same state (the two windows
  // off around the one on, so that caches warming over the run favour neither): the operator's pause
  // stops every provider call while the jobs stay queued (media's workers put back what they take).
  const generationOff = async (name: string) => {
    progress(`mix: generation paused (${name})`);
    await operator(system, ['ai-images', 'set-status', '--status', 'paused']);
    // Renders in flight finish, and every worker has read the pause (it reads it once a second).
    await new Promise((r) => setTimeout(r, 3000));
    const variants = (await variantCount(system)).variants;
    const m = measured(name, system.pids, () => load(system.base, requests, MIX_SECONDS, CONNECTIONS, requestsFile('mix-off')));
    const made = (await variantCount(system)).variants - variants;
    await operator(system, ['ai-images', 'set-status', '--status', 'operational']);
    return { m, made };
  };
  const off = await generationOff('mix, generation off');
  const offVariants = await variantCount(system);
  progress('mix: generation on again, waiting for a variant');
  await untilValue(
    () => variantCount(system),
    (v) => v.variants > offVariants.variants,
    60_000,
  );
  const before = await scrapeCacheLookups(system);
  const variantsBefore = await variantCount(system);
  const generationJobsBefore = await pendingJobs(system, 'ai-generation');
  const mix = measured('mix', system.pids, () =>
    load(system.base, requests, MIX_SECONDS, CONNECTIONS, requestsFile('mix'), undefined, { countPersonalized: true }),
  );
  const variantsAfter = await variantCount(system);
  const generationJobsAfter = await pendingJobs(system, 'ai-generation');
  const after = await scrapeCacheLookups(system);
  const offAgain = await generationOff('mix, generation off again');
  console.log(
    `\n== realistic mix: ${MIX_SITES} Sites (a Credential each, the pro plan: AI generation on, AI_PROVIDER=local), ${MIX_ARTICLES} articles, ${CONNECTIONS} connections, ` +
      `${MIX_SECONDS} s after a warm-up (every Site's feed once, then the mix's ${count(requests.length)} requests once through: ` +
      `${(warmUp.requests / Math.max(warmUp.rps, 1)).toFixed(0)} s at ${warmUp.rps.toFixed(0)} req/s);`,
  );
  console.log('   90 % GET /api/v1/feed (half first pages, half deeper pages through cursors), 5 % GET /api/v1/me, 5 % other reads;');
  console.log('   every process with OTEL_METRICS_EXPORTER=prometheus (its instrumentation costs CPU and memory too)');
  console.log(
    `   generation: ${MIX_IMPORTS} articles imported ${seconds(Date.now() - importStarted)} before the end of the mix (the first variant stored ${seconds(firstVariantMs)} after the import` +
      `${firstVariant.variants ? '' : ': none within 120 s'}); generation jobs pending at the mix's start ${generationJobsBefore}, at its end ${generationJobsAfter}`,
  );
  printLoads([reference, off.m, mix, offAgain.m]);
  const offRps = (off.m.rps + offAgain.m.rps) / 2;
  const offP99 = (off.m.p99 + offAgain.m.p99) / 2;
  const genRps = mix.rps / Math.max(offRps, 0.1);
  const genP99 = mix.p99 / Math.max(offP99, 0.1);
  console.log(
    `  generation yields to requests (the same mix, this run): generation off ${offRps.toFixed(0)} req/s, p99 ${offP99.toFixed(0)} ms (the mean of the windows before and after; ` +
      `${off.made + offAgain.made} variants made while paused); flat out ${mix.rps.toFixed(0)} req/s, p99 ${mix.p99.toFixed(0)} ms (${variantsAfter.variants - variantsBefore.variants} variants made)`,
  );
  console.log(
    `  on / off: req/s ${genRps.toFixed(2)}× (target ≥ ${TARGET.generationRps}: ${verdict(genRps >= TARGET.generationRps)}), ` +
      `p99 ${genP99.toFixed(2)}× (target ≤ ${TARGET.generationP99}: ${verdict(genP99 <= TARGET.generationP99)}); ` +
      `media's generation runs in a child process under nice (MEDIA_ROLE=all), the CPU of every process of the tree counted`,
  );
  const rpsRatio = mix.rps / Math.max(reference.rps, 0.1);
  console.log(
    `  mix / express+Redis (measured on this system's machine before generation started): req/s ${rpsRatio.toFixed(2)}× (target ≥ ${TARGET.mixRps}: ${verdict(rpsRatio >= TARGET.mixRps)})` +
      (baselinesReference
        ? `; against part baselines' reference (${baselinesReference.rps.toFixed(0)} req/s) ${(mix.rps / baselinesReference.rps).toFixed(2)}×`
        : ''),
  );
  printCpuSplits([mix]);
  console.log(`  mix p99 ${mix.p99.toFixed(0)} ms (target ≤ ${TARGET.mixP99Ms} ms: ${verdict(mix.p99 <= TARGET.mixP99Ms)})`);
  const feedAnswers = mix.feedAnswers ?? 0;
  const personalized = mix.personalizedAnswers ?? 0;
  const made = variantsAfter.variants - variantsBefore.variants;
  console.log(
    `  feed answers (200) carrying personalized items: ${personalized} of ${feedAnswers} (${((100 * personalized) / Math.max(feedAnswers, 1)).toFixed(1)} %; must be > 0: ${verdict(personalized > 0)}); ` +
      `variants stored during the mix ${made} (${(made / MIX_SECONDS).toFixed(1)}/s, articles personalized per second under the mix), ` +
      `${variantsAfter.variants} in all for ${variantsAfter.sites} Sites`,
  );
  console.log('\ncache hit ratios over the mix (cfs.cache.lookups, every process):');
  printCacheRatios(before.lookups, after.lookups);
  if (after.silent.length) console.log(`  (no metrics endpoint answered for: ${after.silent.join(', ')})`);
  printDeployablesAfter('RSS of each process after the mix (MB):', system);
  printPolling(await realisticPolling(system, POLLING_SECONDS, requestsFile), POLLING_SECONDS, TARGET.polling);
  await stop(system.launcher);
}

/** 4: the embedded npm start, loaded while generation runs. */
async function embeddedStart(): Promise<void> {
  // More articles than the built-in provider personalizes during the load (within the pro plan's budget of 10 000 units, 11 an article).
  const imports = Math.min(800, 40 * EMBEDDED_SECONDS);
  progress('embedded');
  const figures = await measureEmbedded(EMBEDDED_SECONDS, CONNECTIONS, requestsFile('embedded'), imports);
  console.log('\n== embedded npm start (no DATABASE_URL: one process, PGlite; AI generation on the built-in provider, its default), on existing data:');
  console.log(
    `  start-up to GET /healthz 200: ${seconds(figures.healthyMs)} (target ≤ ${EMBEDDED_START_S} s: ${verdict(figures.healthyMs <= EMBEDDED_START_S * 1000)}); to its "is running" line: ${seconds(figures.runningMs)}`,
  );
  const g = figures.generation;
  console.log(
    `  generation: ${g.imported} articles imported in the demo Site's categories (operator's articles import); the first personalized ${seconds(g.firstMs)} after the import; ` +
      `${g.after - g.before} variants made during the ${EMBEDDED_SECONDS} s load (${((g.after - g.before) / EMBEDDED_SECONDS).toFixed(1)}/s; ${g.before} before it, ${g.after} of ${g.imported} after it: ` +
      `${g.after < g.imported ? 'generation still running at its end' : 'all done before its end'})`,
  );
  printLoads([figures.feed]);
  const processes = named(figures.pids);
  // PSS beside RSS: the node binary's pages are shared with every other node process (the bench's
  // own too), so PSS understates what the system would take alone; the target is on RSS.
  printMemory(`RSS after ${EMBEDDED_SECONDS} s of GET /api/v1/feed with the demo credential, generation running (MB):`, processes, undefined, { pss: true });
  const now = processes.reduce((sum, [, pid]) => sum + memoryOf(pid).rssMb, 0);
  const scale =
    EMBEDDED_SECONDS === TARGET.embeddedLoadSeconds
      ? ''
      : ` (target stated after ${TARGET.embeddedLoadSeconds} s of load; this run loads ${EMBEDDED_SECONDS} s)`;
  console.log(`  RSS after the load: ${now} MB (target ≤ ${TARGET.embeddedRssMb} MB: ${verdict(now <= TARGET.embeddedRssMb)})${scale}`);
}

/** 5: the feed's first page, at the mix's article count against 10 000. */
async function feedAtSize(): Promise<void> {
  progress('feed');
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
  progress('ai');
  const f = await measureLocalProvider(AI_SECONDS);
  console.log(`\n== AI generation: the built-in provider (AI_PROVIDER=local), in process, ${f.cores} cores:`);
  console.log(`  text variants: ${f.textsPerSecond.toFixed(0)}/s (one at a time)`);
  console.log(
    `  images (1200×630 PNG, ${(f.imageBytes / 1024).toFixed(0)} KB on average): ${f.imagesPerSecond.toFixed(1)}/s one at a time, ${f.msPerImage.toFixed(0)} ms per image;`,
  );
  console.log(`    ${f.imagesPerSecondBatch.toFixed(1)}/s ${WORKER_BATCH} at a time (the worker's batch)`);
  const loop = await importToPersonalized();
  console.log(
    `  time from import to a personalized item (real processes, AI_PROVIDER=local, ${loop.sites} subscribed Sites on the pro plan, one article at a time, ${loop.samples.length} imports): ` +
      `first Site ${loop.first.map((ms) => `${ms} ms`).join(', ')}; every Site ${loop.all.map((ms) => `${ms} ms`).join(', ')}`,
  );
  const b = loop.batch;
  console.log(
    `  articles personalized per second end to end (the same system: ${b.articles} articles imported at once for the ${loop.sites} Sites, ${b.expected} variants; ` +
      `import → plan → queue → media's worker → stored): ${b.perSecond.toFixed(1)}/s from the first variant stored to the last, ` +
      `${b.overall.toFixed(1)}/s from the import (${b.stored} of ${b.expected} stored in ${seconds(b.lastMs)}; the first ${seconds(b.firstMs)} after the import)`,
  );
}

/**
 * The content loop end to end on real processes (as `npm start` with DATABASE_URL runs them): an
 * article imported with the operator CLI, then GET /api/v1/feed of each subscribed Site polled every
 * 50 ms until the article carries `personalized` with its image.
 */
interface GenerationBatch {
  articles: number;
  expected: number;
  stored: number;
  /** From the import's start to the first and to the last variant of the batch stored. */
  firstMs: number;
  lastMs: number;
  /** Variants per second from the first stored to the last, and from the import to the last. */
  perSecond: number;
  overall: number;
}

/**
 * Throughput of generation end to end: `articles` imported at once for `sites` subscribed Sites, the
 * variants stored (media's table, read every 100 ms) from the import until all are or 120 s passed.
 */
async function generationBatch(system: RunningSystem, articles: number, sites: number): Promise<GenerationBatch> {
  const base = (await variantCount(system)).variants;
  const expected = articles * sites;
  const started = Date.now();
  await importArticles(
    system,
    Array.from({ length: articles }, (_, n) => ({
      id: `batch-${n}`,
      title: `Batch article ${n}: how fast the worker personalizes`,
      url: `https://news.example.com/batch/${n}`,
      summary: 'Imported in one batch to measure generation end to end.',
      publishedAt: new Date(Date.UTC(2028, 0, 1) + n * 60_000).toISOString(),
      categories: ['technology'],
    })),
  );
  let firstMs = 0;
  let lastMs = 0;
  let stored = 0;
  const deadline = started + 120_000;
  while (stored < expected && Date.now() < deadline) {
    const now = (await variantCount(system)).variants - base;
    if (now > stored) {
      if (stored === 0) firstMs = Date.now() - started;
      lastMs = Date.now() - started;
      stored = now;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const perSecond = stored > 1 && lastMs > firstMs ? ((stored - 1) * 1000) / (lastMs - firstMs) : 0;
  return { articles, expected, stored, firstMs, lastMs, perSecond, overall: (stored * 1000) / Math.max(lastMs, 1) };
}

async function importToPersonalized(): Promise<{ sites: number; samples: number[]; first: number[]; all: number[]; batch: GenerationBatch }> {
  const SITES_SUBSCRIBED = 4;
  const IMPORTS = 3;
  const system = await startSystem('ai-loop', false, AI_ENV);
  const first: number[] = [];
  const all: number[] = [];
  let batch: GenerationBatch;
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
    batch = await generationBatch(system, short ? 8 : 25, SITES_SUBSCRIBED);
  } finally {
    await stop(system.launcher);
  }
  return { sites: SITES_SUBSCRIBED, samples: all, first, all, batch };
}

/** 7: Sources. */
async function sources(): Promise<void> {
  progress('sources: parse');
  const runs = short ? 3 : 7;
  printParse(measureParse(runs), runs);
  progress('sources: polling');
  await measurePolling({
    sources: SOURCES,
    hosts: Math.max(1, Math.round(SOURCES / 20)),
    intervalSeconds: SOURCES_INTERVAL,
    windowSeconds: SOURCES_SECONDS,
    latencySamples: short ? 1 : 2,
  });
}

/** 8: webhooks. */
async function webhooks(): Promise<void> {
  progress('webhooks');
  await measureWebhooks({ endpoints: 100, windowSeconds: WEBHOOKS_SECONDS, pending: WEBHOOKS_PENDING, feedChangedSamples: WEBHOOKS_SAMPLES });
}

async function main() {
  execFileSync('npx', ['--no-install', 'turbo', 'run', 'build', '--output-logs=errors-only'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' },
  });
  const parts = { baselines: againstBaselines, mix: realisticMix, embedded: embeddedStart, feed: feedAtSize, ai: aiGeneration, sources, webhooks };
  const only = process.argv
    .find((a) => a.startsWith('--only='))
    ?.slice('--only='.length)
    .split(',');
  const unknown = only?.filter((name) => !(name in parts)) ?? [];
  if (unknown.length) throw new Error(`--only: unknown part ${unknown.join(', ')} (parts: ${Object.keys(parts).join(', ')})`);
  const started = Date.now();
  try {
    for (const [name, part] of Object.entries(parts)) if (!only || only.includes(name)) await part();
    console.log(`\n(bench ${short ? '--short ' : ''}ran in ${seconds(Date.now() - started)}, the build before it excluded)`);
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
