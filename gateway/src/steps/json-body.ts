/** Request bodies are JSON, at most BODY_LIMIT_BYTES: anything else is a 400 (never 413 or 415). */
import express, { type RequestHandler } from 'express';
import { malformed } from '@cfs/common/errors';

const requireJsonContentType: RequestHandler = (req, _res, next) => {
  const hasBody = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
  if (hasBody && !req.is('application/json')) throw malformed('The request body must be JSON (Content-Type: application/json).');
  next();
};

export function jsonBody(limitBytes: number): RequestHandler[] {
  return [requireJsonContentType, express.json({ limit: limitBytes, strict: true })];
}
