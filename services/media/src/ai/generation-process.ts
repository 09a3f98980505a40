/**
 * MEDIA_ROLE=all (`npm start`, a media process that also serves the API): generation runs in a
 * child process (src/generation-worker.ts) started under `nice -n AI_WORKER_NICE`, so its renders
 * and provider calls, every thread of it included (threads inherit the nice value), yield the CPU to
 * request handling; the API's event loop never runs a job (services/media/README.md#where-generation-runs).
 *
 * The child opens what it needs itself (the database, the object store, the queue) from the plain
 * data it is sent, and hands back through the IPC channel what only this process can do: publish
 * on its bus (in `npm start` an in-process one), record its metrics in this process's exporter, and
 * wake the webhooks relay. It is restarted when it dies (with a backoff), stopped with this process,
 * and stops itself when the channel closes (this process was killed): no orphan renders on.
 * Linux (or any system with a `nice` command); elsewhere the child fails to start and is retried.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { CHANNELS, type Bus, type Channel } from '@cfs/common/bus';
import type { Logger } from '@cfs/common/logger';
import { NODE_FLAGS } from '@cfs/common/node-runtime';
import type { MediaEnv } from '../env.ts';
import type { ObjectStoreSpec } from '../object-store.ts';
import { applyAiMeasurement, type AiMeasurement } from './metrics.ts';

/** What the child is sent to start: everything as plain data. */
export interface GenerationChildConfig {
  env: MediaEnv;
  database: { connectionString: string; schema: string };
  poolSize: number;
  logLevel: string;
  store: ObjectStoreSpec;
}

export type ToChild = { type: 'start'; config: GenerationChildConfig } | { type: 'stop' } | { type: 'imagesSettingChanged' };
export type FromChild =
  { type: 'started' } | { type: 'publish'; channel: Channel; siteId: string } | { type: 'measure'; measurement: AiMeasurement } | { type: 'eventsWritten' };

const CHANNEL_NAMES = new Set<string>(Object.values(CHANNELS));
const FIRST_RESTART_MS = 1000;
const LAST_RESTART_MS = 30_000;
const STOP_GRACE_MS = 10_000;

/**
 * The child's entry: the built file the caller names (the embedded launcher, whose bundle keeps
 * this module's source URL); else from the sources (tests, tsx), the TypeScript file through tsx;
 * from a bundle (the image, `npm start`'s processes), the bundled entry beside this chunk in dist/.
 */
function childEntry(built: string | undefined): { file: string; execArgv: string[] } {
  if (built) return { file: built, execArgv: [...NODE_FLAGS] };
  const here = import.meta.url;
  return here.endsWith('.ts')
    ? { file: fileURLToPath(new URL('../generation-worker.ts', here)), execArgv: ['--import', 'tsx'] }
    : { file: fileURLToPath(new URL('./generation-worker.js', here)), execArgv: [...NODE_FLAGS] };
}

export class GenerationProcess {
  private child: ChildProcess | undefined;
  private stopping = false;
  private restartMs = FIRST_RESTART_MS;
  private restartTimer: NodeJS.Timeout | undefined;

  private constructor(
    private readonly options: {
      config: GenerationChildConfig;
      nice: number;
      bus: Bus;
      eventsWritten: () => void;
      logger: Logger;
      /** The built child entry (dist/generation-worker.js), when this module runs from a bundle that kept its source URL. */
      entry?: string;
    },
  ) {}

  static start(options: GenerationProcess['options']): GenerationProcess {
    const process = new GenerationProcess(options);
    process.spawn();
    return process;
  }

  /** The running child's process id (none between a death and its restart). */
  get pid(): number | undefined {
    return this.child?.exitCode === null && this.child.signalCode === null ? this.child.pid : undefined;
  }

  private spawn(): void {
    const { logger } = this.options;
    const entry = childEntry(this.options.entry);
    const startedAt = Date.now();
    // `nice -n N node …` execs node with the IPC channel's descriptor inherited: the child is born niced.
    const child = fork(entry.file, [], {
      execPath: 'nice',
      execArgv: ['-n', String(this.options.nice), process.execPath, ...entry.execArgv],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child = child;
    child.on('message', (message: FromChild) => this.onMessage(message));
    child.on('error', (err) => logger.error({ err: { name: err.name, message: err.message } }, 'generation worker process error'));
    child.once('exit', (code, signal) => {
      if (this.child === child) this.child = undefined;
      if (this.stopping) return;
      // A child that ran a while starts again at once; one that keeps dying waits longer each time.
      if (Date.now() - startedAt > 60_000) this.restartMs = FIRST_RESTART_MS;
      logger.error({ code, signal, restartInMs: this.restartMs }, 'generation worker process exited; restarting it');
      this.restartTimer = setTimeout(() => this.spawn(), this.restartMs);
      this.restartMs = Math.min(this.restartMs * 2, LAST_RESTART_MS);
    });
    const start: ToChild = { type: 'start', config: this.options.config };
    child.send(start);
  }

  private onMessage(message: FromChild): void {
    switch (message.type) {
      case 'publish':
        if (!CHANNEL_NAMES.has(message.channel)) return;
        void this.options.bus
          .publish(message.channel, message.siteId)
          .catch((err: unknown) => this.options.logger.warn({ err: { message: (err as Error).message } }, 'could not announce a variant'));
        return;
      case 'measure':
        applyAiMeasurement(message.measurement);
        return;
      case 'eventsWritten':
        this.options.eventsWritten();
        return;
      case 'started':
        this.options.logger.info({ pid: this.child?.pid, nice: this.options.nice }, 'generation worker process started');
        return;
    }
  }

  /**
   * The operator set the AI image status through this process: the child reads it again before its
   * next provider call rather than after its PAUSE_CHECK_MS cache expires, so a pause stops new
   * calls as soon as it is acknowledged, as it does in one process.
   */
  imagesSettingChanged(): void {
    const child = this.child;
    if (child?.connected)
      child.send(
        { type: 'imagesSettingChanged' } satisfies ToChild,
        (err) => err && this.options.logger.warn({ err: { message: err.message } }, 'could not tell the generation worker of the new AI image status'),
      );
  }

  /** Asks the child to finish its jobs in flight and exit; kills it after STOP_GRACE_MS. */
  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.restartTimer);
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try {
      child.send({ type: 'stop' } satisfies ToChild);
    } catch {
      child.kill('SIGTERM');
    }
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    await exited;
    clearTimeout(timer);
  }
}
