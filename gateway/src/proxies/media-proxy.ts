/**
 * GET/HEAD /media/generated/{key}: public, no Credential. The gateway checks the key, then streams
 * the media service's answer through (http-proxy-middleware over a keep-alive agent), headers such
 * as ETag, Cache-Control, Content-Range and statuses 200/206/304 included. Credentials and cookies
 * are never forwarded. A media service that is down gives 503 in the envelope.
 */
import { Agent } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { envelope, malformed, notFound, type ErrorCode } from '@cfs/common/errors';
import type { Logger } from '@cfs/common/logger';
import { MAX_MEDIA_KEY_SEGMENTS, mediaKeyOfPath, MEDIA_PATH_PREFIX } from '@cfs/common/media-keys';

export function mediaRoutes(options: { target: string; timeoutMs: number; logger: Logger }): RequestHandler[] {
  const check: RequestHandler = (req, _res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') throw notFound('route');
    if (mediaKeyOfPath(req.originalUrl) === null) throw malformed('The media key is not valid.');
    next();
  };
  const proxy = createProxyMiddleware({
    target: options.target,
    agent: new Agent({ keepAlive: true, maxSockets: 256 }),
    // Only the upstream's time limit: the `timeout` option would add a listener to the client's
    // keep-alive socket on every request (httpxy), and the gateway's server already bounds requests.
    proxyTimeout: options.timeoutMs,
    xfwd: false,
    pathRewrite: (_path, req) => (req as Request).originalUrl.split('?')[0]!,
    on: {
      proxyReq: (proxyReq) => {
        for (const header of ['authorization', 'cookie', 'x-forwarded-for', 'x-forwarded-host']) proxyReq.removeHeader(header);
      },
      error: (err, _req, res) => {
        options.logger.warn({ err: { message: (err as Error).message } }, 'media service unreachable');
        const out = res as Response;
        if ('headersSent' in out && !out.headersSent) {
          out.status(503).setHeader('content-type', 'application/json; charset=utf-8');
          out.end(JSON.stringify(envelope('SERVICE_UNAVAILABLE')));
        } else {
          (res as { destroy?: () => void }).destroy?.();
        }
      },
    },
  });
  return [check, proxy];
}

export { MEDIA_PATH_PREFIX };

/**
 * The media route in the OpenAPI description (api/openapi.ts renders it beside the declared routes,
 * with its headers): it is public and proxied, so it has no route declaration of its own. A path
 * parameter holds one segment (OpenAPI 3.1, Path Templating: no slash), and keys hold slashes
 * (`ai/<sha256>.png`), so the route is one path per number of segments: `{name}`,
 * `{folder1}/{name}`, … up to MAX_MEDIA_KEY_SEGMENTS, which a standard tool matches to the URLs
 * that `imageUrl` gives.
 */
export const mediaRouteDoc = {
  shapes: Array.from({ length: MAX_MEDIA_KEY_SEGMENTS }, (_, folders) => {
    const segments = [...Array.from({ length: folders }, (_, i) => `folder${i + 1}`), 'name'];
    return {
      path: `${MEDIA_PATH_PREFIX}${segments.map((s) => `{${s}}`).join('/')}`,
      operationId: folders === 0 ? 'getGeneratedMedia' : `getGeneratedMediaIn${folders}Folder${folders > 1 ? 's' : ''}`,
      segments,
    };
  }),
  summary: 'Download a generated media object',
  description:
    'Public: no Credential, no cookie (any that is sent is not forwarded). Objects never change once written, so the answer carries a strong ETag and ' +
    '`Cache-Control: public, max-age=31536000, immutable`. Conditional and partial requests: If-None-Match with the ETag answers 304 without a body; ' +
    'a single `Range: bytes=` range answers 206 with Content-Range (a range that cannot be satisfied, or several ranges, are ignored: the whole object, 200). ' +
    'The Content-Type is the one the object was stored with (generated media are images). HEAD answers the same headers without a body. ' +
    'The security rate limit applies. A media service that is down answers 503.',
  tag: 'Media',
  /** The codes it can answer with: the rate limit, the key check here, and the media service's answers. */
  errors: ['RATE_LIMITED', 'MALFORMED_REQUEST', 'NOT_FOUND', 'SERVICE_UNAVAILABLE'] satisfies ErrorCode[] as ErrorCode[],
  errorNotes: {
    MALFORMED_REQUEST: 'The key is not a valid media key (see the key parameter).',
    NOT_FOUND: 'No media object has this key.',
    SERVICE_UNAVAILABLE: 'The media service or its storage is unreachable; retrying is safe.',
  } satisfies Partial<Record<ErrorCode, string>>,
};
