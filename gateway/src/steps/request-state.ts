/** What the pipeline steps learn about one request, kept on `res.locals` as they run. */
import type { Response } from 'express';
import type { Credential, RevocationCheck } from '../authenticator.ts';
import type { QuotaCounter } from '../stores/index.ts';

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
  /** Set by rateLimit() when its round trip also read the marker of the Credential cached for the token. */
  revocation?: RevocationCheck;
  /** Set by validate(). */
  input?: ValidInput;
  /** Set by authenticate(), on routes that take a Credential. */
  credential?: Credential;
  /** The quota unit entitle() took; handle() gives it back if the request fails. */
  charged?: QuotaCounter;
}

export const stateOf = (res: Response): RequestState => res.locals as RequestState;
