/**
 * Response headers of the JSON API: helmet's security headers with a CSP that allows nothing, and
 * `Cache-Control: no-store` (answers are per Credential). Public media sets its own (media-proxy.ts).
 */
import type { RequestHandler } from 'express';
import helmet from 'helmet';

export function apiHeaders(): RequestHandler[] {
  return [
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
      crossOriginResourcePolicy: { policy: 'same-site' },
    }),
    (_req, res, next) => {
      res.setHeader('Cache-Control', 'no-store');
      next();
    },
  ];
}

/** Media is embedded by customer sites (cross-origin); its caching headers come from the media service. */
export function mediaHeaders(): RequestHandler {
  return helmet({ contentSecurityPolicy: false, crossOriginResourcePolicy: { policy: 'cross-origin' } });
}
