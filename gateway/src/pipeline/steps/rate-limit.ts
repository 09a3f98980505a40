/**
 * Step 1, every request: the security rate limit, RATE_LIMIT_PER_MINUTE requests per fixed minute
 * in the rate-limit store (one window for all replicas). The model
 * (gateway/README.md#the-security-rate-limit):
 * - A request with a well-formed Credential token (the `cfs_` shape and checksum, checked without
 *   I/O: pipeline/steps/bearer.ts) is counted against that Credential, by a hash of the whole token: the same
 *   bucket from the first request, on every replica, and one that only the secret reaches (a token
 *   forged with a Credential's lookup id and a valid checksum has a bucket of its own, never the
 *   victim's). The RateLimit-* headers describe it.
 * - Any other request (no token, a malformed one) is counted against the client address.
 * - A token that then fails authentication (401) is counted against the client address as well
 *   (countFailedAuthentication), and while the address has used up its window, tokens this replica
 *   has not verified are refused before any identity call: made-up tokens never buy fresh buckets.
 * Over the limit: 429 RATE_LIMITED with Retry-After. When the store is unreachable the limit is not
 * enforced (a warning at most every 10 s): availability over throttling.
 *
 * A declared route counts its request itself (pipeline/admission.ts), in the one store round trip that also
 * reads the Credential's revocation marker and takes the quota unit; `step()` counts whatever else
 * the gateway answers (webhooks, media, /docs, unknown paths).
 */
import { rateLimitRefusals } from '@cfs/common/metrics';
import type { RequestHandler, Response } from 'express';
import { DomainError } from '@cfs/common/errors';
import type { Logger } from '@cfs/common/logger';
import type { Authenticator } from '../../caches/authenticator.ts';
import type { FactsRead, Hit, QuotaCounter, RateLimitStore, RateWindow } from '../../stores/index.ts';
import { callerOf, type Caller } from './bearer.ts';

const WINDOW_MS = 60_000;

export interface RateLimitDeps {
  limit: number;
  store: RateLimitStore;
  authenticator: Authenticator;
  logger: Logger;
}

/** What else the count reads or takes in its round trip. */
export interface CountAlso {
  /** The Credential whose revocation marker is read (the one this replica has cached for the token). */
  revocationOf?: string;
  /** A quota unit to take, within the limit and without a marker (requires `revocationOf`). */
  charge?: QuotaCounter;
  /** Only read whether `charge` has a unit left, taking none (a conditional request: pipeline/admission.ts). */
  peek?: boolean;
  /** The shared facts to read (caches/shared-facts.ts); a `generation` there is also a condition of `charge`. */
  facts?: FactsRead;
}

export class RateLimiter {
  private lastWarning = 0;

  constructor(private readonly deps: RateLimitDeps) {}

  /** Whether requests are counted at all (RATE_LIMIT_PER_MINUTE above 0). */
  get enforced(): boolean {
    return this.deps.limit > 0;
  }

  /** Step 1 as express middleware, for what is not a declared route. */
  step(): RequestHandler {
    return async (req, res, next) => {
      await this.count(res, callerOf(req));
      next();
    };
  }

  /**
   * Counts the request in its bucket, reading and taking what `also` names in the same round trip;
   * 429 past the limit. Returns the hit, or undefined when nothing was counted (the limit is off, or
   * the store could not answer: then nothing was read or taken either, and the request goes on).
   */
  async count(res: Response, caller: Caller, also: CountAlso = {}): Promise<Hit | undefined> {
    if (!this.enforced) return undefined;
    const token = caller.token;
    // The address's window matters only for a token this replica has not verified.
    const unverified = token !== undefined && also.revocationOf === undefined && !this.deps.authenticator.knows(token);
    let hit: Hit;
    try {
      hit = await this.deps.store.hit(token ? `cred:${token.key}` : caller.address, WINDOW_MS, {
        ...(unverified ? { alsoRead: caller.address } : {}),
        ...(also.revocationOf !== undefined ? { revocationOf: also.revocationOf } : {}),
        ...(also.charge ? { charge: { counter: also.charge, rateLimit: this.deps.limit, ...(also.peek ? { peek: true } : {}) } } : {}),
        ...(also.facts ? { facts: also.facts } : {}),
      });
    } catch (err) {
      this.unreachable(err);
      return undefined;
    }
    if (hit.count > this.deps.limit) this.refuse(res, hit, token ? 'cred' : 'ip');
    if (unverified && hit.alsoRead && hit.alsoRead.count >= this.deps.limit) this.refuse(res, hit.alsoRead, 'ip');
    this.describe(res, hit);
    return hit;
  }

  /** A well-formed token that failed authentication (401): counted against the client address as well. */
  async countFailedAuthentication(caller: Caller): Promise<void> {
    if (!this.enforced || !caller.token) return;
    await this.deps.store.hit(caller.address, WINDOW_MS).catch((err: unknown) => this.unreachable(err));
  }

  private unreachable(err: unknown): void {
    if (Date.now() - this.lastWarning < 10_000) return;
    this.lastWarning = Date.now();
    this.deps.logger.warn({ err: { message: (err as Error).message } }, 'rate limit not enforced: shared state unreachable');
  }

  private describe(res: Response, window: RateWindow): number {
    const resetSeconds = Math.max(1, Math.ceil(window.resetMs / 1000));
    res.setHeader('RateLimit-Limit', String(this.deps.limit));
    res.setHeader('RateLimit-Remaining', String(Math.max(0, this.deps.limit - window.count)));
    res.setHeader('RateLimit-Reset', String(resetSeconds));
    return resetSeconds;
  }

  private refuse(res: Response, window: RateWindow, bucket: 'cred' | 'ip'): never {
    rateLimitRefusals.add(1, { bucket });
    const resetSeconds = this.describe(res, window);
    res.setHeader('Retry-After', String(resetSeconds));
    throw new DomainError('RATE_LIMITED', `Too many requests; retry in ${resetSeconds} s.`);
  }
}
