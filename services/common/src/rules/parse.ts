/** Checking an input against a rule in a service: what passes, or the 400 that says why not. */
import type { z } from 'zod';
import { malformed } from '../errors.ts';
import { formatIssues } from './issues.ts';

/** `schema`'s output for `value`, or a MALFORMED_REQUEST DomainError saying what is wrong. */
export function parseOrRefuse<S extends z.ZodType>(schema: S, value: unknown, options: { where?: string; max?: number } = {}): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw malformed(formatIssues(parsed.error, options));
  return parsed.data;
}
