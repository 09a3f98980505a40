/**
 * Every request: one access-log line when it ends (method, path, status, duration, request id);
 * never the query, which may hold a cursor. Error answers log at warn/error. Nothing is built when
 * the level is off (pino-http built a child logger per request whatever the level: a tenth of the
 * gateway's CPU under load).
 */
import type { RequestHandler } from 'express';
import type { Logger } from '@cfs/common/logger';
import { stateOf } from './request-state.ts';

export function accessLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const level = res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info';
      if (!logger.isLevelEnabled(level)) return;
      logger[level](
        {
          req: { id: stateOf(res).requestId, method: req.method, url: req.originalUrl.split('?')[0] },
          res: { statusCode: res.statusCode },
          responseTime: Number(process.hrtime.bigint() - started) / 1e6,
        },
        'request completed',
      );
    });
    next();
  };
}
