/**
 * Step 2: path, query and body against the route's schemas, the Idempotency-Key's shape, then the
 * route's own `prepare`: 400 MALFORMED_REQUEST before any authentication.
 */
import type { Request } from 'express';
import type { z } from 'zod';
import { malformed } from '@cfs/common/errors';
import { formatIssues } from '@cfs/common/rules';
import { checkIdempotencyKey } from '../idempotency.ts';
import type { AnyRoute } from '../route.ts';

export interface ValidInput {
  params: unknown;
  query: unknown;
  body: unknown;
  /** What the route's `prepare` made of the input. */
  prepared: unknown;
}

function parse(where: string, schema: z.ZodType | undefined, value: unknown): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value);
  if (!result.success) throw malformed(formatIssues(result.error, { where }));
  return result.data;
}

export async function validate(route: AnyRoute, req: Request): Promise<ValidInput> {
  const params = parse('path', route.params, req.params);
  const query = parse('query', route.query, req.query);
  const body = parse('body', route.body, req.body);
  if (route.idempotent) checkIdempotencyKey(req.get('idempotency-key'));
  const prepared: unknown = route.prepare ? await route.prepare({ params, query, body }) : undefined;
  return { params, query, body, prepared };
}
