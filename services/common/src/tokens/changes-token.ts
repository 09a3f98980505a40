/**
 * The changes feed's `since` token's codec, the one place that reads or writes one: the Site's
 * position in its changes (ChangesPosition, protos/cfs/feed/v1/feed.proto), signed like the cursor
 * under a label of its own (signer.ts), so a cursor is not a token and the reverse. The position
 * carries no time: a caught-up answer gives the same token back (and the same ETag). The gateway's
 * query schema of GET /api/v1/feed/changes parses it once (gateway/src/tokens/query.ts); the typed
 * ChangesToken is what the route and the gRPC request carry from there on. The feed service
 * encodes the positions of its feed.changed events with it (services/feed/src/webhook-events.ts).
 */
import type { ChangesPosition__Output as ChangesPositionMessage } from '@cfs/protos/generated/cfs/feed/v1/ChangesPosition.js';
import { Signer } from './signer.ts';

export const MAX_SINCE_LENGTH = 400;
/** What a refused token is told (after `query.since: `). */
export const NOT_A_TOKEN = 'not a token this API issued';

declare const issued: unique symbol;
/** A position read from a token this API issued: only `ChangesTokenCodec.parse` makes one. */
export type ChangesToken = Readonly<ChangesPositionMessage> & { readonly [issued]: 'changes-token' };

/**
 * The position as the text the token signs. One position has one text (and one token), so two
 * positions are the same when their texts are: the caught-up answer's test, and its cache key.
 */
export function changesPositionText(p: Readonly<ChangesPositionMessage>): string {
  const walk = p.walk ? [p.walk.to, p.walk.from, p.walk.stage, p.walk.after] : [];
  return [p.siteId, p.seq, p.version, ...walk].join('|');
}

const integer = (text: string) => (/^(0|[1-9][0-9]{0,9})$/.test(text) ? Number(text) : null);

export class ChangesTokenCodec {
  private readonly signer: Signer;

  constructor(secret: string) {
    this.signer = new Signer(secret, 'feed-changes:v1');
  }

  /** The public token of a position (the feed service's `next`). */
  encode(p: Readonly<ChangesPositionMessage>): string {
    return this.signer.sign(changesPositionText(p));
  }

  /** The position inside a token this API issued, or null. */
  parse(token: string): ChangesToken | null {
    const text = this.signer.verify(token, MAX_SINCE_LENGTH);
    if (text === null) return null;
    const [siteId, seq, version, to, from, stage, after, ...rest] = text.split('|');
    const v = version === undefined ? null : integer(version);
    if (!siteId || !seq || v === null || rest.length > 0) return null;
    if (to === undefined) return { siteId, seq, version: v, walk: null } as ChangesToken;
    const t = integer(to);
    if (t === null || from === undefined || stage === undefined || after === undefined) return null;
    return { siteId, seq, version: v, walk: { to: t, from, stage, after } } as ChangesToken;
  }
}
