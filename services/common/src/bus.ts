/**
 * Announcements between processes ("credential revoked", "site changed"): Redis pub/sub when
 * REDIS_URL is set, an in-process emitter otherwise (everything in one process: local mode, tests).
 * Announcements are hints that let caches drop stale entries at once; correctness never depends
 * on one being delivered (caches also expire, revocations are checked against Redis, and so is a
 * Site's generation, which its changes move on in the same step as their announcement:
 * announceSiteChange, site-facts.ts).
 */
import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import type { Logger } from './logger.ts';
import { processSiteFacts, siteFactsKey, siteGenerationKey, subscriptionFactsKey } from './site-facts.ts';

export const CHANNELS = {
  credentialRevoked: 'credential-revoked',
  siteChanged: 'site-changed',
  /** Articles were imported: feed pages cached anywhere are stale. */
  articlesChanged: 'articles-changed',
  /** A Site's subscriptions were replaced (message: the Site id). */
  subscriptionsChanged: 'subscriptions-changed',
  /** Categories were added or renamed. */
  taxonomyChanged: 'taxonomy-changed',
  /** A Site's SEO profile was replaced (message: the Site id). */
  seoProfileChanged: 'seo-profile-changed',
  /** A Site's generated variants changed (message: the Site id): its personalized pages are stale. */
  variantsChanged: 'variants-changed',
} as const;
export type Channel = (typeof CHANNELS)[keyof typeof CHANNELS];

/** The announcements of a change of a Site's facts that the gateways share in Redis (site-facts.ts). */
export type SiteFactsChannel = typeof CHANNELS.siteChanged | typeof CHANNELS.subscriptionsChanged;

export interface Bus {
  publish(channel: Channel, message: string): Promise<void>;
  /**
   * After a change of a Site's facts committed (its Site, Customer or Plan; its subscriptions): the
   * Site's shared records are deleted, its generation moves on and `channel` is published with its
   * id, in one step (site-facts.ts). Throws when it could not be done; a Redis bus then does it
   * again once its connection is back, since gateways would otherwise keep the former facts until
   * their caches expire.
   */
  announceSiteChange(channel: SiteFactsChannel, siteId: string): Promise<void>;
  subscribe(channel: Channel, listener: (message: string) => void): void;
  /** Called when the bus reconnects after an outage: announcements may have been missed. */
  onReconnect(listener: () => void): void;
  close(): Promise<void>;
}

const processEmitter = new EventEmitter().setMaxListeners(0);

/** The in-process bus: every instance in one process shares one emitter. */
export class MemoryBus implements Bus {
  private readonly subscriptions: Array<[string, (message: string) => void]> = [];

  async publish(channel: Channel, message: string): Promise<void> {
    processEmitter.emit(channel, message);
  }

  async announceSiteChange(channel: SiteFactsChannel, siteId: string): Promise<void> {
    processSiteFacts.retract(siteId);
    processEmitter.emit(channel, siteId);
  }

  subscribe(channel: Channel, listener: (message: string) => void): void {
    processEmitter.on(channel, listener);
    this.subscriptions.push([channel, listener]);
  }

  onReconnect(): void {}

  async close(): Promise<void> {
    for (const [channel, listener] of this.subscriptions) processEmitter.off(channel, listener);
  }
}

/** Site changes a Redis bus keeps to announce again after an outage; beyond it, the gateways' caches expire them. */
const MAX_UNANNOUNCED = 100_000;

/** Options shared by every Redis connection of the system: fail fast, never queue while offline. */
export const REDIS_OPTIONS = {
  enableOfflineQueue: false,
  maxRetriesPerRequest: 1,
  commandTimeout: 500,
  connectTimeout: 2000,
  retryStrategy: (attempt: number) => Math.min(attempt * 200, 2000),
};

/** Closes a connection without waiting on a server that is not there (quit() would queue forever). */
export async function closeRedis(connection: Redis): Promise<void> {
  if (connection.status !== 'ready') {
    connection.disconnect();
    return;
  }
  await Promise.race([connection.quit().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
  connection.disconnect();
}

export class RedisBus implements Bus {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly events = new EventEmitter().setMaxListeners(0);
  private disconnected = false;
  /** Site changes not yet announced (Redis could not take them), by Site and channel: done again when the publisher is ready. */
  private readonly unannounced = new Map<string, { channel: SiteFactsChannel; siteId: string }>();

  constructor(
    url: string,
    private readonly prefix: string,
    private readonly logger: Logger,
  ) {
    this.publisher = new Redis(url, REDIS_OPTIONS);
    this.publisher.on('ready', () => void this.announceAgain());
    // The subscriber queues its SUBSCRIBE commands until connected and re-subscribes on reconnect.
    this.subscriber = new Redis(url, { ...REDIS_OPTIONS, enableOfflineQueue: true, commandTimeout: undefined, maxRetriesPerRequest: null });
    for (const connection of [this.publisher, this.subscriber]) {
      connection.on('error', (err: Error) => logger.warn({ err: { message: err.message } }, 'redis connection error'));
    }
    this.subscriber.on('close', () => {
      this.disconnected = true;
    });
    this.subscriber.on('ready', () => {
      if (!this.disconnected) return;
      this.disconnected = false;
      this.events.emit('reconnect');
    });
    this.subscriber.on('message', (channel: string, message: string) => this.events.emit(channel, message));
  }

  async publish(channel: Channel, message: string): Promise<void> {
    await this.publisher.publish(this.prefix + channel, message);
  }

  async announceSiteChange(channel: SiteFactsChannel, siteId: string): Promise<void> {
    const { prefix } = this;
    try {
      const results = await this.publisher
        .multi()
        .del(siteFactsKey(prefix, siteId), subscriptionFactsKey(prefix, siteId))
        .incr(siteGenerationKey(prefix, siteId))
        .publish(prefix + channel, siteId)
        .exec();
      const failed = results?.find(([err]) => err)?.[0];
      if (!results || failed) throw failed ?? new Error('the transaction was discarded');
    } catch (err) {
      if (this.unannounced.size < MAX_UNANNOUNCED) this.unannounced.set(`${channel}\n${siteId}`, { channel, siteId });
      throw err;
    }
  }

  /** The Site changes Redis could not take, done now that it answers again (each at most once more per reconnect). */
  private async announceAgain(): Promise<void> {
    const pending = [...this.unannounced.values()];
    this.unannounced.clear();
    for (const { channel, siteId } of pending) {
      await this.announceSiteChange(channel, siteId).catch((err: unknown) =>
        this.logger.warn({ siteId, err: { message: (err as Error).message } }, 'could not announce a site change again'),
      );
    }
  }

  subscribe(channel: Channel, listener: (message: string) => void): void {
    const full = this.prefix + channel;
    if (this.events.listenerCount(full) === 0) void this.subscriber.subscribe(full).catch(() => undefined);
    this.events.on(full, listener);
  }

  onReconnect(listener: () => void): void {
    this.events.on('reconnect', listener);
  }

  async close(): Promise<void> {
    this.events.removeAllListeners();
    await Promise.all([closeRedis(this.publisher), closeRedis(this.subscriber)]);
  }
}

export function createBus(options: { redisUrl?: string | undefined; prefix: string; logger: Logger }): Bus {
  return options.redisUrl ? new RedisBus(options.redisUrl, options.prefix, options.logger) : new MemoryBus();
}
