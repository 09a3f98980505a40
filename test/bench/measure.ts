/**
 * A load with what it cost: the CPU time of the processes under test, and of the PostgreSQL and
 * Redis servers, read before and after, per 1 000 requests answered; and the tables the bench prints.
 */
import { ROOT, type LoadResult } from './harness.ts';
import { commandOf, cpuMs, memoryOf, pidsNamed, pssMbOf } from './procfs.ts';

export interface Measured extends LoadResult {
  name: string;
  /** CPU ms per 1 000 requests of the processes under test. */
  cpuSystem: number;
  /** The same of the PostgreSQL and Redis servers (shared with anything else that uses them). */
  cpuServers: number;
  /** cpuSystem by process (pid), largest first. */
  byProcess: Array<{ pid: number; cpu: number }>;
}

const servers = () => [...pidsNamed('postgres'), ...pidsNamed('redis-server')];

/** CPU ms per second of `pids()` and of the database servers over `ms` with no load of the bench's. */
export async function idleCpu(pids: () => number[], ms: number): Promise<{ system: number; servers: number }> {
  const before = { system: cpuMs(pids()), servers: cpuMs(servers()) };
  await new Promise((r) => setTimeout(r, ms));
  return { system: ((cpuMs(pids()) - before.system) * 1000) / ms, servers: ((cpuMs(servers()) - before.servers) * 1000) / ms };
}

/** Runs `run` (a load), reading the CPU time of `pids()` and of the database servers around it. */
export function measured<R extends LoadResult>(name: string, pids: () => number[], run: () => R): Measured & R {
  const each = new Map(pids().map((pid) => [pid, cpuMs([pid])]));
  const before = { system: cpuMs(pids()), servers: cpuMs(servers()) };
  const result = run();
  const per1000 = (ms: number) => (ms * 1000) / Math.max(result.requests, 1);
  return {
    name,
    ...result,
    cpuSystem: per1000(cpuMs(pids()) - before.system),
    cpuServers: per1000(cpuMs(servers()) - before.servers),
    byProcess: [...each]
      .map(([pid, ms]) => ({ pid, cpu: per1000(cpuMs([pid]) - ms) }))
      .filter((p) => p.cpu >= 0)
      .sort((a, b) => b.cpu - a.cpu),
  };
}

/** Where a row's CPU went: its processes (by deployable name) and the servers, per 1 000 requests. */
export function cpuSplit(m: Measured): string {
  const parts = m.byProcess.filter((p) => p.cpu >= 1).map((p) => `${deployableName(p.pid)} ${p.cpu.toFixed(0)}`);
  return [...parts, `db+redis ${m.cpuServers.toFixed(0)}`].join(', ');
}

const cell = (value: string | number, width: number, digits = 0) => (typeof value === 'number' ? value.toFixed(digits) : value).padStart(width);

export function printLoads(rows: Measured[]): void {
  console.log(
    `${'target'.padEnd(36)} ${cell('req/s', 8)} ${cell('p50 ms', 8)} ${cell('p99 ms', 8)} ${cell('errors', 8)} ${cell('CPU ms/1000 req (system)', 25)} ${cell('(db+redis)', 11)}`,
  );
  for (const r of rows) {
    console.log(
      `${r.name.padEnd(36)} ${cell(r.rps, 8)} ${cell(r.p50, 8, 1)} ${cell(r.p99, 8, 1)} ${cell(r.non2xx + r.errors, 8)} ${cell(r.cpuSystem, 25)} ${cell(r.cpuServers, 11)}`,
    );
  }
  console.log('(errors: answers other than 2xx and 304, and connection errors. db+redis: the PostgreSQL and Redis server processes, shared with');
  console.log(' whatever else uses them on this machine; system: the processes of that target, the load generator excluded)');
}

/** `services/feed/dist/index.js` → `feed`; anything else as it is. */
export function deployableName(pid: number): string {
  const command = commandOf(pid, ROOT);
  return /^(?:services\/)?([^/]+)\/dist\/index\.js$/.exec(command)?.[1] ?? command;
}

export const named = (pids: number[]): Array<[string, number]> => pids.map((pid) => [deployableName(pid), pid]);

/** Peak (VmHWM) and current RSS of each process, with the target beside (if any); returns the sum of the peaks. */
export function printMemory(title: string, processes: Array<[name: string, pid: number]>, targetMb?: number, options: { pss?: boolean } = {}): number {
  console.log(`\n${title}`);
  console.log(`  ${'process'.padEnd(30)} ${cell('peak MB', 8)} ${cell('now MB', 8)}${options.pss ? ` ${cell('PSS MB', 8)}` : ''}  target`);
  let peaks = 0;
  for (const [name, pid] of processes) {
    const { rssMb, peakMb } = memoryOf(pid);
    peaks += peakMb;
    const target = targetMb === undefined ? '' : `≤ ${targetMb}${peakMb > targetMb ? ' (over)' : ''}`;
    console.log(`  ${name.padEnd(30)} ${cell(peakMb, 8)} ${cell(rssMb, 8)}${options.pss ? ` ${cell(pssMbOf(pid), 8)}` : ''}  ${target}`);
  }
  return peaks;
}
