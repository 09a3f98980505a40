/** Step 3: the route takes a Credential. Missing, unknown, revoked or expired → 401 UNAUTHENTICATED. */
import type { Request } from 'express';
import { unauthenticated } from '@cfs/common/errors';
import type { Authenticator, Credential } from '../authenticator.ts';
import { bearerTokenOf } from './bearer.ts';
import type { RequestState } from './request-state.ts';

export function authenticate(req: Request, state: RequestState, authenticator: Authenticator): Promise<Credential> {
  const bearer = bearerTokenOf(req);
  if ('missing' in bearer) throw unauthenticated('An Authorization: Bearer <credential> header is required.');
  if ('malformed' in bearer) throw unauthenticated('The Authorization header must be "Bearer <credential>".');
  return authenticator.authenticate(bearer.token, state.requestId, state.revocation);
}
