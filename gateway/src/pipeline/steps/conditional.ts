/**
 * Conditional requests on the routes declared `conditional` (docs/api.md#conditional-requests):
 * the answer, encoded once (a SerializedAnswer), carries a strong ETag of its bytes and
 * `Cache-Control: private, no-cache`; a request whose If-None-Match matches it gets 304 with no body.
 * This runs in step 8 (pipeline/steps/handle.ts), after every check of the pipeline, so a 304 is refused and
 * counted like any request; it is never charged (pipeline/admission.ts only checks that a unit is left, and
 * handle.ts takes it for an answer that is not a 304).
 *
 * The request's own `Cache-Control: no-cache` or `Pragma: no-cache` does not turn a match into a 200:
 * Node's fetch adds one to every request that sets If-None-Match, and the validator is what the client
 * asks about. Express's own ETag and freshness check stay off (gateway.ts: `etag` false; the answer is
 * written here, not with `res.send`, which would apply express's rules, no-cache included).
 */
import type { Request, Response } from 'express';
import type { SerializedAnswer } from '../../schemas/serialized-answer.ts';

/** Stored by private caches only, and revalidated before every use. */
export const REVALIDATE = 'private, no-cache';

/** The opaque tags of an If-None-Match list (RFC 9110 8.8.3), the `W/` of weak ones dropped. */
const ENTITY_TAG = /(?:W\/)?("[^"]*")/g;

/**
 * Whether an If-None-Match value matches `etag` (RFC 9110 13.1.2: `*`, or any tag of the list by the
 * weak comparison). Quoted tags count wherever they stand; a value without one (other than `*`)
 * matches nothing, and the answer is then a 200, never a 400.
 */
export function noneMatchHolds(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  for (const [, tag] of header.matchAll(ENTITY_TAG)) if (tag === etag) return true;
  return false;
}

/** Whether the request's If-None-Match matches the answer: it is then a 304. */
export function notModified(req: Request, answer: SerializedAnswer): boolean {
  return noneMatchHolds(req.headers['if-none-match'], answer.etag);
}

function validators(res: Response, answer: SerializedAnswer): void {
  res.setHeader('ETag', answer.etag);
  res.setHeader('Cache-Control', REVALIDATE);
}

/** 304: the validators and the headers set so far (RateLimit-*, X-Request-Id), no body. */
export function sendNotModified(res: Response, answer: SerializedAnswer): void {
  validators(res, answer);
  res.status(304).end();
}

/** The answer's bytes, as they are, with its validators (HEAD: node sends the headers only). */
export function sendAnswer(res: Response, status: number, answer: SerializedAnswer): void {
  validators(res, answer);
  res.status(status);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', answer.body.byteLength);
  res.end(answer.body);
}
