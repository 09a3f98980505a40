/**
 * The bearer token a request presents, checked for the `cfs_` shape and checksum and hashed to its
 * key once: apart from caches/authenticator.ts so that the shared tier (caches/shared-facts.ts),
 * which the authenticator uses, can name it without importing the authenticator back.
 */
import { createHash } from 'node:crypto';
import { parseToken } from '@cfs/common/credential-token';

/** A token's key in this replica's cache and in the rate limit's buckets: a hash of the whole token, secret included. */
const tokenKeyOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/** A bearer token of the `cfs_` shape and checksum with its key: parsed and hashed once per request. */
export interface PresentedToken {
  token: string;
  key: string;
}

/**
 * Tokens already checked and hashed, so a client's next request skips the checksum and the SHA-256
 * (a few per cent of a cached request's CPU). Only well-formed tokens enter, at most
 * PRESENTED_TOKENS of them (then it starts afresh): about 200 bytes each.
 */
const PRESENTED_TOKENS = 4096;
const presented = new Map<string, PresentedToken>();

/** The token with its key, or undefined when it was never issued (wrong shape or checksum: checked without I/O). */
export function presentedToken(token: string): PresentedToken | undefined {
  const known = presented.get(token);
  if (known) return known;
  if (!parseToken(token)) return undefined;
  if (presented.size >= PRESENTED_TOKENS) presented.clear();
  const parsed = { token, key: tokenKeyOf(token) };
  presented.set(token, parsed);
  return parsed;
}
