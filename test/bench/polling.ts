/**
 * Realistic polling, on the mix's system: every Site polls its changes feed once in the window
 * (once a minute in the full run) with the `since` and the ETag it holds, caught up, so that nearly
 * every answer is a 304; the Sites in a shuffled order, paced (pace.mjs: an open model, each request
 * sent at its own time). Then the same Sites fetch their cached first feed page at the same pace:
 * "a cached page's CPU"; then the polls again, and the polls' figures are the mean of the two
 * windows around the pages' (what the system does on its own drifts over minutes). Generation is paused through both windows (the renders' CPU is not a
 * request's), and the system's CPU with no load at all is read over a window before them: at 170
 * requests a second what every process spends on its own (timers, pollers, the metrics exporters)
 * is a large part of the window's CPU, so each figure is given as measured and net of that.
 */
import { changesPoll, caughtUpTokens } from './changes.ts';
import { pace, progress, type LoadRequest, type PacedResult } from './harness.ts';
import { cpuSplit, idleCpu, measured, printLoads, type Measured } from './measure.ts';
import { printCacheRatios, random, scrapeCacheLookups, type CacheLookups } from './mix.ts';
import { operator, type RunningSystem } from './system-under-test.ts';

export interface PollingFigures {
  sites: number;
  rate: number;
  /** CPU ms per second with no load (the processes of the system; the PostgreSQL and Redis servers). */
  idle: { system: number; servers: number };
  /** The two windows of polls, before and after the pages'. */
  polls: [Measured & PacedResult, Measured & PacedResult];
  pages: Measured & PacedResult;
  /** cfs.cache.lookups of every process before and after the polls. */
  lookups: { before: CacheLookups; after: CacheLookups };
}

export interface PollingTargets {
  /** CPU per poll against a cached page's, net of the idle CPU. */
  cpuRatio: number;
  p99Ms: number;
}

/** The idle window is shorter than the loads: it reads a rate. */
const IDLE_MS_MAX = 20_000;

/** Every Site's poll once in `seconds`, then its cached first page at the same pace. */
export async function realisticPolling(system: RunningSystem, seconds: number, file: (name: string) => string): Promise<PollingFigures> {
  const sites = system.tokens.length;
  const rate = sites / seconds;
  progress('polling: generation paused, every Site caught up');
  await operator(system, ['ai-images', 'set-status', '--status', 'paused']);
  try {
    // Renders in flight finish and every worker reads the pause before the ETags are taken.
    await new Promise((r) => setTimeout(r, 3000));
    const held = await caughtUpTokens(system, sites);
    const next = random(7);
    const order = Array.from({ length: sites }, (_, i) => i)
      .map((i) => ({ i, key: next() }))
      .sort((a, b) => a.key - b.key)
      .map(({ i }) => i);
    const polls: LoadRequest[] = order.map((i) => changesPoll(held[i]!, system.tokens[i]!, true));
    const pages: LoadRequest[] = order.map((i) => ({ path: '/api/v1/feed', token: system.tokens[i]! }));
    progress('polling: the system idle');
    const idle = await idleCpu(system.pids, Math.min(seconds * 1000, IDLE_MS_MAX));
    progress(`polling: ${sites} Sites' changes polls, ${rate.toFixed(1)}/s`);
    const before = (await scrapeCacheLookups(system)).lookups;
    const first = measured('changes polls (If-None-Match)', system.pids, () => pace(system.base, polls, rate, file('polling-changes')));
    const after = (await scrapeCacheLookups(system)).lookups;
    progress(`polling: ${sites} Sites' cached pages, ${rate.toFixed(1)}/s`);
    const paged = measured('cached first pages', system.pids, () => pace(system.base, pages, rate, file('polling-pages')));
    progress(`polling: ${sites} Sites' changes polls again`);
    const again = measured('changes polls again', system.pids, () => pace(system.base, polls, rate, file('polling-changes')));
    return { sites, rate, idle, polls: [first, again], pages: paged, lookups: { before, after } };
  } finally {
    await operator(system, ['ai-images', 'set-status', '--status', 'operational']);
  }
}

/** CPU ms per 1 000 requests of every process and the servers, less what they spend idle over the same time. */
function netCpu(m: Measured & PacedResult, f: PollingFigures): number {
  return m.cpuSystem + m.cpuServers - ((f.idle.system + f.idle.servers) * 1000) / f.rate;
}

export function printPolling(f: PollingFigures, seconds: number, targets: PollingTargets): void {
  console.log(
    `\n== realistic polling: ${f.sites} Sites each poll GET /api/v1/feed/changes once in ${seconds} s with the since and ETag they hold ` +
      `(${f.rate.toFixed(1)} requests/s, paced: an open model, latency from each request's due time), then fetch their cached first page at the same pace, ` +
      'then poll again; generation paused for all three windows (its renders are not requests), on the mix system',
  );
  printLoads([f.polls[0], f.pages, f.polls[1]]);
  console.log(
    `  idle, before the loads: the system ${f.idle.system.toFixed(0)} CPU ms/s, db+redis ${f.idle.servers.toFixed(0)} ` +
      `(${(((f.idle.system + f.idle.servers) * 1000) / f.rate).toFixed(0)} CPU ms per 1 000 requests at this pace)`,
  );
  const mean = (figure: (m: Measured & PacedResult) => number) => (figure(f.polls[0]) + figure(f.polls[1])) / 2;
  const polls = mean((m) => netCpu(m, f));
  const pages = netCpu(f.pages, f);
  const ratio = polls / Math.max(pages, 0.1);
  const raw = mean((m) => m.cpuSystem + m.cpuServers) / Math.max(f.pages.cpuSystem + f.pages.cpuServers, 0.1);
  const p99 = Math.max(f.polls[0].p99, f.polls[1].p99);
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
  console.log(
    `  ${f.polls[0].notModified + f.polls[1].notModified} of ${f.polls[0].requests + f.polls[1].requests} polls answered 304; ` +
      `CPU per 1 000 (every process, PostgreSQL and Redis included) net of idle: polls ${polls.toFixed(0)} (the mean of the two windows), cached pages ${pages.toFixed(0)}; polls / pages ${ratio.toFixed(2)}× (target ≤ ${targets.cpuRatio}: ${verdict(ratio <= targets.cpuRatio)}); ` +
      `as measured (idle included) ${raw.toFixed(2)}×`,
  );
  console.log(
    `  polls p99 ${p99.toFixed(1)} ms (the larger of the two windows; target ≤ ${targets.p99Ms} ms: ${verdict(p99 <= targets.p99Ms)}), ` +
      `max ${Math.max(f.polls[0].max, f.polls[1].max).toFixed(1)} ms; the generator's latest send ${Math.max(f.polls[0].lagMs, f.polls[1].lagMs).toFixed(1)} ms after its due time`,
  );
  console.log('  CPU ms per 1 000 requests by process (as measured):');
  for (const m of [f.polls[0], f.pages, f.polls[1]]) console.log(`    ${m.name.padEnd(36)} ${cpuSplit(m)}`);
  console.log("  cache hit ratios over the polls' first window (cfs.cache.lookups, every process):");
  printCacheRatios(f.lookups.before, f.lookups.after);
}
