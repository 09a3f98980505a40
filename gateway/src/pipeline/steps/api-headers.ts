/**
 * Response headers of the JSON API: helmet's security headers with a CSP that allows nothing, and
 * `Cache-Control: no-store` (answers are per Credential). The 200 and 304 of a route declared
 * `conditional` replace it with `private, no-cache` (pipeline/steps/conditional.ts); its errors keep it.
 * The API reference page (api/api-reference.ts) gets the same security headers with a policy of its
 * own. Public media sets its own (proxies/media-proxy.ts).
 *
 * helmet's headers depend on its options only, so they are recorded once, when the gateway is built,
 * and set from that list on each request: one call instead of helmet's thirteen middlewares
 * (docs/performance.md#the-hot-path-2026-11-25).
 */
import type { RequestHandler, Response } from 'express';
import helmet from 'helmet';

type CspDirectives = Record<string, string[]>;

/** Sets a fixed set of response headers (and removes the ones helmet removes). */
export type HeaderSetter = (res: Response) => void;

/** What a helmet middleware does to a response, run once on a recorder and replayed. */
function recorded(middleware: RequestHandler): HeaderSetter {
  const set: Array<[string, string]> = [];
  const removed: string[] = [];
  let done = false;
  const recorder = {
    setHeader: (name: string, value: unknown) => {
      set.push([name, String(value)]);
      return recorder;
    },
    removeHeader: (name: string) => {
      removed.push(name);
    },
  };
  middleware(
    {} as never,
    recorder as never,
    ((err?: unknown) => {
      if (err) throw err;
      done = true;
    }) as never,
  );
  if (!done) throw new Error('helmet did not finish synchronously');
  return (res) => {
    for (const name of removed) res.removeHeader(name);
    for (const [name, value] of set) res.setHeader(name, value);
  };
}

function securityHeaders(directives: CspDirectives): HeaderSetter {
  return recorded(helmet({ contentSecurityPolicy: { useDefaults: false, directives }, crossOriginResourcePolicy: { policy: 'same-site' } }));
}

/** The JSON API's headers, as one function (the fast dispatch of pipeline/pipeline.ts calls it directly). */
export function apiHeaderSetter(): HeaderSetter {
  const security = securityHeaders({ defaultSrc: ["'none'"], frameAncestors: ["'none'"] });
  return (res) => {
    security(res);
    res.setHeader('Cache-Control', 'no-store');
  };
}

/** The JSON API's headers as express middleware. */
export function apiHeaders(): RequestHandler[] {
  const setHeaders = apiHeaderSetter();
  return [
    (_req, res, next) => {
      setHeaders(res);
      next();
    },
  ];
}

/** A page for browsers: the API's security headers with the page's own Content-Security-Policy. */
export function pageHeaders(directives: CspDirectives): RequestHandler[] {
  const setHeaders = securityHeaders(directives);
  return [
    (_req, res, next) => {
      setHeaders(res);
      next();
    },
  ];
}

/** Media is embedded by customer sites (cross-origin); its caching headers come from the media service. */
export function mediaHeaders(): RequestHandler {
  return helmet({ contentSecurityPolicy: false, crossOriginResourcePolicy: { policy: 'cross-origin' } });
}
