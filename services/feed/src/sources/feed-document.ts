/**
 * A fetched feed document, bytes to articles: decoded (decode.ts), parsed (parse-feed.ts), each item
 * mapped (map-item.ts). An item whose identity repeats one earlier in the same document is kept once,
 * the first (feeds list the newest first, and a publisher that repeats a guid means the same item).
 * A document that does not parse throws FeedDocumentError and yields nothing.
 */
import { decodeDocument } from './decode.ts';
import { absoluteHttpUrl, mapItem, type MapContext, type RejectedItem, type SourceArticle } from './map-item.ts';
import { parseFeedDocument, type FeedFormat, type ParseOptions } from './parse-feed.ts';

export interface FeedDocumentContext extends Omit<MapContext, 'documentBase'>, ParseOptions {}

export interface FeedDocument {
  format: FeedFormat;
  title?: string;
  /** The WebSub hub the document names, absolute (http(s) only). */
  hub?: string;
  /** The document's own URL as it names it (the WebSub topic), absolute (http(s) only). */
  self?: string;
  articles: SourceArticle[];
  rejected: RejectedItem[];
  /** Whether items past the per-document limit were left out. */
  truncated: boolean;
}

/** The articles of a feed document given as text. Throws FeedDocumentError (`not_a_feed`, `parse_error`). */
export function readFeedText(text: string, context: FeedDocumentContext): FeedDocument {
  const parsed = parseFeedDocument(text, context.maxItems === undefined ? {} : { maxItems: context.maxItems });
  const mapContext: MapContext = { ...context, documentBase: parsed.base };
  const articles = new Map<string, SourceArticle>();
  const rejected: RejectedItem[] = [];
  const firstPosition = new Map<string, number>();
  for (const item of parsed.items) {
    const mapped = mapItem(item, mapContext);
    if ('rejected' in mapped) {
      rejected.push(mapped.rejected);
      continue;
    }
    const { article } = mapped;
    const earlier = firstPosition.get(article.id);
    if (earlier !== undefined) {
      rejected.push({ item: article.identity.slice(0, 200), reason: `The same item as item ${earlier} of this document (kept once).` });
      continue;
    }
    firstPosition.set(article.id, item.position);
    articles.set(article.id, article);
  }
  const hub = absoluteHttpUrl(parsed.hub, context.feedUrl);
  const self = absoluteHttpUrl(parsed.self, context.feedUrl);
  return {
    format: parsed.format,
    ...(parsed.title === undefined ? {} : { title: parsed.title }),
    ...(hub === undefined ? {} : { hub }),
    ...(self === undefined ? {} : { self }),
    articles: [...articles.values()],
    rejected,
    truncated: parsed.truncated,
  };
}

/** The articles of a feed document received as bytes with its HTTP Content-Type. */
export function readFeedDocument(bytes: Uint8Array, contentType: string | null | undefined, context: FeedDocumentContext): FeedDocument {
  return readFeedText(decodeDocument(bytes, contentType).text, context);
}
