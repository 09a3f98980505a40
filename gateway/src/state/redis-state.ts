import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import { unavailable } from '@cfs/common/errors';
import type { Logger } from '@cfs/common/logger';
import type { SharedState } from './shared-state.ts';

export interface RedisStateOptions {
  url: string;
  /** Prefix of every key and channel (one system, or one test run, per prefix). */
  prefix: string;
  /** How long a revocation marker lives; longer than any cached authentication. */
  markerTtlSeconds: number;
  logger: Logger;
}

/**
 * Redis-backed shared state. Commands fail fast while Redis is unreachable (no offline queue, a
 * short command timeout) so a request never hangs on it; the caller decides what to do then.
 */
export class RedisState implements SharedState {
  private readonly redis: Redis;
  private readonly subscriber: Redis;
  private readonly events = new EventEmitter();
  private readonly channel: string;
  private wasDisconnected = false;

  constructor(private readonly options: RedisStateOptions) {
    const common = {
      lazyConnect: false,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: 500,
      connectTimeout: 2000,
      retryStrategy: (attempt: number) => Math.min(attempt * 200, 2000),
    };
    this.redis = new Redis(options.url, common);
    this.subscriber = new Redis(options.url, { ...common, enableOfflineQueue: true, commandTimeout: undefined });
    this.channel = `${options.prefix}credential-revoked`;
    for (const connection of [this.redis, this.subscriber]) {
      connection.on('error', (err: Error) => options.logger.warn({ err: { message: err.message } }, 'redis error'));
      connection.on('close', () => {
        this.wasDisconnected = true;
      });
      connection.on('ready', () => {
        if (this.wasDisconnected) {
          // Revocations published while we were away were missed: forget every cached authentication.
          this.wasDisconnected = false;
          this.events.emit('reset');
        }
      });
    }
    this.subscriber.on('message', (channel: string, message: string) => {
      if (channel === this.channel) this.events.emit('revoked', message);
    });
    void this.subscriber.subscribe(this.channel).catch((err: Error) => options.logger.warn({ err: { message: err.message } }, 'redis subscribe failed'));
  }

  private key(credentialId: string): string {
    return `${this.options.prefix}revoked:${credentialId}`;
  }

  async markRevoked(credentialId: string): Promise<void> {
    this.events.emit('revoked', credentialId);
    try {
      await this.redis
        .multi()
        .set(this.key(credentialId), '1', 'EX', this.options.markerTtlSeconds)
        .publish(this.channel, credentialId)
        .exec();
    } catch (err) {
      // The revocation is committed; the other replicas bypass their caches while Redis is away.
      // A retry of the (idempotent) revoke records the marker.
      throw unavailable(err);
    }
  }

  async isRevoked(credentialId: string): Promise<boolean> {
    return (await this.redis.exists(this.key(credentialId))) === 1;
  }

  onRevoked(listener: (credentialId: string) => void): void {
    this.events.on('revoked', listener);
  }

  onReset(listener: () => void): void {
    this.events.on('reset', listener);
  }

  async close(): Promise<void> {
    this.events.removeAllListeners();
    await Promise.allSettled([this.redis.quit(), this.subscriber.quit()]);
  }
}
