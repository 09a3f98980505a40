import { createServer, type IncomingHttpHeaders, type RequestListener, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { createGuardedDispatcher, type Resolver } from '@cfs/common/address-guard';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  classifyFetchError,
  DEFAULT_MAX_BYTES,
  FEED_ACCEPT,
  feedUserAgent,
  fetchFeed,
  parseRetryAfter,
  type FetchFeedOptions,
} from '../src/sources/fetch-feed.ts';
import { discoverFeedLinks } from '../src/sources/discover-feed.ts';

const RSS = '<?xml version="1.0"?><rss version="2.0"><channel><title>t</title><item><title>a</title><link>https://pub.example/a</link></item></channel></rss>';
const userAgent = feedUserAgent('1.2.3', 'https://cfs.example');

interface Publisher {
  origin: string;
  port: number;
  requests: { path: string; headers: IncomingHttpHeaders }[];
  /** Sockets the server saw close (the client gave up on an answer). */
  closed: () => number;
  close: () => Promise<void>;
}

const running: Publisher[] = [];

/** A publisher's server on 127.0.0.1 that records every request it receives. */
async function publisher(handler: RequestListener): Promise<Publisher> {
  const requests: Publisher['requests'] = [];
  const sockets = new Set<Socket>();
  let closed = 0;
  const server: Server = createServer((req, res) => {
    requests.push({ path: req.url ?? '', headers: req.headers });
    handler(req, res);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => {
      closed += 1;
      sockets.delete(socket);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const p: Publisher = {
    origin: `http://127.0.0.1:${port}`,
    port,
    requests,
    closed: () => closed,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  running.push(p);
  return p;
}

const dispatcher = createGuardedDispatcher({ allowPrivateNetworks: true, connectTimeoutMs: 2_000 });
const fetchAt = (url: string, options: Partial<FetchFeedOptions> = {}) => fetchFeed({ url, dispatcher, userAgent, ...options });

afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.close()));
});
afterAll(async () => {
  await dispatcher.close();
});

describe('a plain fetch', () => {
  it('sends Accept, Accept-Encoding and the User-Agent, and returns the body with its validators', async () => {
    const pub = await publisher((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8', etag: '"v1"', 'last-modified': 'Thu, 26 Nov 2026 10:00:00 GMT' });
      res.end(RSS);
    });
    const result = await fetchAt(`${pub.origin}/feed.xml`);
    expect(result).toMatchObject({
      outcome: 'ok',
      status: 200,
      url: `${pub.origin}/feed.xml`,
      contentType: 'application/rss+xml; charset=utf-8',
      etag: '"v1"',
      lastModified: 'Thu, 26 Nov 2026 10:00:00 GMT',
    });
    expect(result.outcome === 'ok' && Buffer.from(result.body).toString()).toBe(RSS);
    expect(result).not.toHaveProperty('permanentUrl');
    const [seen] = pub.requests;
    expect(seen!.headers).toMatchObject({
      accept: FEED_ACCEPT,
      'accept-encoding': 'gzip, deflate, br',
      'user-agent': 'ContentFeedService/1.2.3 (+https://cfs.example)',
    });
    expect(seen!.headers).not.toHaveProperty('if-none-match');
    expect(feedUserAgent('1.2.3')).toBe('ContentFeedService/1.2.3');
  });

  it('refuses, as a programming error, a URL that is not absolute http(s)', async () => {
    for (const url of ['file:///etc/passwd', '/feed.xml', 'gopher://pub.example/']) {
      await expect(fetchAt(url)).rejects.toThrow(TypeError);
    }
  });

  it('a conditional GET sends the validators of the last 200 back, and a 304 is not_modified', async () => {
    const pub = await publisher((req, res) => {
      if (req.headers['if-none-match'] === '"v1"') return res.writeHead(304).end();
      res.end(RSS);
    });
    const result = await fetchAt(`${pub.origin}/feed.xml`, { etag: '"v1"', lastModified: 'Thu, 26 Nov 2026 10:00:00 GMT' });
    expect(result).toMatchObject({ outcome: 'not_modified', status: 304 });
    expect(pub.requests[0]!.headers).toMatchObject({ 'if-none-match': '"v1"', 'if-modified-since': 'Thu, 26 Nov 2026 10:00:00 GMT' });
  });

  it.each([
    ['gzip', gzipSync],
    ['deflate', deflateSync],
    ['br', brotliCompressSync],
  ] as const)('decompresses %s', async (encoding, compress) => {
    const pub = await publisher((_req, res) => {
      res.writeHead(200, { 'content-encoding': encoding, 'content-type': 'application/rss+xml' });
      res.end(compress(Buffer.from(RSS)));
    });
    const result = await fetchAt(`${pub.origin}/feed.xml`);
    expect(result.outcome === 'ok' && Buffer.from(result.body).toString()).toBe(RSS);
  });

  it('a body it cannot decompress is a parse_error, with a safe message', async () => {
    const pub = await publisher((req, res) => {
      res.writeHead(200, { 'content-encoding': req.url === '/zstd' ? 'zstd' : 'gzip' });
      res.end('this is not gzip at all');
    });
    expect(await fetchAt(`${pub.origin}/corrupt`)).toMatchObject({
      outcome: 'failed',
      error: { code: 'parse_error', message: 'The compressed answer could not be decompressed.' },
    });
    expect(await fetchAt(`${pub.origin}/zstd`)).toMatchObject({
      outcome: 'failed',
      error: { code: 'parse_error', message: 'The answer uses a content encoding the service does not read (zstd).' },
    });
  });
});

describe('hostile publishers', () => {
  it('a gzip bomb fails as too_large once the decompressed body passes the cap', async () => {
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024), { level: 9 });
    expect(bomb.length).toBeLessThan(100 * 1024);
    const pub = await publisher((_req, res) => {
      res.writeHead(200, { 'content-encoding': 'gzip', 'content-length': String(bomb.length) });
      res.end(bomb);
    });
    const result = await fetchAt(`${pub.origin}/bomb.xml`, { maxBytes: 1024 * 1024 });
    expect(result).toMatchObject({ outcome: 'failed', status: 200, error: { code: 'too_large', message: 'The document is larger than 1 MiB.' } });
    expect(DEFAULT_MAX_BYTES).toBe(10 * 1024 * 1024);
  });

  it('a never-ending body is cut at the cap and the connection dropped', async () => {
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let writes = 0;
    const pub = await publisher((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      const pump = () => {
        // Bounded, so that a broken client can never make this test run forever.
        while (writes < 10_000 && res.write(chunk)) writes += 1;
        if (writes < 10_000 && !res.destroyed) res.once('drain', pump);
      };
      res.on('close', () => res.removeAllListeners('drain'));
      pump();
    });
    const result = await fetchAt(`${pub.origin}/endless.xml`, { maxBytes: 256 * 1024 });
    expect(result).toMatchObject({ outcome: 'failed', error: { code: 'too_large', message: 'The document is larger than 262144 bytes.' } });
    await expect.poll(() => pub.closed()).toBe(1);
    expect(writes).toBeLessThan(10_000);
  });

  it('a body dripped slowly is cut at the deadline of the whole answer', async () => {
    const timers: NodeJS.Timeout[] = [];
    const pub = await publisher((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      const drip = setInterval(() => res.write('<'), 50);
      timers.push(drip);
      res.on('close', () => clearInterval(drip));
      setTimeout(() => clearInterval(drip), 5_000).unref();
    });
    const result = await fetchAt(`${pub.origin}/drip.xml`, { timeoutMs: 400 });
    expect(result).toMatchObject({ outcome: 'failed', error: { code: 'timeout', message: 'No complete answer within 0.4 s.' } });
    timers.forEach(clearInterval);
  });

  it('a server that never answers times out too', async () => {
    const pub = await publisher(() => {
      /* holds the request open */
    });
    expect(await fetchAt(`${pub.origin}/silent.xml`, { timeoutMs: 300 })).toMatchObject({ outcome: 'failed', error: { code: 'timeout' } });
  });

  it('a 1 GB Content-Length is refused before the body is read', async () => {
    const pub = await publisher((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/rss+xml', 'content-length': String(1024 ** 3) });
      res.write(RSS);
      // …and never sends the rest.
    });
    expect(await fetchAt(`${pub.origin}/huge.xml`, { timeoutMs: 10_000 })).toMatchObject({
      outcome: 'failed',
      error: { code: 'too_large', message: 'The document is larger than 10 MiB.' },
    });
  });
});

describe('redirects', () => {
  it('are followed by hand; a chain that starts with permanent ones reports where the Source now lives', async () => {
    const pub = await publisher((req, res) => {
      const to: Record<string, [number, string]> = {
        '/old': [301, '/older'],
        '/older': [308, '/feed.xml'],
        '/moved': [301, '/temp'],
        '/temp': [302, '/feed.xml'],
        '/tmp2': [307, '/perm'],
        '/perm': [301, '/feed.xml'],
      };
      const hop = to[req.url ?? ''];
      if (hop) return res.writeHead(hop[0], { location: hop[1] }).end();
      res.end(RSS);
    });
    expect(await fetchAt(`${pub.origin}/old`)).toMatchObject({ outcome: 'ok', url: `${pub.origin}/feed.xml`, permanentUrl: `${pub.origin}/feed.xml` });
    expect(await fetchAt(`${pub.origin}/moved`)).toMatchObject({ outcome: 'ok', url: `${pub.origin}/feed.xml`, permanentUrl: `${pub.origin}/temp` });
    const temporaryFirst = await fetchAt(`${pub.origin}/tmp2`);
    expect(temporaryFirst).toMatchObject({ outcome: 'ok', url: `${pub.origin}/feed.xml` });
    expect(temporaryFirst).not.toHaveProperty('permanentUrl');
    expect(pub.requests.map((r) => r.path)).toEqual(['/old', '/older', '/feed.xml', '/moved', '/temp', '/feed.xml', '/tmp2', '/perm', '/feed.xml']);
  });

  it('a redirect loop stops after 5 redirects', async () => {
    const pub = await publisher((req, res) => res.writeHead(302, { location: req.url === '/a' ? '/b' : '/a' }).end());
    expect(await fetchAt(`${pub.origin}/a`)).toMatchObject({ outcome: 'failed', status: 302, error: { code: 'redirects', message: 'More than 5 redirects.' } });
    expect(pub.requests).toHaveLength(6);
  });

  it('a redirect to another scheme, or without Location, fails as redirects', async () => {
    const pub = await publisher((req, res) => (req.url === '/file' ? res.writeHead(301, { location: 'file:///etc/passwd' }).end() : res.writeHead(302).end()));
    expect(await fetchAt(`${pub.origin}/file`)).toMatchObject({
      outcome: 'failed',
      error: { code: 'redirects', message: 'The server answered 301 without a usable http(s) Location.' },
    });
    expect(await fetchAt(`${pub.origin}/none`)).toMatchObject({ outcome: 'failed', error: { code: 'redirects' } });
  });

  it('every hop is checked again: a redirect to cloud metadata or 0.0.0.0 is refused before connecting', async () => {
    const pub = await publisher((req, res) =>
      res.writeHead(302, { location: req.url === '/meta' ? 'http://169.254.169.254/latest/meta-data/' : `http://0.0.0.0:${pub.port}/feed.xml` }).end(),
    );
    for (const path of ['/meta', '/zero']) {
      const result = await fetchAt(`${pub.origin}${path}`);
      expect(result).toMatchObject({ outcome: 'failed', error: { code: 'blocked_address' } });
      expect(result.outcome === 'failed' && result.error.message).toMatch(
        /^The address of (169\.254\.169\.254|0\.0\.0\.0) is a (link-local|unspecified) address, which is not allowed\.$/,
      );
    }
    expect(pub.requests.map((r) => r.path)).toEqual(['/meta', '/zero']);
  });

  it('with private networks refused, a name that resolves to loopback is blocked_address and the server sees nothing', async () => {
    const pub = await publisher((_req, res) => res.end(RSS));
    const resolve: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];
    const closed = createGuardedDispatcher({ allowPrivateNetworks: false, resolve });
    try {
      const result = await fetchFeed({ url: `http://feeds.publisher.example:${pub.port}/feed.xml`, dispatcher: closed, userAgent });
      expect(result).toMatchObject({
        outcome: 'failed',
        error: { code: 'blocked_address', message: 'The address of feeds.publisher.example is a loopback address, which is not allowed.' },
      });
      expect(pub.requests).toEqual([]);
    } finally {
      await closed.close();
    }
  });
});

describe('status codes and network failures', () => {
  it('non-2xx answers are http_status with the status; 429 and 503 carry Retry-After', async () => {
    const now = new Date('2026-11-27T06:00:00Z');
    const pub = await publisher((req, res) => {
      if (req.url === '/429') return res.writeHead(429, { 'retry-after': '120' }).end('slow down');
      if (req.url === '/503') return res.writeHead(503, { 'retry-after': 'Fri, 27 Nov 2026 07:00:00 GMT' }).end();
      res.writeHead(Number(req.url?.slice(1))).end('<html>stack trace at /srv/app.js:12</html>');
    });
    expect(await fetchAt(`${pub.origin}/404`, { now: () => now })).toEqual({
      outcome: 'failed',
      status: 404,
      error: { code: 'http_status', message: 'The server answered 404.' },
      url: `${pub.origin}/404`,
      fetchedAt: now,
    });
    expect(await fetchAt(`${pub.origin}/410`)).toMatchObject({
      outcome: 'failed',
      status: 410,
      error: { code: 'http_status', message: 'The server answered 410.' },
    });
    expect(await fetchAt(`${pub.origin}/500`)).toMatchObject({ outcome: 'failed', status: 500 });
    expect(await fetchAt(`${pub.origin}/429`, { now: () => now })).toMatchObject({ status: 429, retryAfter: new Date('2026-11-27T06:02:00Z') });
    expect(await fetchAt(`${pub.origin}/503`, { now: () => now })).toMatchObject({ status: 503, retryAfter: new Date('2026-11-27T07:00:00Z') });
  });

  it('parseRetryAfter reads seconds and HTTP dates, never into the past, and ignores the rest', () => {
    const now = new Date('2026-11-27T06:00:00Z');
    expect(parseRetryAfter('0', now)).toEqual(now);
    expect(parseRetryAfter(' 3600 ', now)).toEqual(new Date('2026-11-27T07:00:00Z'));
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:00 GMT', now)).toEqual(now);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });

  it('a name that does not resolve is dns', async () => {
    const resolve: Resolver = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.example'), { code: 'ENOTFOUND' });
    };
    const d = createGuardedDispatcher({ allowPrivateNetworks: true, resolve });
    try {
      expect(await fetchFeed({ url: 'https://nowhere.example/feed', dispatcher: d, userAgent })).toMatchObject({
        outcome: 'failed',
        error: { code: 'dns', message: 'The host name could not be resolved.' },
      });
    } finally {
      await d.close();
    }
  });

  it('a refused connection is connection; TLS spoken to a plain HTTP server is tls', async () => {
    const gone = await publisher(() => undefined);
    const port = gone.port;
    await gone.close();
    running.splice(running.indexOf(gone), 1);
    expect(await fetchAt(`http://127.0.0.1:${port}/feed.xml`)).toMatchObject({
      outcome: 'failed',
      error: { code: 'connection', message: 'The connection failed (ECONNREFUSED).' },
    });

    const plain = await publisher((_req, res) => res.end(RSS));
    const result = await fetchAt(`https://127.0.0.1:${plain.port}/feed.xml`);
    expect(result).toMatchObject({ outcome: 'failed', error: { code: 'tls' } });
    expect(result.outcome === 'failed' && result.error.message).toMatch(/^The TLS connection failed \([A-Z_]+\)\.$/);
  });

  it('classifyFetchError: codes from undici and node, messages without details', () => {
    expect(
      classifyFetchError(Object.assign(new Error('Connect Timeout Error (attempted address: 10.0.0.1:443)'), { code: 'UND_ERR_CONNECT_TIMEOUT' }), 30_000),
    ).toEqual({ code: 'timeout', message: 'No connection could be made in time.' });
    expect(classifyFetchError(new TypeError('fetch failed', { cause: Object.assign(new Error('x'), { code: 'CERT_HAS_EXPIRED' }) }), 30_000)).toEqual({
      code: 'tls',
      message: 'The TLS connection failed (CERT_HAS_EXPIRED).',
    });
    expect(classifyFetchError(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }), 30_000)).toEqual({
      code: 'connection',
      message: 'The connection failed (ECONNRESET).',
    });
    expect(classifyFetchError(new Error('/srv/secret/path exploded'), 30_000)).toEqual({ code: 'connection', message: 'The connection failed.' });
  });
});

describe('feed discovery in HTML pages', () => {
  it('follows the first alternate feed link of a page when asked to', async () => {
    const pub = await publisher((req, res) => {
      if (req.url === '/') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(
          '<!doctype html><html><head><link rel="alternate" type="application/json" href="/wp-json/wp/v2/pages/2"><link rel="alternate" type="application/rss+xml" title="Feed" href="/feed/"><link rel="alternate" type="application/rss+xml" title="Comments" href="/comments/feed/"></head><body></body></html>',
        );
      }
      res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(RSS);
    });
    const result = await fetchAt(`${pub.origin}/`, { discover: true });
    expect(result).toMatchObject({ outcome: 'ok', url: `${pub.origin}/feed/`, discoveredFrom: `${pub.origin}/` });
    expect(pub.requests.map((r) => r.path)).toEqual(['/', '/feed/']);
    // Without discovery the page is returned as it is (the parser then says not_a_feed).
    expect(await fetchAt(`${pub.origin}/`)).toMatchObject({ outcome: 'ok', url: `${pub.origin}/`, contentType: 'text/html; charset=utf-8' });
  });

  it('a page that links no feed is not_a_feed; discovery is followed once, never in a loop', async () => {
    const pub = await publisher((req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(
        req.url === '/bare'
          ? '<html><head><title>x</title></head></html>'
          : '<html><head><link rel="alternate" type="application/atom+xml" href="/"></head></html>',
      );
    });
    expect(await fetchAt(`${pub.origin}/bare`, { discover: true })).toMatchObject({
      outcome: 'failed',
      error: { code: 'not_a_feed', message: 'The page is HTML and links no RSS, Atom or JSON feed.' },
    });
    expect(await fetchAt(`${pub.origin}/loop`, { discover: true })).toMatchObject({
      outcome: 'ok',
      url: `${pub.origin}/`,
      discoveredFrom: `${pub.origin}/loop`,
    });
  });

  it('discoverFeedLinks reads <link> elements of the head only, against <base href>', () => {
    const html = `<html><head><base href="https://cdn.example/site/"><link rel="Alternate" type="application/atom+xml" href="atom.xml"><link rel="alternate" type="application/feed+json" href="https://pub.example/feed.json"><link rel="stylesheet" href="s.css"><link rel="alternate" type="application/rss+xml" href="javascript:alert(1)"></head><body><link rel="alternate" type="application/rss+xml" href="/late.xml"><a rel="alternate" type="application/rss+xml" href="/a.xml">feed</a></body></html>`;
    expect(discoverFeedLinks(html, 'https://pub.example/')).toEqual(['https://cdn.example/site/atom.xml', 'https://pub.example/feed.json']);
  });
});
