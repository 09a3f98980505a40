/**
 * Every request: when it ends, its duration in the HTTP server metric (method, route template,
 * status: `recordHttpServerRequest`) and one access-log line (method, path, status, duration,
 * request id); never the query, which may hold a cursor. Error answers log at warn/error. Nothing
 * is built for a log level that is off (pino-http built a child logger per request whatever the
 * level: a tenth of the gateway's CPU under load).
 */
import { performance } from 'node:perf_hooks';
import type { RequestHandler } from 'express';
import type { Logger } from '@cfs/common/logger';
import { recordHttpServerRequest, routeTemplateOf } from '@cfs/common/metrics';
import { requestIdOf } from './request-id.ts';

export function accessLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    res.once('finish', () => {
      const ms = performance.now() - started;
      recordHttpServerRequest(req.method, routeTemplateOf(req), res.statusCode, ms / 1000);
      const level = res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info';
      if (!logger.isLevelEnabled(level)) return;
      logger[level](
        {
          req: { id: requestIdOf(res), method: req.method, url: req.originalUrl.split('?')[0] },
          res: { statusCode: res.statusCode },
          responseTime: ms,
        },
        'request completed',
      );
    });
    next();
  };
}
