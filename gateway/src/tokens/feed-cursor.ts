/**
 * The feed cursor's codec, the one place that reads or writes a cursor. The feed service pages by a
 * keyset position (the last article's publishedAt and id); clients see it as an opaque,
 * tamper-evident string (@cfs/common/tokens' Signer): the payload is "<publishedAt>|<articleId>". A cursor whose MAC
 * does not verify (forged, truncated, altered, spelled otherwise) is refused. The query schema of
 * GET /api/v1/feed parses it once (query.ts), and the typed FeedCursor is what the page cache and
 * the gRPC request (FeedCursor, protos/cfs/feed/v1/feed.proto) carry from there on.
 */
import { ARTICLE_ID_MAX } from '@cfs/common/rules';
import type { FeedCursor__Output as FeedCursorMessage } from '@cfs/protos/generated/cfs/feed/v1/FeedCursor.js';
import { Signer } from '@cfs/common/tokens';

export { TOKEN_PATTERN } from '@cfs/common/tokens';

export const MAX_CURSOR_LENGTH = 300;
/** What a refused cursor is told (after `query.cursor: `). */
export const NOT_A_CURSOR = 'not a cursor this API issued';

declare const issued: unique symbol;
/** A position read from a cursor this API issued: only `FeedCursorCodec.parse` makes one. */
export type FeedCursor = Readonly<FeedCursorMessage> & { readonly [issued]: 'feed-cursor' };

/** The position as the text the cursor signs; also its part of a cached page's key (feed-pages.ts). */
export const feedCursorText = (cursor: Readonly<FeedCursorMessage>): string => `${cursor.publishedAt}|${cursor.articleId}`;

export class FeedCursorCodec {
  private readonly signer: Signer;

  constructor(secret: string) {
    this.signer = new Signer(secret, 'feed-cursor:v1');
  }

  /** The public cursor of a position (the feed service's `next`). */
  encode(cursor: Readonly<FeedCursorMessage>): string {
    return this.signer.sign(feedCursorText(cursor));
  }

  /** The position inside a cursor this API issued, or null. */
  parse(token: string): FeedCursor | null {
    const position = this.signer.verify(token, MAX_CURSOR_LENGTH);
    if (position === null) return null;
    const bar = position.indexOf('|');
    const publishedAt = position.slice(0, bar);
    const articleId = position.slice(bar + 1);
    if (bar < 0 || Number.isNaN(Date.parse(publishedAt)) || !articleId || articleId.length > ARTICLE_ID_MAX) return null;
    return { publishedAt, articleId } as FeedCursor;
  }
}
