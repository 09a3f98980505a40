/**
 * The format of Credential tokens: `cfs_` + 16-character lookup id + 32-character secret +
 * 6-character checksum, all base62 (58 characters in all, ~190 bits of secret). The fixed prefix
 * lets secret scanners spot a leaked token; the CRC-32 checksum lets them, and the gateway, reject a
 * mistyped or made-up token without asking the identity service. Minted by the identity service,
 * parsed by both.
 */
import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const TOKEN_PREFIX = 'cfs_';
const LOOKUP_LENGTH = 16;
const SECRET_LENGTH = 32;
const CHECKSUM_LENGTH = 6;
export const TOKEN_PATTERN = /^cfs_[0-9A-Za-z]{54}$/;

/** Uniformly random base62 characters (rejection sampling: no modulo bias). */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

function base62Fixed(value: number, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) {
    out = BASE62[value % 62] + out;
    value = Math.floor(value / 62);
  }
  return out;
}

function checksum(body: string): string {
  return base62Fixed(crc32(body), CHECKSUM_LENGTH);
}

export interface MintedToken {
  token: string;
  lookupId: string;
}

/** A new token; `lookupId` fixed only by tests (a forged token with a real lookup id and a valid checksum). */
export function mintToken(lookupId = randomBase62(LOOKUP_LENGTH)): MintedToken {
  const body = `${TOKEN_PREFIX}${lookupId}${randomBase62(SECRET_LENGTH)}`;
  return { token: body + checksum(body), lookupId };
}

/** The lookup id of a well-formed token with a valid checksum, or null. */
export function parseToken(token: string): { lookupId: string } | null {
  if (!TOKEN_PATTERN.test(token)) return null;
  const body = token.slice(0, -CHECKSUM_LENGTH);
  if (checksum(body) !== token.slice(-CHECKSUM_LENGTH)) return null;
  return { lookupId: token.slice(TOKEN_PREFIX.length, TOKEN_PREFIX.length + LOOKUP_LENGTH) };
}
