/**
 * Ordered graceful shutdown: on SIGTERM/SIGINT the registered steps run one
 * after the other in registration order (stop accepting → finish in-flight → close Redis →
 * disconnect Prisma → flush telemetry), each bounded by a timeout, then the process exits.
 */
import type { Logger } from './logger.ts';

export interface ShutdownStep {
  name: string;
  run: () => Promise<void> | void;
}

export class Lifecycle {
  private readonly steps: ShutdownStep[] = [];
  private stopping: Promise<void> | undefined;

  constructor(
    private readonly logger: Logger,
    private readonly stepTimeoutMs = 10_000,
  ) {}

  /** Register a step; steps run in the order they were registered. */
  onShutdown(name: string, run: ShutdownStep['run']): this {
    this.steps.push({ name, run });
    return this;
  }

  get isStopping(): boolean {
    return this.stopping !== undefined;
  }

  /** Run every step once (later calls wait for the first). Errors are logged, never thrown. */
  shutdown(): Promise<void> {
    this.stopping ??= (async () => {
      for (const step of this.steps) {
        let timer: NodeJS.Timeout | undefined;
        try {
          await Promise.race([
            Promise.resolve().then(step.run),
            new Promise((_, reject) => {
              timer = setTimeout(() => reject(new Error('timed out')), this.stepTimeoutMs);
              timer.unref();
            }),
          ]);
          this.logger.debug({ step: step.name }, 'shutdown step done');
        } catch (err) {
          this.logger.error({ step: step.name, err }, 'shutdown step failed');
        } finally {
          clearTimeout(timer);
        }
      }
    })();
    return this.stopping;
  }

  /** Exit cleanly on SIGTERM/SIGINT after the steps have run. */
  installSignalHandlers(): void {
    const handler = (signal: NodeJS.Signals) => {
      this.logger.info({ signal }, 'shutting down');
      void this.shutdown().then(() => process.exit(0));
    };
    process.once('SIGTERM', handler);
    process.once('SIGINT', handler);
  }
}
