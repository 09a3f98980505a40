/**
 * Runs the deployables as child processes on one machine: starts them in order, waits for each to
 * be ready, forwards their logs to stderr (stdout stays for what the launcher itself prints), and
 * stops them all, gateway first, on SIGINT/SIGTERM or when one of them dies.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import type { Logger } from '@cfs/common/logger';
import { nodeFlagsOf } from '@cfs/common/node-runtime';

export interface ChildSpec {
  /** The deployable's name (deployables.ts): it runs with nodeFlagsOf(name). */
  name: string;
  entry: string;
  env: NodeJS.ProcessEnv;
  ready: () => Promise<void>;
}

export class Supervisor {
  private readonly children: Array<{ name: string; process: ChildProcess }> = [];
  private stopping = false;

  constructor(
    private readonly logger: Logger,
    private readonly onUnexpectedExit: (name: string, code: number | null) => void,
  ) {}

  async start(spec: ChildSpec): Promise<void> {
    const child = spawn(process.execPath, [...nodeFlagsOf(spec.name), spec.entry], {
      env: spec.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Forwarded chunk by chunk (piping many children into one stream would stack listeners on it).
    child.stdout.on('data', (chunk: Buffer) => process.stderr.write(chunk));
    child.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk));
    this.children.push({ name: spec.name, process: child });
    const exited = once(child, 'exit').then(([code]) => {
      if (!this.stopping) this.onUnexpectedExit(spec.name, code as number | null);
      throw new Error(`${spec.name} exited during start-up`);
    });
    await Promise.race([spec.ready(), exited]);
    exited.catch(() => undefined);
    this.logger.info({ child: spec.name, pid: child.pid }, 'ready');
  }

  /** Stops the children in reverse start order (gateway first), each with SIGTERM then SIGKILL. */
  async stopAll(graceMs = 15_000): Promise<void> {
    this.stopping = true;
    for (const { name, process: child } of [...this.children].reverse()) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const timer = setTimeout(() => {
        this.logger.warn({ child: name }, 'did not stop in time; killing');
        child.kill('SIGKILL');
      }, graceMs);
      await exited;
      clearTimeout(timer);
    }
  }
}
