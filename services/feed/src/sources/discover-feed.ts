/**
 * Feed autodiscovery: the feeds an HTML page names with `<link rel="alternate" type="…">`, so an
 * operator may register a site's home page and get its feed. The page is parsed by htmlparser2
 * (never matched by regexes); only the document's `<link>` elements count, not `<a>`.
 */
import { Parser } from 'htmlparser2';
import { absoluteHttpUrl } from './map-item.ts';

/**
 * The media types a page names its feeds with. Not `application/json`: WordPress links its REST API
 * documents that way, which are no feeds.
 */
export const FEED_MEDIA_TYPES: ReadonlySet<string> = new Set(['application/rss+xml', 'application/atom+xml', 'application/feed+json']);

/** Whether a Content-Type (or the start of a body) says HTML. */
export function looksLikeHtml(contentType: string | null | undefined, body: Uint8Array): boolean {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  if (type === 'text/html' || type === 'application/xhtml+xml') return true;
  const head = new TextDecoder('latin1').decode(body.subarray(0, 512)).trimStart().toLowerCase();
  return head.startsWith('<!doctype html') || head.startsWith('<html');
}

/**
 * The absolute http(s) URLs of the feeds `html` links, in the page's order (sites list their main
 * feed first, a comments feed after it). A `<base href>` changes the base they resolve against.
 */
export function discoverFeedLinks(html: string, pageUrl: string): string[] {
  const found: string[] = [];
  let base = pageUrl;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'base' && attributes.href !== undefined) {
          base = absoluteHttpUrl(attributes.href, pageUrl) ?? base;
          return;
        }
        if (name !== 'link' || attributes.href === undefined) return;
        const rels = (attributes.rel ?? '').toLowerCase().split(/\s+/);
        if (!rels.includes('alternate')) return;
        const type = (attributes.type ?? '').split(';')[0]!.trim().toLowerCase();
        if (!FEED_MEDIA_TYPES.has(type)) return;
        const url = absoluteHttpUrl(attributes.href, base);
        if (url !== undefined && !found.includes(url)) found.push(url);
      },
      onclosetag(name) {
        // The links of a page are in its head; a body can be megabytes of markup not worth reading.
        if (name === 'head') parser.pause();
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return found;
}
