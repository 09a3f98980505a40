/**
 * Dashboard sessions: a random 256-bit id in an HttpOnly cookie; the server keeps the session under
 * the SHA-256 of the id (so a copy of the store holds no usable id), in Redis when it is configured
 * (every replica sees it, sign-out ends it everywhere) or in this process's memory. A session ends
 * after SESSION_IDLE_MINUTES without a request and SESSION_MAX_HOURS after sign-in, whichever
 * comes first, and at sign-out.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

export interface SessionData {
  userId: string;
  customerId: string;
  email: string;
  /** The CSRF token of every form of this session. */
  csrf: string;
  /** Sign-in time (ms since the epoch). */
  createdAt: number;
  /** The last request's time (ms since the epoch): past SESSION_IDLE_MINUTES the session is over. */
  seenAt: number;
  /** A one-time notice for the next page ("Site created."). */
  flash?: string;
}

export interface SessionStore {
  get(key: string): Promise<SessionData | undefined>;
  set(key: string, data: SessionData, ttlSeconds: number): Promise<void>;
  delete(key: string): Promise<void>;
}

export class MemorySessionStore implements SessionStore {
  private readonly cache = new LRUCache<string, SessionData>({ max: 10_000, ttlAutopurge: false });

  async get(key: string): Promise<SessionData | undefined> {
    return this.cache.get(key);
  }

  async set(key: string, data: SessionData, ttlSeconds: number): Promise<void> {
    this.cache.set(key, data, { ttl: ttlSeconds * 1000 });
  }

  async delete(key: string): Promise<void> {
    this.cache.delete(key);
  }
}

export class RedisSessionStore implements SessionStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async get(key: string): Promise<SessionData | undefined> {
    const raw = await this.redis.get(this.prefix + key);
    return raw ? (JSON.parse(raw) as SessionData) : undefined;
  }

  async set(key: string, data: SessionData, ttlSeconds: number): Promise<void> {
    await this.redis.set(this.prefix + key, JSON.stringify(data), 'EX', ttlSeconds);
  }

  async delete(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }
}

export const newSecret = () => randomBytes(32).toString('base64url');
const keyOf = (id: string) => createHash('sha256').update(id).digest('base64url');

export class Sessions {
  private readonly now: () => number;

  constructor(
    private readonly store: SessionStore,
    private readonly limits: { idleSeconds: number; maxSeconds: number; now?: () => number },
  ) {
    this.now = limits.now ?? Date.now;
  }

  /** How long the session may still live, idle or not (seconds, at least 1 while it is valid). */
  private ttlOf(data: SessionData): number {
    const left = Math.floor((data.createdAt + this.limits.maxSeconds * 1000 - this.now()) / 1000);
    return Math.min(this.limits.idleSeconds, left);
  }

  async create(user: { userId: string; customerId: string; email: string }): Promise<{ id: string; data: SessionData }> {
    const id = newSecret();
    const now = this.now();
    const data: SessionData = { ...user, csrf: newSecret(), createdAt: now, seenAt: now };
    await this.store.set(keyOf(id), data, this.ttlOf(data));
    return { id, data };
  }

  /** The session, its idle time restarted; undefined when it does not exist or has expired. */
  async resume(id: string): Promise<SessionData | undefined> {
    const data = await this.store.get(keyOf(id));
    if (!data) return undefined;
    const ttl = this.ttlOf(data);
    if (ttl <= 0 || this.now() - data.seenAt > this.limits.idleSeconds * 1000) {
      await this.store.delete(keyOf(id));
      return undefined;
    }
    data.seenAt = this.now();
    await this.store.set(keyOf(id), data, ttl);
    return data;
  }

  async save(id: string, data: SessionData): Promise<void> {
    const ttl = this.ttlOf(data);
    if (ttl > 0) await this.store.set(keyOf(id), data, ttl);
  }

  async end(id: string): Promise<void> {
    await this.store.delete(keyOf(id));
  }
}
