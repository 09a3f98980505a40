/**
 * Deployables as real processes, from source (node --import tsx), for fault tests that kill and
 * restart them. Each gets its own ports; logs are kept for diagnosis.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import path from 'node:path';
import { inject } from 'vitest';
import { newServiceTokens } from '@cfs/common/service-auth';
import { ROOT } from './services.ts';

export async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  return port;
}

export async function portIsFree(port: number): Promise<boolean> {
  const server = net.createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

export interface RunningProcess {
  process: ChildProcess;
  logs: () => string;
  kill: (signal?: NodeJS.Signals) => Promise<void>;
}

export function startDeployable(folder: string, env: NodeJS.ProcessEnv): RunningProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, folder, 'src/index.ts')], {
    cwd: path.join(ROOT, folder),
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let logs = '';
  child.stdout!.on('data', (c) => (logs += String(c)));
  child.stderr!.on('data', (c) => (logs += String(c)));
  return {
    process: child,
    logs: () => logs,
    kill: async (signal = 'SIGKILL') => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill(signal);
      await exited;
    },
  };
}

/** Polls until `probe` resolves truthy, or throws after `timeoutMs`. */
export async function eventually(probe: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await probe().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`not ${what} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The environment of a system run as real processes (fault and health tests): the run's PostgreSQL
 * and Redis under a key prefix of its own, service tokens, and the gateway's wiring to the services.
 */
export function processSystemEnv(label: string, secrets: { pepper: string; cursorSecret: string }) {
  const { tokens, callers } = newServiceTokens();
  const common = {
    DATABASE_URL: inject('databaseUrl'),
    REDIS_URL: inject('redisUrl'),
    REDIS_KEY_PREFIX: `${inject('redisPrefix')}${label}:`,
    MIGRATE_ON_START: 'false',
    SERVICE_CALLERS: callers,
  };
  const addr = (p: number) => `127.0.0.1:${p}`;
  return {
    tokens,
    common,
    addr,
    identity: (port: number) => ({ ...common, IDENTITY_GRPC_PORT: String(port), CREDENTIAL_PEPPER: secrets.pepper }),
    /** The feed service: its port, the cursor secret its feed.changed events are signed with, its token for the webhooks service. */
    feed: (port: number, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
      ...common,
      FEED_GRPC_PORT: String(port),
      CURSOR_SECRET: secrets.cursorSecret,
      SERVICE_TOKEN: tokens.feed,
      ...extra,
    }),
    gateway: (ports: { gateway: number; identity: number; account: number; feed: number }, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
      ...common,
      PORT: String(ports.gateway),
      HOST: '127.0.0.1',
      IDENTITY_ADDR: addr(ports.identity),
      ACCOUNT_ADDR: addr(ports.account),
      FEED_ADDR: addr(ports.feed),
      CURSOR_SECRET: secrets.cursorSecret,
      SERVICE_TOKEN: tokens.gateway,
      ...extra,
    }),
  };
}
