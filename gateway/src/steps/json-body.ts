/** Request bodies are JSON, at most BODY_LIMIT_BYTES: anything else is a 400 (never 413 or 415). */
import express, { type Request, type RequestHandler } from 'express';
import { malformed } from '@cfs/common/errors';

/** Whether a request comes with a body (still to be read when its headers are in). */
export const hasBody = (req: Request) => req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

const requireJsonContentType: RequestHandler = (req, _res, next) => {
  if (hasBody(req) && !req.is('application/json')) throw malformed('The request body must be JSON (Content-Type: application/json).');
  next();
};

export function jsonBody(limitBytes: number): RequestHandler[] {
  return [requireJsonContentType, express.json({ limit: limitBytes, strict: true })];
}
