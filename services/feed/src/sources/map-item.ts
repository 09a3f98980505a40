/**
 * One feed item as an article of a Source, or the reason it is rejected. The article fits the limits
 * `articles import` applies (services/feed/src/articles.ts: title at most ARTICLE_TITLE_MAX of @cfs/common/rules, URLs at
 * most 2 048), so both ways in store the same shape; the summary is kept shorter (1 000 characters,
 * cut at a word), as a teaser of the publisher's page rather than a copy of it.
 *
 * Text goes through toPlainText (@cfs/common/rules/plain-text): markup parsed, never matched by regexes, and
 * script/style text never reaches a title or summary. Links and images are made absolute against the
 * item's xml:base, the document's, then the feed URL, and kept only when http(s): the publisher's own
 * URLs on whatever host they name.
 */
import { Parser } from 'htmlparser2';
import { ARTICLE_TITLE_MAX } from '@cfs/common/rules';
import { cutAtWord, toPlainText } from '@cfs/common/rules/plain-text';
import type { FeedItem } from './parse-feed.ts';
import { itemIdentity, sourceArticleId } from './item-identity.ts';

export const TITLE_MAX = ARTICLE_TITLE_MAX;
export const SUMMARY_MAX = 1000;
export const URL_MAX = 2048;
/** How much of an item names it in a rejection. */
const LABEL_MAX = 200;

/** An article read from a Source's feed, ready for the feed service to upsert. */
export interface SourceArticle {
  id: string;
  /** What the id was derived from (guid, Atom id, JSON Feed id or normalised link). */
  identity: string;
  title: string;
  url: string;
  summary?: string;
  /** ISO 8601, UTC. */
  publishedAt: string;
  imageUrl?: string;
  categories: string[];
}

/** An item that was not imported, and why (shown to the operator as `{item, reason}`). */
export interface RejectedItem {
  item: string;
  reason: string;
}

export interface MapContext {
  sourceId: string;
  /** The Source's categories, given to every article. */
  categories: string[];
  /** The URL the document was fetched from (after redirects): the base of last resort. */
  feedUrl: string;
  /** The document's xml:base, if any (relative to feedUrl). */
  documentBase?: string | undefined;
  /** When the document was fetched: the date of items without one, and the latest date allowed. */
  fetchedAt: Date;
}

export type MappedItem = { article: SourceArticle } | { rejected: RejectedItem };

/** `value` made absolute against `base`, if the result is an http(s) URL of at most URL_MAX characters. */
export function absoluteHttpUrl(value: string | undefined, base: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(value.trim(), base);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  return url.href.length <= URL_MAX ? url.href : undefined;
}

/** `value` made absolute against `base` whatever its scheme (for xml:base chains), else `base`. */
function resolveBase(value: string | undefined, base: string | undefined): string | undefined {
  if (value === undefined) return base;
  try {
    return new URL(value.trim(), base).href;
  } catch {
    return base;
  }
}

/** The base URL of an item: its xml:base against the document's against the feed URL. */
export function itemBase(item: Pick<FeedItem, 'base'>, context: Pick<MapContext, 'feedUrl' | 'documentBase'>): string | undefined {
  return resolveBase(item.base, resolveBase(context.documentBase, context.feedUrl));
}

/**
 * A date of a feed (RFC 822 as in RSS, RFC 3339 as in Atom and JSON Feed), or undefined. V8's
 * Date.parse reads both, and time zone names such as GMT or EST; it also reads stray numbers as
 * dates, so a value without a four-digit year is no date here.
 */
export function parseFeedDate(value: string | undefined): Date | undefined {
  if (value === undefined || !/\d{4}/.test(value)) return undefined;
  const time = Date.parse(value.trim());
  if (Number.isNaN(time)) return undefined;
  const date = new Date(time);
  // Years outside 0001–9999 have no ISO 8601 form the article schema accepts.
  const year = date.getUTCFullYear();
  return year >= 1 && year <= 9999 ? date : undefined;
}

/** A 1×1 (or 0×0) image is a tracking pixel, never the picture of an article. */
function isPixel(attributes: Record<string, string>): boolean {
  const tiny = (v: string | undefined) => v !== undefined && /^\s*[01](px)?\s*$/i.test(v);
  return tiny(attributes.width) || tiny(attributes.height);
}

/** The first `<img>` of `html` whose src is an http(s) URL (absolute against `base`) and no tracking pixel. */
export function firstImage(html: string | undefined, base: string | undefined): string | undefined {
  if (html === undefined || !html.includes('<')) return undefined;
  let found: string | undefined;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (found !== undefined || name !== 'img' || isPixel(attributes)) return;
        found = absoluteHttpUrl(attributes.src, base);
        if (found !== undefined) parser.pause();
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return found;
}

/** How a rejected item is named: its identity, else its title, else its position. */
function label(item: FeedItem, identity: string | undefined, title: string): string {
  const name = identity ?? (title === '' ? undefined : title);
  return name === undefined ? `item ${item.position}` : cutAtWord(name, LABEL_MAX);
}

/** The link of an item: its link, else a guid that is a permalink (RSS 2.0: isPermaLink defaults to true). */
function itemLink(item: FeedItem, base: string | undefined): string | undefined {
  return absoluteHttpUrl(item.link, base) ?? (item.guidIsPermaLink ? absoluteHttpUrl(item.guid, undefined) : undefined);
}

export function mapItem(item: FeedItem, context: MapContext): MappedItem {
  const base = itemBase(item, context);
  const link = itemLink(item, base);
  const title = cutAtWord(toPlainText(item.title ?? ''), TITLE_MAX);
  const identity = itemIdentity({ guid: item.guid, atomId: item.atomId, jsonId: item.jsonId, link });
  if (title === '') return { rejected: { item: label(item, identity, title), reason: 'The item has no title.' } };
  if (link === undefined || identity === undefined) {
    const reason = item.link === undefined ? 'The item has no link.' : 'The item has no usable link (an absolute http(s) URL of at most 2048 characters).';
    return { rejected: { item: label(item, identity, title), reason } };
  }

  const summaryText = [item.summary, item.content].map((html) => (html === undefined ? '' : toPlainText(html))).find((text) => text !== '');
  const dated = parseFeedDate(item.published) ?? parseFeedDate(item.updated) ?? context.fetchedAt;
  const publishedAt = dated.getTime() > context.fetchedAt.getTime() ? context.fetchedAt : dated;
  const imageUrl =
    item.images.map((image) => absoluteHttpUrl(image, base)).find((url) => url !== undefined) ??
    firstImage(item.content, base) ??
    firstImage(item.summary, base);

  return {
    article: {
      id: sourceArticleId(context.sourceId, identity),
      identity,
      title,
      url: link,
      ...(summaryText === undefined ? {} : { summary: cutAtWord(summaryText, SUMMARY_MAX) }),
      publishedAt: publishedAt.toISOString(),
      ...(imageUrl === undefined ? {} : { imageUrl }),
      categories: [...context.categories],
    },
  };
}
