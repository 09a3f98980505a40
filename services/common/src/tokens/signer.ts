/**
 * What the feed cursor and the changes token share: an opaque, tamper-evident string,
 * base64url(payload) + "." + a truncated HMAC-SHA256 keyed with CURSOR_SECRET under a label of the
 * token's own, so a token of one kind is never read as the other.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Every string `Signer.sign` writes, and so every token this API issues: a base64url payload, a dot, a base64url 16-byte MAC. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/;

export class Signer {
  constructor(
    private readonly secret: string,
    private readonly label: string,
  ) {}

  private mac(payload: string): Buffer {
    return createHmac('sha256', this.secret).update(`${this.label}:${payload}`).digest().subarray(0, 16);
  }

  sign(text: string): string {
    const payload = Buffer.from(text, 'utf8').toString('base64url');
    return `${payload}.${this.mac(payload).toString('base64url')}`;
  }

  /**
   * The text inside a token this signer made, or null: the token's length and pattern, then its MAC,
   * then the payload's spelling, in one pass (the only check a token gets).
   */
  verify(token: string, maxLength: number): string | null {
    if (token.length > maxLength || !TOKEN_PATTERN.test(token)) return null;
    const dot = token.indexOf('.');
    const payload = token.slice(0, dot);
    // Compared as text: decoding first would let several spellings of one MAC through (unused bits of
    // the last character, padding, the other alphabet), so one position would have many tokens.
    const given = Buffer.from(token.slice(dot + 1), 'utf8');
    const expected = Buffer.from(this.mac(payload).toString('base64url'), 'utf8');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const bytes = Buffer.from(payload, 'base64url');
    if (bytes.toString('base64url') !== payload) return null;
    return bytes.toString('utf8');
  }
}
