/**
 * The feed cursor, owned here and only here. The feed service pages by a structured keyset position
 * (FeedCursor: the last article's publishedAt and id); clients see it as an opaque, tamper-evident
 * string: base64url("<publishedAt>|<articleId>") + "." + a truncated HMAC-SHA256 keyed with
 * CURSOR_SECRET. A cursor whose MAC does not verify (forged, truncated, altered) is refused.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ARTICLE_ID_MAX } from '@cfs/common/rules';
import type { FeedCursor } from '@cfs/protos/generated/cfs/feed/v1/FeedCursor.js';

export type { FeedCursor };

export const MAX_CURSOR_LENGTH = 300;
/** What `encode` writes: base64url payload, a dot, a base64url 16-byte MAC. */
export const CURSOR_PATTERN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/;

export class FeedCursorCodec {
  constructor(private readonly secret: string) {}

  private mac(payload: string): Buffer {
    return createHmac('sha256', this.secret).update(`feed-cursor:v1:${payload}`).digest().subarray(0, 16);
  }

  encode(cursor: FeedCursor): string {
    const payload = Buffer.from(`${cursor.publishedAt}|${cursor.articleId}`, 'utf8').toString('base64url');
    return `${payload}.${this.mac(payload).toString('base64url')}`;
  }

  /** The position inside a cursor this API issued, or null. */
  decode(text: string): FeedCursor | null {
    if (text.length > MAX_CURSOR_LENGTH) return null;
    const dot = text.indexOf('.');
    if (dot <= 0) return null;
    const payload = text.slice(0, dot);
    const given = Buffer.from(text.slice(dot + 1), 'base64url');
    const expected = this.mac(payload);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    if (Buffer.from(payload, 'base64url').toString('base64url') !== payload) return null;
    const position = Buffer.from(payload, 'base64url').toString('utf8');
    const bar = position.indexOf('|');
    const publishedAt = position.slice(0, bar);
    const articleId = position.slice(bar + 1);
    if (bar < 0 || Number.isNaN(Date.parse(publishedAt)) || !articleId || articleId.length > ARTICLE_ID_MAX) return null;
    return { publishedAt, articleId };
  }
}
