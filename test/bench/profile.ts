/**
 * `npm run bench:profile`: where the gateway's CPU goes under the cached load, and gateways compared
 * A/B in one run (docs/performance.md#gateway-profile-before-and-after-2026-11-27).
 *
 * The system is started and seeded as part `baselines` of `npm run bench` starts it (20 Sites, 5 000
 * articles). Beside the launcher's gateway, each variant runs as more gateway processes with that
 * gateway's own environment and node flags (read from /proc), on ports of their own, with the
 * variant's node flags in place of the same flags and its own build if it names one; and the
 * reference "express 5 + 1 Redis call" (baselines.ts) runs beside them. Each process gets every Site's
 * feed once (its caches warm), then a warm-up load; then, per round, each route's fixed number of
 * requests goes to each process in turn (A, B, A, B: the copies of the variants interleaved), CPU
 * being the process's own from /proc, per 1 000 requests. With profiles on (the default) one more
 * load per process and route runs under the inspector's CPU profiler, which covers that load only
 * (not start-up, seeding or warm-up), and each profile is summarized by cpuprofile.ts: the first copy
 * of each variant on each route and the reference on its one, side by side as shares of the busy time
 * and as CPU ms per 1 000 requests (each share times the process's CPU over that load).
 *
 *   npm run -s bench:profile                                 the gateway as the launcher runs it, profiled
 *   npm run -s bench:profile -- --variant=semi2:--max-semi-space-size=2 --variant=semi16:--max-semi-space-size=16
 *   npm run -s bench:profile -- --snapshot=/tmp/gateway-before   builds, copies gateway/dist there, exits
 *   npm run -s bench:profile -- --variant=before@/tmp/gateway-before/gateway/dist/index.js --variant=after
 *
 * A variant is `<name>[@<entry>][:<node flag> …]` (entry: a gateway bundle, the snapshot's or this
 * checkout's by default). --copies=2 (processes per variant), --rounds=2, --requests=20000 per load,
 * --connections=50, --routes=me,feed,feed304, --no-profile, --profiles=<dir> (where the .cpuprofile
 * files are kept; a temporary folder by default), --interval-us=200 (the profiler's sampling).
 * It asserts nothing.
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../support/processes.ts';
import { cacheMbOf, GATEWAY_BASE_MB } from './gateway-memory.ts';
import { printCategories, printTopFunctions, summarize, type CpuProfile, type ProfileSummary } from './cpuprofile.ts';
import { answers, cleanUp, fetchRetrying, killAll, load, progress, ROOT, startNode, stop, until, type LoadRequest } from './harness.ts';
import { deployableName, measured, type Measured } from './measure.ts';
import { environOf, memoryOf } from './procfs.ts';
import { redisUrl, seedArticles, seedSites, startSystem, type RunningSystem } from './system-under-test.ts';

const option = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const COPIES = Number(option('copies', '2'));
const ROUNDS = Number(option('rounds', '2'));
const REQUESTS = Number(option('requests', '20000'));
const CONNECTIONS = Number(option('connections', '50'));
const ROUTES = option('routes', 'me,feed,feed304').split(',') as RouteName[];
const PROFILE = !process.argv.includes('--no-profile');
const INTERVAL_US = Number(option('interval-us', '200'));
const SITES = 20;
const ARTICLES = 5_000;

type RouteName = 'me' | 'feed' | 'feed304';
const ROUTE_LABELS: Record<RouteName, string> = { me: 'GET /api/v1/me', feed: 'GET /api/v1/feed (cached)', feed304: 'GET /api/v1/feed → 304' };

interface Variant {
  name: string;
  entry: string;
  flags: string[];
}

interface Target {
  label: string;
  variant: string;
  origin: string;
  process: ChildProcess;
  inspectPort?: number;
  /** The reference answers one path whatever the route. */
  reference: boolean;
}

function variants(): Variant[] {
  const given = process.argv.filter((a) => a.startsWith('--variant=')).map((a) => a.slice('--variant='.length));
  return (given.length ? given : ['gateway']).map((spec) => {
    const colon = spec.indexOf(':');
    const head = colon < 0 ? spec : spec.slice(0, colon);
    const flags =
      colon < 0
        ? []
        : spec
            .slice(colon + 1)
            .split(' ')
            .filter(Boolean);
    const [name, entry] = head.split('@') as [string, string | undefined];
    return { name, entry: path.resolve(ROOT, entry ?? 'gateway/dist/index.js'), flags };
  });
}

/** The node flags `base` with `extra` in place of the flags of the same names. */
function withFlags(base: string[], extra: string[]): string[] {
  const nameOf = (flag: string) => flag.split('=')[0];
  const replaced = new Set(extra.map(nameOf));
  return [...base.filter((f) => !replaced.has(nameOf(f))), ...extra];
}

/** The launcher's gateway: its environment and its node flags, as it was started. */
function launchersGateway(system: RunningSystem): { env: NodeJS.ProcessEnv; flags: string[] } {
  const pid = system.pids().find((p) => deployableName(p) === 'gateway');
  if (!pid) throw new Error('the launcher runs no gateway');
  const env = environOf(pid);
  const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).slice(1);
  return {
    env,
    flags: args.slice(
      0,
      args.findIndex((a) => !a.startsWith('-')),
    ),
  };
}

/** A minimal Chrome DevTools Protocol session on a process's inspector (node's global WebSocket). */
async function inspector(port: number): Promise<{ send: (method: string, params?: object) => Promise<Record<string, unknown>>; close: () => void }> {
  const [target] = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as Array<{ webSocketDebuggerUrl: string }>;
  if (!target) throw new Error(`no inspector target on port ${port}`);
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  let next = 0;
  const waiting = new Map<number, (result: Record<string, unknown>) => void>();
  socket.onmessage = (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: Record<string, unknown> };
    if (message.id !== undefined) waiting.get(message.id)?.(message.result ?? {});
  };
  return {
    send: (method, params = {}) =>
      new Promise((resolve) => {
        const id = ++next;
        waiting.set(id, resolve);
        socket.send(JSON.stringify({ id, method, params }));
      }),
    close: () => socket.close(),
  };
}

/** The build and this checkout's gateway bundle copied to `dir`, runnable from there (a "before" to compare). */
function snapshot(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, 'gateway'), { recursive: true });
  for (const part of ['dist', 'assets', 'package.json']) cpSync(path.join(ROOT, 'gateway', part), path.join(dir, 'gateway', part), { recursive: true });
  // Its npm packages are external to the bundle: resolved from here.
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  console.log(
    `gateway build of ${execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim()} copied to ${dir}/gateway/dist`,
  );
}

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

async function main(): Promise<void> {
  execFileSync('npx', ['--no-install', 'turbo', 'run', 'build', '--output-logs=errors-only'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' },
  });
  const snapshotDir = option('snapshot', '');
  if (snapshotDir) return snapshot(path.resolve(snapshotDir));
  const work = mkdtempSync(path.join(tmpdir(), 'cfs-profile-'));
  const profiles = path.resolve(option('profiles', path.join(work, 'profiles')));
  mkdirSync(profiles, { recursive: true });

  progress('profile: system');
  const system = await startSystem('profile', false);
  await seedSites(system, SITES);
  await seedArticles(system.dbUrl, ARTICLES);
  const gateway = launchersGateway(system);
  const me = await (await fetchRetrying(`${system.base}/api/v1/me`, { headers: { authorization: `Bearer ${system.tokens[0]}` } })).text();
  writeFileSync(path.join(work, 'me.json'), me);

  progress('profile: gateways');
  const targets: Target[] = [];
  const all = variants();
  for (let copy = 1; copy <= COPIES; copy++) {
    for (const variant of all) {
      const port = await freePort();
      const inspectPort = PROFILE ? await freePort() : undefined;
      const flags = [...withFlags(gateway.flags, variant.flags), ...(inspectPort ? [`--inspect=127.0.0.1:${inspectPort}`] : [])];
      const child = startNode([...flags, variant.entry], { ...gateway.env, PORT: String(port) });
      targets.push({
        label: `${variant.name} #${copy}`,
        variant: variant.name,
        origin: `http://127.0.0.1:${port}`,
        process: child,
        inspectPort,
        reference: false,
      });
    }
  }
  for (const t of targets) await until(answers(`${t.origin}/readyz`), t.label);
  {
    const port = await freePort();
    const inspectPort = PROFILE ? await freePort() : undefined;
    const inspect = inspectPort ? [`--inspect=127.0.0.1:${inspectPort}`] : [];
    const child = startNode([...inspect, '--import', 'tsx', 'test/bench/baselines.ts', 'redis', String(port), path.join(work, 'me.json'), redisUrl]);
    const reference = { label: 'reference', variant: 'reference', origin: `http://127.0.0.1:${port}`, process: child, inspectPort, reference: true };
    await until(answers(reference.origin), 'reference');
    targets.push(reference);
  }

  // Every Site's feed once on each gateway (its caches warm, as in service); the ETags for the 304s.
  const revalidations: LoadRequest[] = [];
  for (const t of targets.filter((x) => !x.reference)) {
    for (const token of system.tokens) {
      const res = await fetchRetrying(`${t.origin}/api/v1/feed`, { headers: { authorization: `Bearer ${token}` } });
      await res.arrayBuffer();
      if (t === targets[0]) revalidations.push({ path: '/api/v1/feed', token, ifNoneMatch: res.headers.get('etag')! });
    }
  }
  const requestsOf = (route: RouteName, t: Target): LoadRequest[] =>
    t.reference
      ? [{ path: '/' }]
      : route === 'feed304'
        ? revalidations
        : system.tokens.map((token) => ({ path: route === 'me' ? '/api/v1/me' : '/api/v1/feed', token }));
  const file = path.join(work, 'requests');
  const run = (t: Target, route: RouteName, amount: number) =>
    measured(
      t.label,
      () => [t.process.pid!],
      () => load(t.origin, requestsOf(route, t), 0, CONNECTIONS, file, amount),
    );

  progress('profile: warm-up');
  for (const t of targets) for (const route of ROUTES) run(t, route, Math.round(REQUESTS / 4));

  const results = new Map<string, Measured[]>();
  for (let round = 1; round <= ROUNDS; round++) {
    for (const route of ROUTES) {
      progress(`profile: round ${round}, ${route}`);
      for (const t of targets) {
        if (t.reference && route !== 'me') continue;
        const key = `${route}\0${t.variant}`;
        results.set(key, [...(results.get(key) ?? []), run(t, route, REQUESTS)]);
      }
    }
  }

  /** Each profiled load's summary and the process's CPU per 1 000 requests over it. */
  const summaries = new Map<string, { summary: ProfileSummary; cpuPer1000: number }>();
  if (PROFILE) {
    for (const t of targets.filter((x) => x.inspectPort && (x.reference || x.label.endsWith('#1')))) {
      const session = await inspector(t.inspectPort!);
      await session.send('Profiler.enable');
      await session.send('Profiler.setSamplingInterval', { interval: INTERVAL_US });
      for (const route of t.reference ? (['me'] as const) : ROUTES) {
        progress(`profile: ${t.label}, ${route}, profiled`);
        await session.send('Profiler.start');
        const measuredLoad = run(t, route, REQUESTS);
        const { profile } = (await session.send('Profiler.stop')) as { profile: CpuProfile };
        const out = path.join(profiles, `${t.variant}-${route}.cpuprofile`);
        writeFileSync(out, JSON.stringify(profile));
        summaries.set(`${route}\0${t.variant}`, { summary: summarize(profile), cpuPer1000: measuredLoad.cpuSystem });
      }
      session.close();
    }
  }

  const loadAverage = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(
    `\n== gateway profile: ${SITES} Sites, ${ARTICLES} articles; ${REQUESTS} requests a load, ${CONNECTIONS} connections, ${ROUNDS} rounds, ` +
      `${COPIES} process(es) a variant, interleaved; load average after: ${loadAverage}`,
  );
  console.log(`  the launcher's gateway: node ${gateway.flags.join(' ')} gateway/dist/index.js`);
  for (const v of all) console.log(`  ${v.name}: node ${withFlags(gateway.flags, v.flags).join(' ')} ${path.relative(ROOT, v.entry)}`);
  console.log('  reference: express 5 + 1 Redis call (test/bench/baselines.ts, node defaults)');
  const names = [...all.map((v) => v.name), 'reference'];
  console.log(`\nCPU ms per 1 000 requests of the process (each load, in order), median; req/s median; p99 ms median:`);
  for (const route of ROUTES) {
    console.log(`  ${ROUTE_LABELS[route]}`);
    for (const name of names) {
      const rows = results.get(`${route}\0${name}`);
      if (!rows) continue;
      const cpu = rows.map((r) => r.cpuSystem);
      console.log(
        `    ${name.padEnd(14)} ${cpu
          .map((c) => c.toFixed(0))
          .join(', ')
          .padEnd(36)} median ${median(cpu).toFixed(0).padStart(4)};` +
          ` ${median(rows.map((r) => r.rps))
            .toFixed(0)
            .padStart(6)} req/s; p99 ${median(rows.map((r) => r.p99)).toFixed(0)} ms;` +
          ` db+redis ${median(rows.map((r) => r.cpuServers)).toFixed(0)}${rows.some((r) => r.non2xx + r.errors) ? `; errors ${rows.reduce((s, r) => s + r.non2xx + r.errors, 0)}` : ''}`,
      );
    }
  }
  const cacheMb = cacheMbOf(gateway.env);
  const targetMb = GATEWAY_BASE_MB + cacheMb;
  console.log(`\nRSS of each gateway after the loads (MB; peak = VmHWM since start; target ${GATEWAY_BASE_MB} + its caches' ${cacheMb} MB = ${targetMb}):`);
  for (const t of targets) {
    const m = memoryOf(t.process.pid!);
    console.log(
      `  ${t.label.padEnd(16)} peak ${String(m.peakMb).padStart(4)}, now ${String(m.rssMb).padStart(4)}${!t.reference && m.peakMb > targetMb ? ' (over)' : ''}`,
    );
  }
  if (PROFILE) {
    console.log(`\nCPU profiles (self time; ${REQUESTS} requests each, sampled every ${INTERVAL_US} µs, kept in ${profiles}):`);
    // The reference answers /me's JSON: its column stands beside each route's.
    const columns = (route: RouteName) =>
      names.flatMap((name) => {
        const found = summaries.get(`${route}\0${name}`) ?? (name === 'reference' ? summaries.get(`me\0${name}`) : undefined);
        return found ? [{ label: name, ...found }] : [];
      });
    for (const route of ROUTES) {
      console.log(`  ${ROUTE_LABELS[route]}`);
      printCategories(columns(route));
      printCategories(columns(route), true);
    }
    for (const name of names) {
      const found = summaries.get(`${ROUTES[0]}\0${name}`) ?? summaries.get(`me\0${name}`);
      if (!found) continue;
      console.log(`\n  ${name}, ${ROUTE_LABELS[ROUTES[0]!]}: functions with the most self time (% of busy):`);
      printTopFunctions(found.summary);
    }
  }
  for (const t of targets) await stop(t.process);
  await stop(system.launcher);
}

main()
  .then(() => cleanUp())
  .then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      killAll();
      process.exit(1);
    },
  );
