/**
 * Which item of a feed is which, across fetches: the identity of an item is its RSS `guid`, else its
 * Atom `id`, else its JSON Feed `id`, else its link; the article id is derived from the Source's id
 * and that identity, so the same item fetched again (or pushed by a hub) updates the same article.
 *
 * An identity that is an http(s) URL is normalised the way a link is: publishers that use the
 * permalink as guid often append tracking parameters that change from one fetch to the next
 * (`?utm_source=rss&utm_campaign=2026-11-27`), which would otherwise make every fetch a new article.
 */
import { createHash } from 'node:crypto';

/** Query parameters that only track the reader's path, never select content. */
const TRACKING_PARAMETERS = new Set([
  'fbclid',
  'gclid',
  'gclsrc',
  'dclid',
  'gbraid',
  'wbraid',
  'msclkid',
  'yclid',
  'twclid',
  'igshid',
  'mc_cid',
  'mc_eid',
  '_hsenc',
  '_hsmi',
  'mkt_tok',
  'oly_anon_id',
  'oly_enc_id',
  'vero_id',
  'wt_mc',
]);

function isTrackingParameter(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.startsWith('utm_') || TRACKING_PARAMETERS.has(lower);
}

/**
 * `url` with its fragment dropped and its tracking parameters removed (the others keep their order),
 * or undefined when it is not an absolute http(s) URL.
 */
export function normaliseLink(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
  parsed.hash = '';
  const kept = [...parsed.searchParams].filter(([name]) => !isTrackingParameter(name));
  if (kept.length !== [...parsed.searchParams].length) {
    parsed.search = kept.length === 0 ? '' : new URLSearchParams(kept).toString();
  }
  return parsed.href;
}

/** The fields an identity is read from, in order of preference. */
export interface IdentityFields {
  guid?: string | undefined;
  atomId?: string | undefined;
  jsonId?: string | undefined;
  /** The item's link, already absolute. */
  link?: string | undefined;
}

/** The identity of an item, or undefined when it has none of guid, id and link. */
export function itemIdentity(fields: IdentityFields): string | undefined {
  for (const candidate of [fields.guid, fields.atomId, fields.jsonId, fields.link]) {
    const value = candidate?.trim();
    if (!value) continue;
    return normaliseLink(value) ?? value;
  }
  return undefined;
}

/**
 * The article id of an item of a Source: `art_` and 24 hex digits of a SHA-256 over the Source id and
 * the identity, the same form as the ids `articles import` derives (services/feed/src/articles.ts), so
 * it passes the ARTICLE_ID rule of @cfs/common/rules.
 */
export function sourceArticleId(sourceId: string, identity: string): string {
  return `art_${createHash('sha256').update(`source\n${sourceId}\n${identity}`).digest('hex').slice(0, 24)}`;
}
