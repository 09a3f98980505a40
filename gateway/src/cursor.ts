/**
 * Public feed cursors: opaque and tamper-evident. The feed service answers a raw keyset position;
 * the gateway hands it out as base64url(position) + "." + a truncated HMAC-SHA256 keyed with
 * CURSOR_SECRET, and accepts back only cursors whose MAC verifies (forged, truncated or altered → 400).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const MAX_CURSOR_LENGTH = 300;

export class CursorCodec {
  constructor(private readonly secret: string) {}

  private mac(payload: string): Buffer {
    return createHmac('sha256', this.secret).update(`feed-cursor:v1:${payload}`).digest().subarray(0, 16);
  }

  encode(position: string): string {
    const payload = Buffer.from(position, 'utf8').toString('base64url');
    return `${payload}.${this.mac(payload).toString('base64url')}`;
  }

  /** The position inside a valid cursor, or null. */
  decode(cursor: string): string | null {
    if (cursor.length > MAX_CURSOR_LENGTH) return null;
    const dot = cursor.indexOf('.');
    if (dot <= 0) return null;
    const payload = cursor.slice(0, dot);
    const given = Buffer.from(cursor.slice(dot + 1), 'base64url');
    const expected = this.mac(payload);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    if (Buffer.from(payload, 'base64url').toString('base64url') !== payload) return null;
    return Buffer.from(payload, 'base64url').toString('utf8');
  }
}
