/**
 * One fetch of a Source's feed over HTTP(S): a conditional GET through the address guard's
 * dispatcher (@cfs/common/address-guard), redirects followed by hand so each hop is checked again
 * and permanent ones reported, the body decompressed and cut at a byte cap, and every failure turned
 * into one of the error codes a Source's `lastError` shows, with a message that names only the status,
 * the limit or the class of the problem (never a stack, an address or the server's own text).
 *
 * The whole answer has one deadline (30 s by default), body included, so a server that drips its
 * body a byte at a time is cut; the connection has its own (10 s, set on the dispatcher).
 */
import { pipeline } from 'node:stream/promises';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { Writable, type Transform } from 'node:stream';
import { request, type Dispatcher } from 'undici';
import { decodeDocument } from './decode.ts';
import { discoverFeedLinks, looksLikeHtml } from './discover-feed.ts';
import { absoluteHttpUrl } from './map-item.ts';

export const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;
export const DEFAULT_TIMEOUT_MS = 30_000;
export const MAX_REDIRECTS = 5;

/** What feeds the service reads, then what it can still sniff, then an HTML page to discover a feed in. */
export const FEED_ACCEPT =
  'application/rss+xml, application/atom+xml, application/feed+json, application/rdf+xml;q=0.9, application/xml;q=0.8, text/xml;q=0.8, application/json;q=0.7, text/html;q=0.5, */*;q=0.1';

export type FetchErrorCode =
  'http_status' | 'timeout' | 'too_large' | 'not_a_feed' | 'parse_error' | 'blocked_address' | 'tls' | 'dns' | 'connection' | 'redirects';

export interface FetchError {
  code: FetchErrorCode;
  message: string;
}

/** The User-Agent of every fetch: who is asking, and where to read about it. */
export function feedUserAgent(version: string, publicBaseUrl?: string): string {
  return publicBaseUrl ? `ContentFeedService/${version} (+${publicBaseUrl})` : `ContentFeedService/${version}`;
}

export interface FetchFeedOptions {
  url: string;
  /** The guarded dispatcher (createGuardedDispatcher): every connection, redirects included, is checked. */
  dispatcher: Dispatcher;
  userAgent: string;
  /** `ETag` and `Last-Modified` of the last 200, sent back as If-None-Match / If-Modified-Since. */
  etag?: string | null | undefined;
  lastModified?: string | null | undefined;
  maxBytes?: number;
  /** The deadline of the whole answer, body included, in milliseconds. */
  timeoutMs?: number;
  maxRedirects?: number;
  /** Follow an HTML page's `<link rel="alternate">` to its feed (registering a site by its home page). */
  discover?: boolean;
  now?: () => Date;
}

interface Common {
  /** The URL that answered last (after redirects and discovery). */
  url: string;
  /** Where the Source now lives when the chain began with permanent redirects (301, 308): the last such target. */
  permanentUrl?: string;
  fetchedAt: Date;
}

export type FetchResult =
  | (Common & {
      outcome: 'ok';
      status: number;
      body: Uint8Array;
      contentType: string | null;
      /** The answer's Link header(s), joined (WebSub discovery reads rel="hub" and rel="self" there first). */
      link: string | null;
      etag: string | null;
      lastModified: string | null;
      discoveredFrom?: string;
    })
  | (Common & { outcome: 'not_modified'; status: 304 })
  | (Common & { outcome: 'failed'; status?: number; error: FetchError; retryAfter?: Date });

class FetchFailure extends Error {
  constructor(
    readonly error: FetchError,
    readonly status?: number,
    readonly retryAfter?: Date,
  ) {
    super(error.message);
  }
}

const fail = (code: FetchErrorCode, message: string, status?: number, retryAfter?: Date) => new FetchFailure({ code, message }, status, retryAfter);

function header(headers: Record<string, string | string[] | undefined>, name: string): string | null {
  const value = headers[name];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}

/** Every value of a header that may repeat, joined as one list. */
function allOf(headers: Record<string, string | string[] | undefined>, name: string): string | null {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : (value ?? null);
}

/** Retry-After as a date: delta-seconds or an HTTP date (RFC 9110), never in the past. */
export function parseRetryAfter(value: string | null, now: Date): Date | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return new Date(now.getTime() + Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return new Date(Math.max(date, now.getTime()));
}

function formatBytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;
}

/** The decompressors of a Content-Encoding, in the order to apply them. */
function decoders(contentEncoding: string | null): Transform[] {
  const codings = (contentEncoding ?? '')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity');
  return codings.reverse().map((coding) => {
    if (coding === 'gzip' || coding === 'x-gzip') return createGunzip();
    if (coding === 'deflate') return createInflate();
    if (coding === 'br') return createBrotliDecompress();
    throw fail('parse_error', `The answer uses a content encoding the service does not read (${coding.slice(0, 20)}).`);
  });
}

/** The body, decompressed, failing as too_large as soon as it passes `maxBytes`. */
async function readBody(body: Dispatcher.ResponseData['body'], contentEncoding: string | null, maxBytes: number): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let total = 0;
  let stages: Transform[];
  try {
    stages = decoders(contentEncoding);
  } catch (error) {
    discard(body);
    throw error;
  }
  try {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        total += chunk.length;
        if (total > maxBytes) return callback(fail('too_large', `The document is larger than ${formatBytes(maxBytes)}.`));
        chunks.push(chunk);
        callback();
      },
    });
    // pipeline destroys every stage on the first error: the socket and the decompressors stop at once.
    await pipeline([body, ...stages, sink]);
  } catch (error) {
    if (error instanceof FetchFailure) throw error;
    if (isZlibError(error)) throw fail('parse_error', 'The compressed answer could not be decompressed.');
    throw error;
  }
  return Buffer.concat(chunks);
}

/** Drops a body not worth reading; undici reports the destroyed body as an error nobody needs. */
function discard(body: Dispatcher.ResponseData['body']): void {
  body.on('error', () => undefined);
  body.destroy();
}

function isZlibError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('Z_');
}

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME', 'ENODATA', 'ESERVFAIL', 'ENOTIMP', 'EREFUSED']);
const TLS_CODE = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|ERR_OSSL_|HOSTNAME_MISMATCH|EPROTO$)/;
const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ETIMEDOUT']);

/** The code and a safe message of an error thrown while connecting or reading. */
export function classifyFetchError(error: unknown, timeoutMs: number): FetchError {
  const seen = new Set<unknown>();
  let current: unknown = error;
  // undici wraps the cause of a failed connection; the first error in the chain with a code tells.
  while (current instanceof Error && !seen.has(current)) {
    seen.add(current);
    const code = (current as { code?: unknown }).code;
    if (code === 'blocked_address') return { code: 'blocked_address', message: current.message };
    if (typeof code === 'string') {
      if (DNS_CODES.has(code)) return { code: 'dns', message: 'The host name could not be resolved.' };
      if (TLS_CODE.test(code)) return { code: 'tls', message: `The TLS connection failed (${code}).` };
      if (TIMEOUT_CODES.has(code))
        return {
          code: 'timeout',
          message: code === 'UND_ERR_CONNECT_TIMEOUT' ? 'No connection could be made in time.' : `No complete answer within ${timeoutMs / 1000} s.`,
        };
      if (code.startsWith('E') || code.startsWith('UND_ERR_')) return { code: 'connection', message: `The connection failed (${code}).` };
    }
    current = (current as { cause?: unknown }).cause;
  }
  return { code: 'connection', message: 'The connection failed.' };
}

function isRedirect(status: number): boolean {
  return status === 301 || status === 302 || status === 303 || status === 307 || status === 308;
}

/**
 * Fetches a feed. Never throws for what the server or the network does: failures are an outcome.
 * Throws TypeError for a `url` that is not absolute http(s): the caller validates what it stores.
 */
export async function fetchFeed(options: FetchFeedOptions): Promise<FetchResult> {
  if (safeUrl(options.url) === undefined) throw new TypeError('fetchFeed needs an absolute http(s) URL.');
  const now = options.now ?? (() => new Date());
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxRedirects = options.maxRedirects ?? MAX_REDIRECTS;
  const fetchedAt = now();
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);

  let url = options.url;
  let permanentUrl: string | undefined;
  let permanentChain = true;
  let discoveredFrom: string | undefined;
  const common = (): Common => ({ url, ...(permanentUrl === undefined ? {} : { permanentUrl }), fetchedAt });

  try {
    for (let redirects = 0; ;) {
      // Every URL here passed safeUrl: the first above, the others as redirect targets or discovered links.
      const parsed = safeUrl(url)!;
      const headers: Record<string, string> = { accept: FEED_ACCEPT, 'accept-encoding': 'gzip, deflate, br', 'user-agent': options.userAgent };
      if (options.etag) headers['if-none-match'] = options.etag;
      if (options.lastModified) headers['if-modified-since'] = options.lastModified;

      const answer = await request(parsed, { method: 'GET', headers, dispatcher: options.dispatcher, signal: controller.signal });
      const status = answer.statusCode;

      if (isRedirect(status)) {
        discard(answer.body);
        const location = header(answer.headers, 'location');
        const next = location === null ? undefined : safeUrl(location, url);
        if (next === undefined) throw fail('redirects', `The server answered ${status} without a usable http(s) Location.`, status);
        redirects += 1;
        if (redirects > maxRedirects) throw fail('redirects', `More than ${maxRedirects} redirects.`, status);
        const permanent = status === 301 || status === 308;
        permanentChain = permanentChain && permanent;
        if (permanentChain) permanentUrl = next;
        url = next;
        continue;
      }

      if (status === 304) {
        discard(answer.body);
        return { outcome: 'not_modified', status: 304, ...common() };
      }

      if (status < 200 || status > 299) {
        discard(answer.body);
        const retryAfter = status === 429 || status === 503 ? parseRetryAfter(header(answer.headers, 'retry-after'), now()) : undefined;
        throw fail('http_status', `The server answered ${status}.`, status, retryAfter);
      }

      const declaredLength = Number(header(answer.headers, 'content-length'));
      if (Number.isFinite(declaredLength) && declaredLength > maxBytes) {
        discard(answer.body);
        throw fail('too_large', `The document is larger than ${formatBytes(maxBytes)}.`, status);
      }
      const body = await readBody(answer.body, header(answer.headers, 'content-encoding'), maxBytes).catch((error: unknown) => {
        throw error instanceof FetchFailure ? new FetchFailure(error.error, status) : error;
      });
      const contentType = header(answer.headers, 'content-type');

      if (options.discover && discoveredFrom === undefined && looksLikeHtml(contentType, body)) {
        const [feedUrl] = discoverFeedLinks(decodeDocument(body, contentType).text, url);
        if (feedUrl === undefined) throw fail('not_a_feed', 'The page is HTML and links no RSS, Atom or JSON feed.', status);
        // The page is not the Source: what a permanent redirect to it said no longer matters.
        discoveredFrom = url;
        permanentUrl = undefined;
        permanentChain = false;
        url = feedUrl;
        continue;
      }

      return {
        outcome: 'ok',
        status,
        body,
        contentType,
        link: allOf(answer.headers, 'link'),
        etag: header(answer.headers, 'etag'),
        lastModified: header(answer.headers, 'last-modified'),
        ...common(),
        ...(discoveredFrom === undefined ? {} : { discoveredFrom }),
      };
    }
  } catch (error) {
    if (error instanceof FetchFailure) {
      return {
        outcome: 'failed',
        error: error.error,
        ...(error.status === undefined ? {} : { status: error.status }),
        ...(error.retryAfter === undefined ? {} : { retryAfter: error.retryAfter }),
        ...common(),
      };
    }
    const classified = timedOut
      ? { code: 'timeout' as const, message: `No complete answer within ${timeoutMs / 1000} s.` }
      : classifyFetchError(error, timeoutMs);
    return { outcome: 'failed', error: classified, ...common() };
  } finally {
    clearTimeout(timer);
  }
}

/** An absolute http(s) URL without its fragment (never sent), the way map-item.ts reads a link, or undefined. */
function safeUrl(value: string, base?: string): string | undefined {
  const absolute = absoluteHttpUrl(value, base);
  if (absolute === undefined) return undefined;
  const url = new URL(absolute);
  url.hash = '';
  return url.href;
}
