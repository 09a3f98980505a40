/** `Authorization: Bearer <token>`: the token, printable ASCII, at most 512 characters. */
import type { Request } from 'express';

const BEARER = /^Bearer ([\x21-\x7e]{1,512})$/;

export type BearerToken = { token: string } | { missing: true } | { malformed: true };

export function bearerTokenOf(req: Request): BearerToken {
  const header = req.get('authorization');
  if (!header) return { missing: true };
  const match = BEARER.exec(header);
  return match ? { token: match[1]! } : { malformed: true };
}
