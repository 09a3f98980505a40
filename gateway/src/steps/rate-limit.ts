/**
 * Step 1, every request: the security rate limit, RATE_LIMIT_PER_MINUTE requests per fixed minute
 * in the rate-limit store (one window for all replicas). The model
 * (docs/architecture.md#the-security-rate-limit):
 * - A request with a well-formed Credential token (the `cfs_` shape and checksum, checked here
 *   without I/O) is counted against that Credential, by a hash of the whole token: the same bucket
 *   from the first request, on every replica, and one that only the secret reaches (a token forged
 *   with a Credential's lookup id and a valid checksum has a bucket of its own, never the victim's). The RateLimit-* headers describe it.
 * - Any other request (no token, a malformed one) is counted against the client address
 *   (`req.ip`, which TRUST_PROXY derives from X-Forwarded-For behind trusted proxies only).
 * - A token that then fails authentication (401) is counted against the client address as well,
 *   and while the address has used up its window, tokens this replica has not verified are refused
 *   before any identity call: made-up tokens never buy fresh buckets.
 * Over the limit: 429 RATE_LIMITED with Retry-After. When the store is unreachable the limit is not
 * enforced (a warning at most every 10 s): availability over throttling.
 *
 * The same round trip reads the revocation marker of the Credential this replica has cached for the
 * token, so that authentication (step 3) needs no store call of its own; but not for a request with
 * a body: it is decided once its body is in, which a client may trickle for as long as the request
 * timeout allows, so authentication reads the marker then (a revocation meanwhile holds). And on a plan-gated GET
 * (`deferrable`) by a cached Credential, the count waits: the route's own steps run first, on what
 * this replica has cached, and then one round trip counts the request, reads the marker and takes
 * the quota unit (steps 1, 3 and 7 together; routeHandler in pipeline.ts). A refusal is answered
 * only after that count, so 429 still comes first; a request the route never settles is counted
 * when its answer is finished.
 */
import { rateLimitRefusals } from '@cfs/common/metrics';
import type { Request, RequestHandler, Response } from 'express';
import { parseToken } from '@cfs/common/credential-token';
import { DomainError } from '@cfs/common/errors';
import type { Logger } from '@cfs/common/logger';
import { tokenKeyOf, type Authenticator } from '../authenticator.ts';
import type { Hit, QuotaCounter, RateLimitStore, RateWindow } from '../stores/index.ts';
import { bearerTokenOf } from './bearer.ts';
import { hasBody } from './json-body.ts';
import { stateOf } from './request-state.ts';

const WINDOW_MS = 60_000;

export interface RateLimitDeps {
  limit: number;
  store: RateLimitStore;
  authenticator: Authenticator;
  logger: Logger;
  /** Requests whose count may wait for the route (plan-gated GETs, by path); none by default. */
  deferrable?: (req: Request) => boolean;
}

/** A request whose count waits for its route (set by the step, cleared when settled). */
export interface PendingCount {
  bucket: string;
  /** The Credential this replica has cached for the token. */
  credentialId: string;
  token: string;
}

export class RateLimiter {
  private lastWarning = 0;

  constructor(private readonly deps: RateLimitDeps) {}

  /** Step 1 as express middleware. */
  step(): RequestHandler {
    return async (req, res, next) => {
      if (this.deps.limit <= 0) return next();
      const bearer = bearerTokenOf(req);
      const token = 'token' in bearer ? bearer.token : undefined;
      const credentialBucket = token !== undefined && parseToken(token) ? `cred:${tokenKeyOf(token)}` : undefined;
      const address = addressOf(req);
      const credentialId = credentialBucket ? this.deps.authenticator.peek(token!) : undefined;
      if (credentialBucket) {
        res.once('finish', () => {
          const state = stateOf(res);
          // Never settled (a refusal before the route): counted now.
          if (state.pendingCount) void this.deps.store.hit(state.pendingCount.bucket, WINDOW_MS).catch((err: unknown) => this.unreachable(err));
          if (res.statusCode === 401) void this.deps.store.hit(address, WINDOW_MS).catch((err: unknown) => this.unreachable(err));
        });
      }
      if (credentialId && this.deps.deferrable?.(req)) {
        stateOf(res).pendingCount = { bucket: credentialBucket!, credentialId, token: token! };
        return next();
      }
      const markerOf = credentialId && !hasBody(req) ? credentialId : undefined;
      let counted: Hit;
      try {
        counted = credentialBucket
          ? await this.deps.store.hit(credentialBucket, WINDOW_MS, { alsoRead: address, ...(markerOf ? { revocationOf: markerOf } : {}) })
          : await this.deps.store.hit(address, WINDOW_MS);
      } catch (err) {
        this.unreachable(err);
        return next();
      }
      if (counted.count > this.deps.limit) this.refuse(res, counted, credentialBucket ? 'cred' : 'ip');
      if (credentialBucket && counted.alsoRead && counted.alsoRead.count >= this.deps.limit && !credentialId) this.refuse(res, counted.alsoRead, 'ip');
      if (markerOf && counted.revoked !== undefined) stateOf(res).revocation = { credentialId: markerOf, marked: counted.revoked };
      this.describe(res, counted);
      next();
    };
  }

  /**
   * Counts a request the step left pending, reading its cached Credential's marker and, with
   * `charge`, taking its quota unit in the same round trip (the unit only within the limit and
   * without a marker). 429 past the limit. Returns the hit (undefined when the store could not
   * answer: then nothing was counted or charged, and the request goes on unlimited, as in step 1).
   */
  async settle(res: Response, charge?: QuotaCounter): Promise<Hit | undefined> {
    const state = stateOf(res);
    const pending = state.pendingCount;
    if (!pending) return undefined;
    delete state.pendingCount;
    let counted: Hit;
    try {
      counted = await this.deps.store.hit(pending.bucket, WINDOW_MS, {
        revocationOf: pending.credentialId,
        ...(charge ? { charge: { counter: charge, rateLimit: this.deps.limit } } : {}),
      });
    } catch (err) {
      this.unreachable(err);
      return undefined;
    }
    if (counted.count > this.deps.limit) this.refuse(res, counted, 'cred');
    if (counted.revoked !== undefined) state.revocation = { credentialId: pending.credentialId, marked: counted.revoked };
    this.describe(res, counted);
    return counted;
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

const addressOf = (req: Request) => `ip:${req.ip ?? 'unknown'}`;

