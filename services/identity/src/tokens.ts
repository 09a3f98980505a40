/**
 * Credential secrets, connection codes and invitation tokens at rest: only an HMAC-SHA256 of the
 * whole token, keyed with a server-side pepper, is stored; comparison is constant-time. The
 * Credential token format is @cfs/common/credential-token.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { randomBase62 } from '@cfs/common/credential-token';

export { mintToken, parseToken, randomBase62, TOKEN_PATTERN, TOKEN_PREFIX, type MintedToken } from '@cfs/common/credential-token';

export function keyedHash(pepper: string, value: string): string {
  return createHmac('sha256', pepper).update(value).digest('hex');
}

export function hashesEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Connection codes: `cfc_` + 32 base62 characters (rules.CONNECTION_CODE_PATTERN), single use; stored as a keyed hash. */
export { CONNECTION_CODE_PATTERN } from '@cfs/common/rules';
export function mintConnectionCode(): string {
  return `cfc_${randomBase62(32)}`;
}

/** Invitation tokens: `cfi_` + 32 random bytes in base64url (43 characters), single use; stored as a keyed hash. */
export const INVITATION_TOKEN_PATTERN = /^cfi_[A-Za-z0-9_-]{43}$/;
export function mintInvitationToken(): string {
  return `cfi_${randomBytes(32).toString('base64url')}`;
}
