/**
 * Step 1, every request: the security rate limit, RATE_LIMIT_PER_MINUTE requests per fixed minute
 * in the rate-limit store (one window for all replicas). The model
 * (docs/architecture.md#the-security-rate-limit):
 * - A request with a well-formed Credential token (the `cfs_` shape and checksum, checked here
 *   without I/O) is counted against that Credential, by the lookup id inside the token: the same
 *   bucket from the first request, on every replica. The RateLimit-* headers describe it.
 * - Any other request (no token, a malformed one) is counted against the client address
 *   (`req.ip`, which TRUST_PROXY derives from X-Forwarded-For behind trusted proxies only).
 * - A token that then fails authentication (401) is counted against the client address as well,
 *   and while the address has used up its window, tokens this replica has not verified are refused
 *   before any identity call: made-up tokens never buy fresh buckets.
 * Over the limit: 429 RATE_LIMITED with Retry-After. When the store is unreachable the limit is not
 * enforced (a warning at most every 10 s): availability over throttling.
 * The same round trip reads the revocation marker of the Credential this replica has cached for the
 * token, so that authentication (step 3) needs no store call of its own.
 */
import { rateLimitRefusals } from '@cfs/common/metrics';
import type { Request, RequestHandler, Response } from 'express';
import { parseToken } from '@cfs/common/credential-token';
import { DomainError } from '@cfs/common/errors';
import type { Logger } from '@cfs/common/logger';
import type { Authenticator } from '../authenticator.ts';
import type { Hit, RateLimitStore, RateWindow } from '../stores/index.ts';
import { bearerTokenOf } from './bearer.ts';
import { stateOf } from './request-state.ts';

const WINDOW_MS = 60_000;

export function rateLimit(deps: { limit: number; store: RateLimitStore; authenticator: Authenticator; logger: Logger }): RequestHandler {
  let lastWarning = 0;
  const unreachable = (err: unknown) => {
    if (Date.now() - lastWarning < 10_000) return;
    lastWarning = Date.now();
    deps.logger.warn({ err: { message: (err as Error).message } }, 'rate limit not enforced: shared state unreachable');
  };
  const describe = (res: Response, window: RateWindow) => {
    const resetSeconds = Math.max(1, Math.ceil(window.resetMs / 1000));
    res.setHeader('RateLimit-Limit', String(deps.limit));
    res.setHeader('RateLimit-Remaining', String(Math.max(0, deps.limit - window.count)));
    res.setHeader('RateLimit-Reset', String(resetSeconds));
    return resetSeconds;
  };
  const refuse = (res: Response, window: RateWindow, bucket: 'cred' | 'ip'): never => {
    rateLimitRefusals.add(1, { bucket });
    const resetSeconds = describe(res, window);
    res.setHeader('Retry-After', String(resetSeconds));
    throw new DomainError('RATE_LIMITED', `Too many requests; retry in ${resetSeconds} s.`);
  };
  const addressOf = (req: Request) => `ip:${req.ip ?? 'unknown'}`;

  return async (req, res, next) => {
    if (deps.limit <= 0) return next();
    const bearer = bearerTokenOf(req);
    const token = 'token' in bearer ? bearer.token : undefined;
    const lookupId = token === undefined ? undefined : parseToken(token)?.lookupId;
    const address = addressOf(req);
    const cachedId = lookupId ? deps.authenticator.peek(token!) : undefined;
    let counted: Hit;
    try {
      counted = lookupId
        ? await deps.store.hit(`cred:${lookupId}`, WINDOW_MS, { alsoRead: address, ...(cachedId ? { revocationOf: cachedId } : {}) })
        : await deps.store.hit(address, WINDOW_MS);
    } catch (err) {
      unreachable(err);
      return next();
    }
    if (counted.count > deps.limit) refuse(res, counted, lookupId ? 'cred' : 'ip');
    if (lookupId && counted.alsoRead && counted.alsoRead.count >= deps.limit && !cachedId) refuse(res, counted.alsoRead, 'ip');
    if (cachedId && counted.revoked !== undefined) stateOf(res).revocation = { credentialId: cachedId, marked: counted.revoked };
    describe(res, counted);
    if (lookupId) {
      res.once('finish', () => {
        if (res.statusCode === 401) void deps.store.hit(address, WINDOW_MS).catch(unreachable);
      });
    }
    next();
  };
}
