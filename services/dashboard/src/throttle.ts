/**
 * Sign-in throttling (rate-limiter-flexible, in Redis when configured): failed attempts are counted
 * per e-mail and per client IP; past either limit, sign-in is refused until the window ends, with
 * the same answer whether the e-mail exists or not. A success clears the e-mail's count.
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

  /** Seconds until sign-in is allowed again for this e-mail or IP; 0 when it is allowed now. */
  async blockedFor(email: string, ip: string): Promise<number> {
    const [account, address] = await Promise.all([this.byAccount.get(SignInThrottle.accountKey(email)), this.byIp.get(ip)]);
    const over = (res: RateLimiterRes | null, points: number) => (res && res.consumedPoints >= points ? Math.ceil(res.msBeforeNext / 1000) : 0);
    return Math.max(over(account, this.byAccount.points), over(address, this.byIp.points));
  }

  async failed(email: string, ip: string): Promise<void> {
    const consume = (limiter: RateLimiterAbstract, key: string) =>
      limiter.consume(key).catch((rejection: unknown) => {
        // Over the limit is the expected rejection; anything else (Redis down) is an error.
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
      });
    await Promise.all([consume(this.byAccount, SignInThrottle.accountKey(email)), consume(this.byIp, ip)]);
  }

  async succeeded(email: string): Promise<void> {
    await this.byAccount.delete(SignInThrottle.accountKey(email));
  }
}
