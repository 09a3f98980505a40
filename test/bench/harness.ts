/**
 * What every part of the bench shares: the processes it starts (all stopped at the end), the
 * databases it creates (all dropped), free ports, waiting for readiness, and the load generator
 * (autocannon in a process of its own, load.mjs; or paced, pace.mjs).
 */
import { execFileSync, spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort, portIsFree } from '../support/processes.ts';

const benchStarted = Date.now();
/** A line on stderr with the time since the bench started: where a long run is. */
export function progress(what: string): void {
  process.stderr.write(`[bench +${((Date.now() - benchStarted) / 1000).toFixed(1)} s] ${what}\n`);
}

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const addr = (port: number) => `127.0.0.1:${port}`;

const adminUrl = process.env.BENCH_DATABASE_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const children: ChildProcess[] = [];
const databases: string[] = [];

/** A node process started from the repository root, stopped at the end of the bench. */
export function startNode(args: string[], env: NodeJS.ProcessEnv = { ...process.env }, stdio: StdioOptions = ['ignore', 'ignore', 'inherit']): ChildProcess {
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio });
  children.push(child);
  return child;
}

/** SIGTERM, and the exit awaited (SIGKILL after 15 s). */
export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

export async function until(probe: () => Promise<boolean>, what: string, ms = 60_000, everyMs = 200): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await probe().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what} not ready`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/**
 * fetch, tried again (up to 5 times, 500 ms apart) on a 503 or a connection error: the bench's own
 * setup requests must not end a run because the shared machine stalled a service or Redis a moment.
 */
export async function fetchRetrying(url: string, init?: RequestInit): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await fetch(url, init);
      if (res.status !== 503 || attempt >= 5) return res;
      await res.arrayBuffer();
    } catch (err) {
      if (attempt >= 5) throw err;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

export const answers = (url: string) => async () => (await fetch(url)).ok;

/** Free ports, one a name. */
export async function freePorts<K extends string>(names: readonly K[]): Promise<Record<K, number>> {
  const ports = {} as Record<K, number>;
  for (const name of names) ports[name] = await freePort();
  return ports;
}

/** The first of `count` consecutive free ports (the launcher numbers its metrics ports from one). */
export async function freePortRun(count: number): Promise<number> {
  for (let first = 20_000 + Math.floor(Math.random() * 20_000); first < 60_000; first += count) {
    const free = await Promise.all(Array.from({ length: count }, (_, i) => portIsFree(first + i)));
    if (free.every(Boolean)) return first;
  }
  throw new Error(`no ${count} consecutive free ports`);
}

/** A fresh database (dropped at the end), as a connection URL. */
export async function createDatabase(label: string): Promise<string> {
  const name = `cfs_bench_${label}_${Date.now().toString(36)}`;
  await withAdmin((root) => root.query(`CREATE DATABASE "${name}"`));
  databases.push(name);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(fn: (root: pg.Client) => Promise<T>): Promise<T> {
  const root = new pg.Client({ connectionString: adminUrl });
  await root.connect();
  try {
    return await fn(root);
  } finally {
    await root.end();
  }
}

/** Stops every process the bench started and drops its databases. */
export async function cleanUp(): Promise<void> {
  await Promise.all(children.reverse().map(stop));
  await withAdmin(async (root) => {
    for (const name of databases) await root.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });
}

export function killAll(): void {
  for (const c of children) c.kill('SIGKILL');
}

export interface LoadRequest {
  path: string;
  token?: string;
  /** Sent as If-None-Match (a conditional GET). */
  ifNoneMatch?: string;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  /** Answers other than 2xx and 304. */
  non2xx: number;
  /** 304 answers. */
  notModified: number;
  errors: number;
  /** With `countPersonalized`: the 200 answers of GET /api/v1/feed…, and those carrying a `personalized` item. */
  feedAnswers?: number;
  personalizedAnswers?: number;
}

/** The requests a load generator reads, one a line: "<path> [<bearer token> or -] [<If-None-Match>]". */
function writeRequests(file: string, requests: LoadRequest[]): void {
  const line = (r: LoadRequest) => (r.ifNoneMatch ? `${r.path} ${r.token ?? '-'} ${r.ifNoneMatch}` : `${r.path} ${r.token ?? ''}`.trimEnd());
  writeFileSync(file, requests.map(line).join('\n'));
}

/**
 * autocannon in its own process against `origin`, cycling through `requests` (path, bearer token
 * and If-None-Match each), for `seconds` (or `amount` requests) with `connections` connections;
 * `countPersonalized` has it read the feed answers' bodies for `personalized` items.
 */
export function load(
  origin: string,
  requests: LoadRequest[],
  seconds: number,
  connections: number,
  file: string,
  amount?: number,
  options: { countPersonalized?: boolean } = {},
): LoadResult {
  writeRequests(file, requests);
  const args = [path.join(ROOT, 'test/bench/load.mjs'), origin, String(seconds), String(connections), file, ...(amount ? [String(amount)] : [])];
  const env = { ...process.env, LOAD_COUNT_PERSONALIZED: options.countPersonalized ? '1' : '0' };
  const out = execFileSync(process.execPath, args, { encoding: 'utf8', env });
  return JSON.parse(out.trim().split('\n').pop()!) as LoadResult;
}

export interface PacedResult extends LoadResult {
  /** The slowest answer, from the time its request was due. */
  max: number;
  /** How late the latest request was sent after its due time (the generator's own delay). */
  lagMs: number;
}

/**
 * An open-model load (pace.mjs, in its own process): each of `requests` sent once, `rate` a second,
 * each at its own time however long the answers before it take; latencies counted from the due time.
 */
export function pace(origin: string, requests: LoadRequest[], rate: number, file: string): PacedResult {
  writeRequests(file, requests);
  const out = execFileSync(process.execPath, [path.join(ROOT, 'test/bench/pace.mjs'), origin, String(rate), file], { encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').pop()!) as PacedResult;
}
