/**
 * The embedded `npm start` (no DATABASE_URL: everything in one process on PGlite, in-memory stores):
 * started once to create its data and print the demo credential, stopped with SIGTERM, started
 * again on that data and timed until GET /healthz answers 200; then loaded with GET /api/v1/feed
 * (the demo credential) and its memory read.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { LAUNCHER_NODE_FLAGS } from '@cfs/common/node-runtime';
import { answers, freePorts, load, startNode, stop, until } from './harness.ts';
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

export async function measureEmbedded(seconds: number, connections: number, requestsFile: string): Promise<EmbeddedFigures> {
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
  const feed = measured(
    'embedded GET /api/v1/feed',
    () => processTree(again.pid!),
    () => load(base, [{ path: '/api/v1/feed', token }], seconds, connections, requestsFile),
  );
  return { healthyMs, runningMs, feed, pids: processTree(again.pid!) };
}
