/**
 * GET/HEAD /media/generated/{key}: public, no Credential. The gateway checks the key, then streams
 * the media service's answer through (http-proxy-middleware over a keep-alive agent), headers such
 * as ETag, Cache-Control, Content-Range and statuses 200/206/304 included. Credentials and cookies
 * are never forwarded. A media service that is down gives 503 in the envelope.
 */
import { Agent } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { envelope, malformed, notFound } from '@cfs/common/errors';
import type { Logger } from '@cfs/common/logger';
import { mediaKeyOfPath, MEDIA_PATH_PREFIX } from '@cfs/common/media-keys';

export function mediaRoutes(options: { target: string; timeoutMs: number; logger: Logger }): RequestHandler[] {
  const check: RequestHandler = (req, _res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') throw notFound('route');
    if (mediaKeyOfPath(req.originalUrl) === null) throw malformed('The media key is not valid.');
    next();
  };
  const proxy = createProxyMiddleware({
    target: options.target,
    agent: new Agent({ keepAlive: true, maxSockets: 256 }),
    proxyTimeout: options.timeoutMs,
    timeout: options.timeoutMs,
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
