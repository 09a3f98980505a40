/**
 * Sign-in throttling (rate-limiter-flexible, in Redis when configured, so every replica shares the
 * counts). Each attempt takes a point per e-mail and per client IP before the password is checked,
 * in one atomic step per limiter (an INCR script in Redis, the same in memory): a burst of parallel
 * guesses cannot all pass a check made before any of them is counted, so at most the limit reach
 * identity's scrypt in a window. Past either limit sign-in is refused until the window ends, with
 * the same answer whether the e-mail exists or not. A success gives its points back.
 */
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

export interface ThrottleLimits {
  perAccount: number;
  perIp: number;
  blockSeconds: number;
}

export class SignInThrottle {
  private readonly byAccount: RateLimiterAbstract;
  private readonly byIp: RateLimiterAbstract;

  constructor(limits: ThrottleLimits, redis?: { client: Redis; prefix: string }) {
    const make = (points: number, name: string) =>
      redis
        ? new RateLimiterRedis({ storeClient: redis.client, keyPrefix: `${redis.prefix}dashboard:sign-in:${name}`, points, duration: limits.blockSeconds })
        : new RateLimiterMemory({ keyPrefix: name, points, duration: limits.blockSeconds });
    this.byAccount = make(limits.perAccount, 'account');
    this.byIp = make(limits.perIp, 'ip');
  }

  private static accountKey(email: string): string {
    return createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');
  }

  /**
   * Takes one attempt for this e-mail and IP. 0: the password may be checked now. Otherwise the
   * seconds until sign-in is allowed again; the point taken on the other limiter is given back, so
   * a refused attempt costs nothing beyond the limit that refused it.
   */
  async attempt(email: string, ip: string): Promise<number> {
    const takes = [
      [this.byAccount, SignInThrottle.accountKey(email)],
      [this.byIp, ip],
    ] as const;
    const results = await Promise.allSettled(takes.map(([limiter, key]) => limiter.consume(key)));
    // Over the limit is the expected rejection; anything else (Redis down) is an error.
    const failure = results.find((r) => r.status === 'rejected' && !(r.reason instanceof RateLimiterRes));
    if (failure) throw (failure as PromiseRejectedResult).reason;
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as RateLimiterRes] : []));
    if (refused.length === 0) return 0;
    await Promise.all(takes.map(([limiter, key], i) => (results[i]!.status === 'fulfilled' ? limiter.reward(key, 1) : undefined)));
    return Math.max(1, ...refused.map((r) => Math.ceil(r.msBeforeNext / 1000)));
  }

  /** The password was right: the e-mail's count starts over and the IP gets its point back. */
  async succeeded(email: string, ip: string): Promise<void> {
    await Promise.all([this.byAccount.delete(SignInThrottle.accountKey(email)), this.byIp.reward(ip, 1)]);
  }
}
