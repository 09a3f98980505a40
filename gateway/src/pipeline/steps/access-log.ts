/**
 * Every request: when it ends, its duration in the HTTP server metric (method, route template,
 * status: `recordHttpServerRequest`) and one access-log line (method, path, status, duration,
 * request id); never the query, which may hold a cursor. Error answers log at warn/error. Nothing
 * is built for a log level that is off (pino-http built a child logger per request whatever the
 * level: a tenth of the gateway's CPU under load).
 */
import { performance } from 'node:perf_hooks';
import type { RequestHandler, Response } from 'express';
import type { Logger } from '@cfs/common/logger';
import { recordHttpServerRequest, routeTemplateOf } from '@cfs/common/metrics';
import { requestIdOf } from './request-id.ts';

/** When the request started, kept on its answer for the one shared 'finish' listener. */
const STARTED = Symbol('started');
type Timed = Response & { [STARTED]: number };

export function accessLog(logger: Logger): RequestHandler {
  // One listener function for every answer (a closure and a once-wrapper per request were garbage).
  function finished(this: Timed): void {
    logFinished(this);
  }
  function logFinished(res: Timed): void {
    const req = res.req;
    const ms = performance.now() - res[STARTED];
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
  }
  return (_req, res, next) => {
    (res as Timed)[STARTED] = performance.now();
    res.on('finish', finished);
    next();
  };
}
