/**
 * A publisher on 127.0.0.1 for the tests of Sources: serves what a test puts at a path (a feed
 * document, an HTML page, a status), answers conditional requests the way a web server does (304
 * when If-None-Match names the current ETag), and records every request it gets, headers included.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Page {
  status?: number;
  contentType?: string;
  body?: string;
  /** Served as ETag; a request whose If-None-Match names it gets 304. */
  etag?: string;
  lastModified?: string;
  headers?: Record<string, string>;
}

export interface RecordedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  /** What was answered. */
  status: number;
}

export interface Publisher {
  baseUrl: string;
  /** The address of a path on this publisher. */
  url: (path: string) => string;
  /** Serves `page` at `path` from now on. */
  serve: (path: string, page: Page) => void;
  /** Every request so far, oldest first. */
  requests: RecordedRequest[];
  /** The requests to one path. */
  requestsTo: (path: string) => RecordedRequest[];
  close: () => Promise<void>;
}

export async function startPublisher(): Promise<Publisher> {
  const pages = new Map<string, Page>();
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/';
    const page = pages.get(path);
    let status = page?.status ?? (page ? 200 : 404);
    if (page?.etag !== undefined && req.headers['if-none-match'] === page.etag && status === 200) status = 304;
    requests.push({ path, headers: req.headers, status });
    const headers: Record<string, string> = { ...page?.headers };
    if (page?.etag) headers.etag = page.etag;
    if (page?.lastModified) headers['last-modified'] = page.lastModified;
    if (status === 304 || !page?.body) {
      res.writeHead(status, headers).end();
      return;
    }
    res.writeHead(status, { ...headers, 'content-type': page.contentType ?? 'application/rss+xml; charset=utf-8' }).end(page.body);
  });
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    url: (path) => baseUrl + path,
    serve: (path, page) => pages.set(path, page),
    requests,
    requestsTo: (path) => requests.filter((r) => r.path === path),
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * An RSS 2.0 document of these items (`enclosure`: the URL of an image/jpeg enclosure); `websub`: the
 * hub and self links (atom:link) that announce a WebSub hub.
 */
export function rss(
  items: Array<{ title: string; link?: string; guid?: string; description?: string; pubDate?: string; enclosure?: string }>,
  title = 'A publisher',
  websub?: { hub: string; self: string },
): string {
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const item = (i: (typeof items)[number]) =>
    [
      '<item>',
      `<title>${escape(i.title)}</title>`,
      i.link === undefined ? '' : `<link>${escape(i.link)}</link>`,
      i.guid === undefined ? '' : `<guid isPermaLink="false">${escape(i.guid)}</guid>`,
      i.description === undefined ? '' : `<description>${escape(i.description)}</description>`,
      i.enclosure === undefined ? '' : `<enclosure url="${escape(i.enclosure).replace(/"/g, '&quot;')}" type="image/jpeg" length="1000"/>`,
      `<pubDate>${i.pubDate ?? 'Tue, 10 Nov 2026 10:00:00 GMT'}</pubDate>`,
      '</item>',
    ].join('');
  const links = websub ? `<atom:link rel="hub" href="${escape(websub.hub)}"/><atom:link rel="self" href="${escape(websub.self)}"/>` : '';
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel><title>${escape(title)}</title><link>https://news.example.com/</link><description>d</description>${links}${items.map(item).join('')}</channel></rss>`;
}
