/** Every request: X-Request-Id, the caller's when it is sane, else a new one; echoed on every answer. */
import { randomUUID } from 'node:crypto';
import type { RequestHandler, Response } from 'express';

/** A caller's X-Request-Id that is kept; any other value is replaced by a new UUID. */
export const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestId(): RequestHandler {
  return (req, res, next) => {
    const given = req.get('x-request-id');
    const id = given && REQUEST_ID.test(given) ? given : randomUUID();
    (res.locals as { requestId?: string }).requestId = id;
    res.setHeader('X-Request-Id', id);
    next();
  };
}

/** The request's id, for its service calls and log lines (set first thing by requestId()). */
export const requestIdOf = (res: Response): string => (res.locals as { requestId: string }).requestId;
