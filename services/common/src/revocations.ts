/**
 * Revocation markers: how a revocation reaches every gateway replica on its next request
 * (services/identity/README.md#revocation). The identity service writes the marker before it commits a
 * revocation (a marker it cannot write aborts the revoke: 503, nothing changed). A gateway that
 * finds a marker for a Credential it has cached stops trusting its cache and asks the identity
 * service, which decides. So a marker left by a revoke that did not commit costs an identity call,
 * never a wrong refusal. Markers live REVOCATION_MARKER_TTL_SECONDS, twice as long as any cached
 * authentication may (MAX_AUTHENTICATION_CACHE_MS: the gateway's AUTH_CACHE_TTL_MS is validated
 * against it at start-up). A marker is a few bytes, so it can outlive the caches by far.
 */
import { Redis } from 'ioredis';
import { CHANNELS, closeRedis, REDIS_OPTIONS, type Bus } from './bus.ts';
import { unavailable } from './errors.ts';
import type { Logger } from './logger.ts';

export const REVOCATION_MARKER_TTL_SECONDS = 7200;

/**
 * The longest a gateway may keep an authentication: half a marker's life. An authentication that
 * identity answered just before a revoke committed is stored a call's deadline after the marker was
 * written, so the cache's lifetime must stay clear of the marker's, not merely equal to it.
 */
export const MAX_AUTHENTICATION_CACHE_MS = (REVOCATION_MARKER_TTL_SECONDS * 1000) / 2;

/** The Redis key of a Credential's marker (the gateway's rate-limit script reads it too). */
export const revocationMarkerKey = (prefix: string, credentialId: string) => `${prefix}revoked:${credentialId}`;

export interface RevocationMarkers {
  /** Marks a Credential (throws when the mark cannot be written). */
  mark(credentialId: string): Promise<void>;
  /** Whether a Credential carries a marker (throws when the store cannot answer). */
  isMarked(credentialId: string): Promise<boolean>;
  close(): Promise<void>;
}

/** Markers in Redis, seen by every process that uses the same URL and key prefix. */
export class RedisRevocationMarkers implements RevocationMarkers {
  constructor(
    /** A connection of the caller's (closed by close() only when `owned`). */
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly ttlSeconds = REVOCATION_MARKER_TTL_SECONDS,
    private readonly owned = false,
  ) {}

  static connect(url: string, prefix: string, logger: Logger): RedisRevocationMarkers {
    const redis = new Redis(url, REDIS_OPTIONS);
    redis.on('error', (err: Error) => logger.warn({ err: { message: err.message } }, 'redis connection error'));
    return new RedisRevocationMarkers(redis, prefix, REVOCATION_MARKER_TTL_SECONDS, true);
  }

  private key(credentialId: string): string {
    return revocationMarkerKey(this.prefix, credentialId);
  }

  async mark(credentialId: string): Promise<void> {
    try {
      await this.redis.set(this.key(credentialId), '1', 'EX', this.ttlSeconds);
    } catch (err) {
      // Transient: the revoke rolls back and answers 503; a retry marks it.
      throw unavailable(err);
    }
  }

  async isMarked(credentialId: string): Promise<boolean> {
    return (await this.redis.exists(this.key(credentialId))) === 1;
  }

  async close(): Promise<void> {
    if (this.owned) await closeRedis(this.redis);
  }
}

/** One process's markers (embedded mode, where identity and the gateway share the process). */
const processMarkers = new Map<string, number>();

export class MemoryRevocationMarkers implements RevocationMarkers {
  constructor(
    private readonly ttlSeconds = REVOCATION_MARKER_TTL_SECONDS,
    private readonly now: () => number = Date.now,
  ) {}

  async mark(credentialId: string): Promise<void> {
    processMarkers.set(credentialId, this.now() + this.ttlSeconds * 1000);
  }

  async isMarked(credentialId: string): Promise<boolean> {
    const until = processMarkers.get(credentialId);
    if (until === undefined) return false;
    if (until > this.now()) return true;
    processMarkers.delete(credentialId);
    return false;
  }

  async close(): Promise<void> {}
}

export function createRevocationMarkers(options: { redisUrl?: string | undefined; prefix: string; logger: Logger }): RevocationMarkers {
  return options.redisUrl ? RedisRevocationMarkers.connect(options.redisUrl, options.prefix, options.logger) : new MemoryRevocationMarkers();
}

/** Tells the replicas at once (a hint: the marker is what they rely on). */
export async function announceRevocation(bus: Bus, credentialId: string): Promise<void> {
  await bus.publish(CHANNELS.credentialRevoked, credentialId).catch(() => undefined);
}
