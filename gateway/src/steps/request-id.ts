/** Every request: X-Request-Id, the caller's when it is sane, else a new one; echoed on every answer. */
import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import { stateOf } from './request-state.ts';

/** A caller's X-Request-Id that is kept; any other value is replaced by a new UUID. */
export const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestId(): RequestHandler {
  return (req, res, next) => {
    const given = req.get('x-request-id');
    const id = given && REQUEST_ID.test(given) ? given : randomUUID();
    stateOf(res).requestId = id;
    res.setHeader('X-Request-Id', id);
    next();
  };
}
