/**
 * Step 2: path, query and body against the route's schemas, the Idempotency-Key's shape, then the
 * route's own `prepare`: 400 MALFORMED_REQUEST before any authentication.
 */
import type { RequestHandler } from 'express';
import type { z } from 'zod';
import { malformed } from '@cfs/common/errors';
import { formatIssues } from '@cfs/common/rules';
import { checkIdempotencyKey } from '../idempotency.ts';
import type { AnyRoute, ValidationTools } from '../route.ts';
import { stateOf } from './request-state.ts';

function parse(where: string, schema: z.ZodType | undefined, value: unknown): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value);
  if (!result.success) throw malformed(formatIssues(result.error, { where }));
  return result.data;
}

export function validate(route: AnyRoute, tools: ValidationTools): RequestHandler {
  return async (req, res, next) => {
    const input = {
      params: parse('path', route.params, req.params),
      query: parse('query', route.query, req.query),
      body: parse('body', route.body, req.body),
    };
    if (route.idempotent) checkIdempotencyKey(req.get('idempotency-key'));
    const prepared: unknown = route.prepare ? await route.prepare(input, tools) : undefined;
    stateOf(res).input = { ...input, prepared };
    next();
  };
}
