/**
 * A feed document (text) as a format-neutral list of items: RSS 0.9x/2.0, RSS 1.0 (RDF), Atom 1.0 and
 * JSON Feed 1.0/1.1, read by feedsmith (services/feed/src/sources/README.md says why that library).
 *
 * A document that does not parse imports nothing. feedsmith is lenient with broken XML (an unclosed
 * element still yields items), so XML is first checked for well-formedness by fast-xml-parser's
 * validator. Entities: feedsmith's XML parser leaves DTD entities unexpanded (no billion laughs) and
 * refuses external ones (no XXE), and decodes only the predefined and HTML named entities.
 */
import { XMLValidator } from 'fast-xml-parser';
import { detectAtomFeed, detectJsonFeed, detectRdfFeed, detectRssFeed, parseAtomFeed, parseJsonFeed, parseRdfFeed, parseRssFeed } from 'feedsmith';
import type { AtomFeed, JsonFeed, RdfFeed, RssFeed } from 'feedsmith';

/**
 * Items read from one document at most, the first ones in document order (feeds put the newest
 * first). A feed is a window of recent items, tens in practice; 500 covers every real window with
 * room, while a document of a million items costs one fetch the work of 500, not of a million.
 */
export const MAX_ITEMS_PER_DOCUMENT = 500;

export type FeedFormat = 'rss' | 'rdf' | 'atom' | 'json';

/** One item as the document gives it: raw strings, markup and relative URLs included. */
export interface FeedItem {
  /** 1-based position in the document. */
  position: number;
  guid?: string;
  /** RSS `guid isPermaLink="false"`: the guid is not a URL to follow. */
  guidIsPermaLink?: boolean;
  atomId?: string;
  jsonId?: string;
  link?: string;
  title?: string;
  /** The description / summary (HTML or text). */
  summary?: string;
  /** The full content (HTML or text). */
  content?: string;
  published?: string;
  updated?: string;
  /** The item's own xml:base, relative to the document's. */
  base?: string;
  /** Image URLs the item names explicitly, best first (enclosures, Media RSS, JSON Feed image fields). */
  images: string[];
}

export interface ParsedFeed {
  format: FeedFormat;
  title?: string;
  /** The document's xml:base (absolute or relative to the feed URL). */
  base?: string;
  /** The WebSub hub the document names, if any. */
  hub?: string;
  /** The document's own URL as it names it (`rel="self"`, JSON Feed `feed_url`): the WebSub topic. */
  self?: string;
  items: FeedItem[];
  /** Whether the document held more items than were read (maxItems). */
  truncated: boolean;
}

export type FeedDocumentErrorCode = 'not_a_feed' | 'parse_error';

/** A document that is no feed, or a feed that does not parse. The message is safe to show. */
export class FeedDocumentError extends Error {
  constructor(
    readonly code: FeedDocumentErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'FeedDocumentError';
  }
}

export interface ParseOptions {
  maxItems?: number;
}

const nonEmpty = (value: string | undefined): string | undefined => (value !== undefined && value.trim() !== '' ? value : undefined);

function isImageType(type: string | undefined): boolean {
  return type !== undefined && type.trim().toLowerCase().startsWith('image/');
}

type MediaElements = RssFeed.Item<string>['media'];

/** Media RSS images: media:content that is an image (by medium or type, or untyped), then thumbnails. */
function mediaImages(media: MediaElements): string[] {
  if (!media) return [];
  const contents = [...(media.contents ?? []), ...(media.groups ?? []).flatMap((g) => g.contents ?? [])];
  const images: string[] = [];
  for (const c of contents) {
    const untyped = c.medium === undefined && c.type === undefined;
    if (c.url && (c.medium === 'image' || isImageType(c.type) || untyped)) images.push(c.url);
  }
  for (const t of [...(media.thumbnails ?? []), ...contents.flatMap((c) => c.thumbnails ?? [])]) if (t.url) images.push(t.url);
  return images;
}

function firstDate(...dates: (string | string[] | undefined)[]): string | undefined {
  for (const d of dates) {
    const value = Array.isArray(d) ? d[0] : d;
    if (nonEmpty(value)) return value;
  }
  return undefined;
}

function rssItem(item: RssFeed.Item<string>, position: number): FeedItem {
  const enclosureImages = (item.enclosures ?? []).filter((e) => e.url && isImageType(e.type)).map((e) => e.url!);
  const guid = nonEmpty(item.guid?.value);
  return {
    position,
    ...(guid === undefined ? {} : { guid, guidIsPermaLink: item.guid?.isPermaLink !== false }),
    ...defined({
      link: nonEmpty(item.link),
      title: nonEmpty(item.title),
      summary: nonEmpty(item.description),
      content: nonEmpty(item.content?.encoded),
      published: firstDate(item.pubDate, item.dc?.dates, item.dcterms?.issued, item.dcterms?.created),
      updated: firstDate(item.dcterms?.modified, item.atom?.updated),
      base: nonEmpty(item.xml?.base),
    }),
    images: [...enclosureImages, ...mediaImages(item.media)],
  };
}

function rdfItem(item: RdfFeed.Item<string>, position: number): FeedItem {
  return {
    position,
    ...defined({
      link: nonEmpty(item.link) ?? nonEmpty(item.rdf?.about),
      title: nonEmpty(item.title),
      summary: nonEmpty(item.description),
      content: nonEmpty(item.content?.encoded),
      published: firstDate(item.dc?.dates, item.dcterms?.issued, item.dcterms?.created),
      updated: firstDate(item.dcterms?.modified),
    }),
    images: mediaImages(item.media),
  };
}

/** The entry's page: the `alternate` link (a link without rel is one), HTML preferred. */
function atomAlternate(links: AtomFeed.Link<string>[] | undefined): string | undefined {
  const alternates = (links ?? []).filter((l) => l.href && (l.rel === undefined || l.rel === 'alternate'));
  return (alternates.find((l) => l.type === undefined || l.type.includes('html')) ?? alternates[0])?.href;
}

function atomItem(entry: AtomFeed.Entry<string>, position: number): FeedItem {
  const enclosureImages = (entry.links ?? []).filter((l) => l.rel === 'enclosure' && l.href && isImageType(l.type)).map((l) => l.href!);
  return {
    position,
    ...defined({
      atomId: nonEmpty(entry.id),
      link: nonEmpty(atomAlternate(entry.links)),
      title: nonEmpty(entry.title?.value),
      summary: nonEmpty(entry.summary?.value),
      content: nonEmpty(entry.content?.value),
      published: firstDate(entry.published, entry.dc?.dates, entry.dcterms?.issued),
      updated: firstDate(entry.updated, entry.dcterms?.modified),
      base: nonEmpty(entry.xml?.base),
    }),
    images: [...enclosureImages, ...mediaImages(entry.media)],
  };
}

function jsonItem(item: JsonFeed.Item<string>, position: number): FeedItem {
  return {
    position,
    ...defined({
      jsonId: nonEmpty(typeof item.id === 'number' ? String(item.id) : item.id),
      link: nonEmpty(item.url) ?? nonEmpty(item.external_url),
      title: nonEmpty(item.title),
      summary: nonEmpty(item.summary),
      content: nonEmpty(item.content_html) ?? nonEmpty(item.content_text),
      published: firstDate(item.date_published),
      updated: firstDate(item.date_modified),
    }),
    images: [item.image, item.banner_image].filter((u): u is string => nonEmpty(u) !== undefined),
  };
}

/** `fields` without its undefined values (so optional properties stay absent). */
function defined<T extends Record<string, string | undefined>>(fields: T): { [K in keyof T]?: string } {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as { [K in keyof T]?: string };
}

type Detected = { format: 'rss' | 'rdf' | 'atom' } | { format: 'json'; json: unknown } | { format: 'json-invalid' } | undefined;

/** The format of a document, or undefined when it is none of the four (an HTML page, other XML, other JSON). */
function detectFormat(text: string): Detected {
  const start = text.trimStart();
  if (start.startsWith('{') || start.startsWith('[')) {
    let json: unknown;
    try {
      json = JSON.parse(start);
    } catch {
      return { format: 'json-invalid' };
    }
    return detectJsonFeed(json) ? { format: 'json', json } : undefined;
  }
  if (detectRssFeed(text)) return { format: 'rss' };
  if (detectAtomFeed(text)) return { format: 'atom' };
  if (detectRdfFeed(text)) return { format: 'rdf' };
  return undefined;
}

/**
 * The items of a feed document. Throws FeedDocumentError: `not_a_feed` for a document that is no
 * feed of a known format, `parse_error` for one that is but does not parse (not well-formed XML,
 * invalid JSON, an external entity, nesting too deep…).
 */
export function parseFeedDocument(text: string, options: ParseOptions = {}): ParsedFeed {
  const maxItems = options.maxItems ?? MAX_ITEMS_PER_DOCUMENT;
  const detected = detectFormat(text);
  if (detected === undefined) throw new FeedDocumentError('not_a_feed', 'The document is not an RSS, Atom or JSON feed.');
  if (detected.format === 'json-invalid') throw new FeedDocumentError('parse_error', 'The document is not valid JSON.');
  const format = detected.format;
  if (detected.format !== 'json') {
    const valid = XMLValidator.validate(text);
    if (valid !== true) {
      throw new FeedDocumentError('parse_error', `The document is not well-formed XML (line ${valid.err.line}, column ${valid.err.col}).`);
    }
  }
  // feedsmith reads every item, then keeps maxItems: one more tells whether any were left out.
  const parseOptions = { maxItems: maxItems + 1 };
  try {
    switch (format) {
      case 'rss': {
        const feed = parseRssFeed(text, parseOptions);
        return result(format, feed.title, feed.xml?.base, linked(feed.atom?.links), feed.items ?? [], rssItem, maxItems);
      }
      case 'rdf': {
        const feed = parseRdfFeed(text, parseOptions);
        return result(format, feed.title, undefined, linked(feed.atom?.links), feed.items ?? [], rdfItem, maxItems);
      }
      case 'atom': {
        const feed = parseAtomFeed(text, parseOptions);
        return result(format, feed.title?.value, feed.xml?.base, linked(feed.links), feed.entries ?? [], atomItem, maxItems);
      }
      case 'json': {
        const feed = parseJsonFeed(detected.format === 'json' ? detected.json : undefined, parseOptions);
        const hub = (feed.hubs ?? []).find((h) => h.url && h.type?.toLowerCase() === 'websub')?.url;
        return result(format, feed.title, undefined, { hub, self: feed.feed_url }, feed.items ?? [], jsonItem, maxItems);
      }
    }
  } catch (error) {
    if (error instanceof FeedDocumentError) throw error;
    // feedsmith's messages name the library's view of the document; ours say only what a Source's status shows.
    throw new FeedDocumentError('parse_error', 'The feed document could not be parsed.');
  }
}

/** The WebSub links of a feed's `<link>`/`<atom:link>` elements: the first `rel="hub"` and `rel="self"`. */
function linked(links: Array<{ rel?: string; href?: string }> | undefined): { hub: string | undefined; self: string | undefined } {
  const href = (rel: string) => (links ?? []).find((l) => l.rel === rel && nonEmpty(l.href) !== undefined)?.href;
  return { hub: href('hub'), self: href('self') };
}

function result<T>(
  format: FeedFormat,
  title: string | undefined,
  base: string | undefined,
  { hub, self }: { hub: string | undefined; self: string | undefined },
  raw: T[],
  read: (item: T, position: number) => FeedItem,
  maxItems: number,
): ParsedFeed {
  const kept = raw.slice(0, maxItems);
  return {
    format,
    ...defined({ title: nonEmpty(title), base: nonEmpty(base), hub: nonEmpty(hub), self: nonEmpty(self) }),
    items: kept.map((item, i) => read(item, i + 1)),
    truncated: raw.length > kept.length,
  };
}
