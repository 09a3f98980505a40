/**
 * What the bench reads of processes from /proc (Linux): CPU time (utime + stime, and the cutime +
 * cstime of children already reaped, so a PostgreSQL backend that ends between two readings still
 * counts through the postmaster), the memory of each process (VmRSS now, VmHWM the peak, and
 * its PSS: its share of pages shared with other processes), environments and process trees.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

function readOr<T>(file: string, fallback: T, parse: (text: string) => T): T {
  try {
    return parse(readFileSync(file, 'utf8'));
  } catch {
    return fallback; // the process has gone
  }
}

/** utime + stime + cutime + cstime of one process, in ms (0 when it has gone). */
function cpuMsOf(pid: number): number {
  return readOr(`/proc/${pid}/stat`, 0, (text) => {
    // Fields after the command (which may hold spaces), from field 3 (state) on: utime is field 14.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
    return (ticks * 1000) / CLOCK_TICKS;
  });
}

/** The CPU ms of some processes, summed. */
export function cpuMs(pids: number[]): number {
  return pids.reduce((sum, pid) => sum + cpuMsOf(pid), 0);
}

/** The pids of processes whose name is exactly `name` (pgrep -x), or none. */
export function pidsNamed(name: string): number[] {
  try {
    return execFileSync('pgrep', ['-x', name], { encoding: 'utf8' }).trim().split('\n').map(Number);
  } catch {
    return [];
  }
}

function childrenOf(pid: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .map(Number);
  } catch {
    return [];
  }
}

/** A process and all its descendants. */
export function processTree(pid: number): number[] {
  return [pid, ...childrenOf(pid).flatMap(processTree)];
}

export interface Memory {
  rssMb: number;
  peakMb: number;
}

/** VmRSS and VmHWM of a process, in MB (NaN when it has gone). */
export function memoryOf(pid: number): Memory {
  return readOr(`/proc/${pid}/status`, { rssMb: NaN, peakMb: NaN }, (text) => {
    const mb = (field: string) => Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(text)?.[1]) / 1024);
    return { rssMb: mb('VmRSS'), peakMb: mb('VmHWM') };
  });
}

/**
 * Pss of a process (smaps_rollup), in MB (NaN when it has gone): its own pages, and its share of the
 * pages it shares, as the node binary's with every other node process running (the bench's own).
 */
export function pssMbOf(pid: number): number {
  return readOr(`/proc/${pid}/smaps_rollup`, NaN, (text) => Math.round(Number(/^Pss:\s+(\d+)/m.exec(text)?.[1]) / 1024));
}

/** What names a process in the tables: the script it runs (relative to root) or its command. */
export function commandOf(pid: number, root: string): string {
  const args = readOr(`/proc/${pid}/cmdline`, [] as string[], (text) => text.split('\0').filter(Boolean));
  const script = args.find((a) => /\.(m?js|ts)$/.test(a) && !a.startsWith('--'));
  return script ? script.replace(`${root}/`, '') : (args[0] ?? '?');
}

/** A running process's environment, from /proc (Linux). */
export function environOf(pid: number): NodeJS.ProcessEnv {
  return Object.fromEntries(
    readFileSync(`/proc/${pid}/environ`, 'utf8')
      .split('\0')
      .filter(Boolean)
      .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
  );
}
