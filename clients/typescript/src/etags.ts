/**
 * Revalidation of GETs with their ETag: the client keeps the body and the ETag of each GET answer
 * that had one (per URL, the most recently used `maxEntries`, at most `maxBytes` of bodies), sends
 * If-None-Match the next time, and on a 304 hands back the kept body as a 200, with the 304's own
 * headers (ETag, RateLimit-*, X-Request-Id) over the kept ones. `wasRevalidated(response)` tells the
 * two apart. A GET whose caller set If-None-Match is left alone.
 */
import type { Middleware } from 'openapi-fetch';

export interface EtagCacheOptions {
  /** Answers kept (default 100; 0 turns revalidation off). */
  maxEntries: number;
  /** Characters of kept bodies in all (default 5 000 000); a larger body is not kept. */
  maxBytes: number;
}

export const DEFAULT_ETAG_CACHE: EtagCacheOptions = { maxEntries: 100, maxBytes: 5_000_000 };

interface Kept {
  etag: string;
  body: string;
  headers: [string, string][];
}

const revalidated = new WeakSet<Response>();
const WIRE_HEADERS = new Set(['content-length', 'content-encoding', 'transfer-encoding']);

/** Whether the client made this 200 from its kept copy after the server answered 304 Not Modified. */
export function wasRevalidated(response: Response): boolean {
  return revalidated.has(response);
}

export function etagMiddleware(options: EtagCacheOptions): Middleware {
  const kept = new Map<string, Kept>(); // in order of use, least recent first
  let bytes = 0;
  const forget = (url: string) => {
    const entry = kept.get(url);
    if (entry) bytes -= entry.body.length;
    kept.delete(url);
  };
  const keep = (url: string, entry: Kept) => {
    forget(url);
    if (entry.body.length > options.maxBytes) return;
    kept.set(url, entry);
    bytes += entry.body.length;
    for (const oldest of kept.keys()) {
      if (kept.size <= options.maxEntries && bytes <= options.maxBytes) break;
      forget(oldest);
    }
  };
  // The If-None-Match this middleware set on each request, to tell its own 304s from the caller's.
  const sent = new Map<string, string>();

  return {
    onRequest({ request, id }) {
      if (request.method !== 'GET' || options.maxEntries === 0 || request.headers.has('If-None-Match')) return undefined;
      const entry = kept.get(request.url);
      if (entry) {
        request.headers.set('If-None-Match', entry.etag);
        sent.set(id, entry.etag);
      }
      return undefined;
    },
    async onResponse({ request, response, id }) {
      const etag = sent.get(id);
      sent.delete(id);
      if (request.method !== 'GET' || options.maxEntries === 0) return undefined;
      if (response.status === 304) {
        const entry = kept.get(request.url);
        if (etag === undefined || entry?.etag !== etag) return undefined; // the caller's own conditional request
        keep(request.url, entry); // most recently used now
        const headers = new Headers(entry.headers);
        response.headers.forEach((value, name) => headers.set(name, value));
        for (const name of WIRE_HEADERS) headers.delete(name);
        const answer = new Response(entry.body, { status: 200, statusText: 'OK', headers });
        revalidated.add(answer);
        return answer;
      }
      const fresh = response.headers.get('ETag');
      if (response.status !== 200 || !fresh) {
        if (response.status === 200) forget(request.url);
        return undefined;
      }
      // The body is kept decoded: the headers that described its bytes on the wire are not kept.
      const headers: [string, string][] = [];
      response.headers.forEach((value, name) => {
        if (!WIRE_HEADERS.has(name)) headers.push([name, value]);
      });
      keep(request.url, { etag: fresh, body: await response.clone().text(), headers });
      return undefined;
    },
    onError({ id }) {
      sent.delete(id);
      return undefined;
    },
  };
}
