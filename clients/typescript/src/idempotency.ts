/**
 * An Idempotency-Key on the operations that accept one (the billing writes, listed from the OpenAPI
 * description in generated/idempotent.ts): a random UUID per call, set before the retry middleware
 * copies the request, so every retry of the call carries the same key and the operation runs once.
 * A key the caller set is kept.
 */
import type { Middleware } from 'openapi-fetch';
import { IDEMPOTENT_OPERATIONS } from './generated/idempotent.ts';

export function idempotencyMiddleware(newKey: () => string = () => crypto.randomUUID(), operations = IDEMPOTENT_OPERATIONS): Middleware {
  return {
    onRequest({ request, schemaPath }) {
      if (operations.has(`${request.method} ${schemaPath}`) && !request.headers.has('Idempotency-Key')) request.headers.set('Idempotency-Key', newKey());
      return undefined;
    },
  };
}
