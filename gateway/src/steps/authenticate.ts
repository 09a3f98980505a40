/** Step 3: the route takes a Credential. Missing, unknown, revoked or expired → 401 UNAUTHENTICATED. */
import type { RequestHandler } from 'express';
import { unauthenticated } from '@cfs/common/errors';
import type { Authenticator } from '../authenticator.ts';
import { bearerTokenOf } from './bearer.ts';
import { stateOf } from './request-state.ts';

export function authenticate(authenticator: Authenticator): RequestHandler {
  return async (req, res, next) => {
    const bearer = bearerTokenOf(req);
    if ('missing' in bearer) throw unauthenticated('An Authorization: Bearer <credential> header is required.');
    if ('malformed' in bearer) throw unauthenticated('The Authorization header must be "Bearer <credential>".');
    const state = stateOf(res);
    state.credential = await authenticator.authenticate(bearer.token, state.requestId, state.revocation);
    next();
  };
}
