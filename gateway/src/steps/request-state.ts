/** What the steps shared by every request learn about it, kept on `res.locals`. */
import type { Response } from 'express';
import type { RevocationCheck } from '../authenticator.ts';
import type { PendingCount } from './rate-limit.ts';

export interface ValidInput {
  params: unknown;
  query: unknown;
  body: unknown;
  /** What the route's `prepare` made of the input (e.g. the decoded feed cursor). */
  prepared: unknown;
}

export interface RequestState {
  /** Set first, by requestId(). */
  requestId: string;
  /** Set by the rate limit when its round trip also read the marker of the Credential cached for the token. */
  revocation?: RevocationCheck;
  /** Set by the rate limit when the count waits for the route (RateLimiter.settle). */
  pendingCount?: PendingCount;
}

export const stateOf = (res: Response): RequestState => res.locals as RequestState;
