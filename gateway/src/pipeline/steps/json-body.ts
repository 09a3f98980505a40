/** Request bodies are JSON, at most BODY_LIMIT_BYTES: anything else is a 400 (never 413 or 415). */
import express, { type Request, type RequestHandler, type Response } from 'express';
import { malformed } from '@cfs/common/errors';

/** Whether a request comes with a body (still to be read when its headers are in). */
export const hasBody = (req: Request) => req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/** Reads the request's JSON body into `req.body`; rejects with a 400 (or body-parser's client error). */
export type BodyReader = (req: Request, res: Response) => Promise<void>;

export function jsonBodyReader(limitBytes: number): BodyReader {
  const parse = express.json({ limit: limitBytes, strict: true });
  return (req, res) =>
    new Promise((resolve, reject) => {
      if (hasBody(req) && !req.is('application/json')) throw malformed('The request body must be JSON (Content-Type: application/json).');
      parse(req, res, (err?: unknown) => (err ? reject(err) : resolve()));
    });
}

/** The reader as express middleware, for what is not a declared route (declared routes read the body in pipeline/admission.ts). */
export function jsonBody(limitBytes: number): RequestHandler {
  const read = jsonBodyReader(limitBytes);
  return (req, res, next) => read(req, res).then(() => next(), next);
}
