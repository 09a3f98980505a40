/**
 * Deployables as real processes, from source (node --import tsx), for fault tests that kill and
 * restart them. Each gets its own ports; logs are kept for diagnosis.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import path from 'node:path';
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
