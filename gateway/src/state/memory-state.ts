import { EventEmitter } from 'node:events';
import type { SharedState } from './shared-state.ts';

/** For a single gateway process (local mode, tests): the same contract, in memory. */
export class MemoryState implements SharedState {
  private readonly revoked = new Map<string, number>();
  private readonly events = new EventEmitter();

  constructor(
    private readonly markerTtlMs = 600_000,
    private readonly now: () => number = Date.now,
  ) {}

  async markRevoked(credentialId: string): Promise<void> {
    this.revoked.set(credentialId, this.now() + this.markerTtlMs);
    this.events.emit('revoked', credentialId);
  }

  async isRevoked(credentialId: string): Promise<boolean> {
    const until = this.revoked.get(credentialId);
    if (until === undefined) return false;
    if (until > this.now()) return true;
    this.revoked.delete(credentialId);
    return false;
  }

  onRevoked(listener: (credentialId: string) => void): void {
    this.events.on('revoked', listener);
  }

  onReset(listener: () => void): void {
    this.events.on('reset', listener);
  }

  async close(): Promise<void> {
    this.events.removeAllListeners();
  }
}
