/**
 * Who a request says it is, read once from its headers: `Authorization: Bearer <token>` (printable
 * ASCII, at most 512 characters), the token checked for the `cfs_` shape and checksum and hashed
 * once (caches/authenticator.ts), and the client address (`req.ip`, which TRUST_PROXY derives from
 * X-Forwarded-For behind trusted proxies only). The rate limit, the authentication and the 401
 * message all use this one reading.
 */
import type { Request } from 'express';
import { presentedToken, type PresentedToken } from '../../caches/presented-token.ts';

const BEARER = /^Bearer ([\x21-\x7e]{1,512})$/;

export type BearerToken = { token: string } | { missing: true } | { malformed: true };

export interface Caller {
  bearer: BearerToken;
  /** The bearer token when it has the shape and checksum of a Credential token. */
  token?: PresentedToken;
  /** The rate-limit bucket of the client address. */
  address: string;
}

export function bearerTokenOf(req: Request): BearerToken {
  const header = req.get('authorization');
  if (!header) return { missing: true };
  const match = BEARER.exec(header);
  return match ? { token: match[1]! } : { malformed: true };
}

export function callerOf(req: Request): Caller {
  const bearer = bearerTokenOf(req);
  const token = 'token' in bearer ? presentedToken(bearer.token) : undefined;
  return { bearer, ...(token ? { token } : {}), address: `ip:${req.ip ?? 'unknown'}` };
}
