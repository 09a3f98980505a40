/**
 * Step 1, every request: the security rate limit. RATE_LIMIT_PER_MINUTE requests per fixed minute,
 * counted in the rate-limit store so every replica draws from one window. Requests are counted per
 * Credential once this replica knows the token (it authenticated it before), otherwise per client
 * IP, so guessing credentials is limited before authentication. Every answer carries
 * RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset; over the limit it is 429 RATE_LIMITED
 * with Retry-After. When the store is unreachable the limit is not enforced (the gateway keeps
 * answering; a warning is logged at most every 10 s): availability over throttling.
 */
import type { RequestHandler } from 'express';
import { DomainError } from '@cfs/common/errors';
import type { Logger } from '@cfs/common/logger';
import type { Authenticator } from '../authenticator.ts';
import type { RateLimitStore } from '../stores/index.ts';
import { bearerTokenOf } from './bearer.ts';

const WINDOW_MS = 60_000;

export function rateLimit(deps: { limit: number; store: RateLimitStore; authenticator: Authenticator; logger: Logger }): RequestHandler {
  let lastWarning = 0;
  return async (req, res, next) => {
    if (deps.limit <= 0) return next();
    const bearer = bearerTokenOf(req);
    const credentialId = 'token' in bearer ? deps.authenticator.peek(bearer.token) : undefined;
    const bucket = credentialId ? `cred:${credentialId}` : `ip:${req.ip ?? 'unknown'}`;
    let hit: { count: number; resetMs: number };
    try {
      hit = await deps.store.hit(bucket, WINDOW_MS);
    } catch (err) {
      if (Date.now() - lastWarning > 10_000) {
        lastWarning = Date.now();
        deps.logger.warn({ err: { message: (err as Error).message } }, 'rate limit not enforced: shared state unreachable');
      }
      return next();
    }
    const resetSeconds = Math.max(1, Math.ceil(hit.resetMs / 1000));
    res.setHeader('RateLimit-Limit', String(deps.limit));
    res.setHeader('RateLimit-Remaining', String(Math.max(0, deps.limit - hit.count)));
    res.setHeader('RateLimit-Reset', String(resetSeconds));
    if (hit.count > deps.limit) {
      res.setHeader('Retry-After', String(resetSeconds));
      throw new DomainError('RATE_LIMITED', `Too many requests; retry in ${resetSeconds} s.`);
    }
    next();
  };
}
