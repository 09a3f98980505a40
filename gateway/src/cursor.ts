/**
 * The feed cursor and the changes feed's token, owned here and only here. The feed service pages by a structured keyset position
 * (FeedCursor: the last article's publishedAt and id); clients see it as an opaque, tamper-evident
 * string: base64url("<publishedAt>|<articleId>") + "." + a truncated HMAC-SHA256 keyed with
 * CURSOR_SECRET. A cursor whose MAC does not verify (forged, truncated, altered) is refused.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ARTICLE_ID_MAX } from '@cfs/common/rules';
import type { ChangesPosition__Output } from '@cfs/protos/generated/cfs/feed/v1/ChangesPosition.js';
import type { FeedCursor } from '@cfs/protos/generated/cfs/feed/v1/FeedCursor.js';

export type { FeedCursor };

export const MAX_CURSOR_LENGTH = 300;
/** What `encode` writes: base64url payload, a dot, a base64url 16-byte MAC. */
export const CURSOR_PATTERN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/;

/** Signs and verifies opaque tokens: base64url(payload) + "." + a truncated HMAC-SHA256 under a label. */
class Signer {
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

  /** The text inside a token this signer made, or null. */
  verify(token: string, maxLength: number): string | null {
    if (token.length > maxLength) return null;
    const dot = token.indexOf('.');
    if (dot <= 0) return null;
    const payload = token.slice(0, dot);
    // Compared as text: decoding first would let several spellings of one MAC through (unused bits of
    // the last character, padding, the other alphabet), so one position would have many tokens.
    const given = Buffer.from(token.slice(dot + 1), 'utf8');
    const expected = Buffer.from(this.mac(payload).toString('base64url'), 'utf8');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    if (Buffer.from(payload, 'base64url').toString('base64url') !== payload) return null;
    return Buffer.from(payload, 'base64url').toString('utf8');
  }
}

export class FeedCursorCodec {
  private readonly signer: Signer;

  constructor(secret: string) {
    this.signer = new Signer(secret, 'feed-cursor:v1');
  }

  encode(cursor: FeedCursor): string {
    return this.signer.sign(`${cursor.publishedAt}|${cursor.articleId}`);
  }

  /** The position inside a cursor this API issued, or null. */
  decode(text: string): FeedCursor | null {
    const position = this.signer.verify(text, MAX_CURSOR_LENGTH);
    if (position === null) return null;
    const bar = position.indexOf('|');
    const publishedAt = position.slice(0, bar);
    const articleId = position.slice(bar + 1);
    if (bar < 0 || Number.isNaN(Date.parse(publishedAt)) || !articleId || articleId.length > ARTICLE_ID_MAX) return null;
    return { publishedAt, articleId };
  }
}

export const MAX_SINCE_LENGTH = 400;

/**
 * The changes feed's `since` token: the Site's position in its changes (ChangesPosition), signed like
 * the cursor under its own label, so a cursor is not a token and the reverse. The position carries no
 * time: a caught-up answer gives the same token back (and the same ETag).
 */
export class ChangesTokenCodec {
  private readonly signer: Signer;

  constructor(secret: string) {
    this.signer = new Signer(secret, 'feed-changes:v1');
  }

  encode(p: ChangesPosition__Output): string {
    const walk = p.walk ? [p.walk.to, p.walk.from, p.walk.stage, p.walk.after] : [];
    return this.signer.sign([p.siteId, p.seq, p.version, ...walk].join('|'));
  }

  /** The position inside a token this API issued, or null. */
  decode(token: string): ChangesPosition__Output | null {
    const text = this.signer.verify(token, MAX_SINCE_LENGTH);
    if (text === null) return null;
    const [siteId, seq, version, to, from, stage, after, ...rest] = text.split('|');
    if (!siteId || !seq || version === undefined || rest.length > 0) return null;
    const base = { siteId, seq, version: Number(version), walk: null as ChangesPosition__Output['walk'] };
    if (to === undefined) return base;
    if (from === undefined || stage === undefined || after === undefined) return null;
    return { ...base, walk: { to: Number(to), from, stage, after } };
  }
}
