/** Every request: X-Request-Id, the caller's when it is sane, else a new one; echoed on every answer. */
import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';

/** A caller's X-Request-Id that is kept; any other value is replaced by a new UUID. */
export const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Gives the request its id (echoed, and kept for the access log and the error handler), and returns it. */
export function stampRequestId(req: Request, res: Response): string {
  const given = req.get('x-request-id');
  const id = given && REQUEST_ID.test(given) ? given : randomUUID();
  (res.locals as { requestId?: string }).requestId = id;
  res.setHeader('X-Request-Id', id);
  return id;
}

export function requestId(): RequestHandler {
  return (req, res, next) => {
    stampRequestId(req, res);
    next();
  };
}

/** The request's id, for its service calls and log lines (set first thing by requestId()). */
export const requestIdOf = (res: Response): string => (res.locals as { requestId: string }).requestId;
