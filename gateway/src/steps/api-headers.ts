/**
 * Response headers of the JSON API: helmet's security headers with a CSP that allows nothing, and
 * `Cache-Control: no-store` (answers are per Credential). The 200 and 304 of a route declared
 * `conditional` replace it with `private, no-cache` (steps/conditional.ts); its errors keep it.
 * The API reference page (api-reference.ts) gets the same security headers with a policy of its
 * own. Public media sets its own (media-proxy.ts).
 */
import type { RequestHandler } from 'express';
import helmet from 'helmet';

type CspDirectives = Record<string, string[]>;

function securityHeaders(directives: CspDirectives): RequestHandler {
  return helmet({ contentSecurityPolicy: { useDefaults: false, directives }, crossOriginResourcePolicy: { policy: 'same-site' } });
}

export function apiHeaders(): RequestHandler[] {
  return [
    securityHeaders({ defaultSrc: ["'none'"], frameAncestors: ["'none'"] }),
    (_req, res, next) => {
      res.setHeader('Cache-Control', 'no-store');
      next();
    },
  ];
}

/** A page for browsers: the API's security headers with the page's own Content-Security-Policy. */
export function pageHeaders(directives: CspDirectives): RequestHandler[] {
  return [securityHeaders(directives)];
}

/** Media is embedded by customer sites (cross-origin); its caching headers come from the media service. */
export function mediaHeaders(): RequestHandler {
  return helmet({ contentSecurityPolicy: false, crossOriginResourcePolicy: { policy: 'cross-origin' } });
}
