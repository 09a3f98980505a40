/** How a refused input is told: one line a client or an operator can act on, never the value itself. */
import type { z } from 'zod';

/** One issue as `where.path: message` (the message alone when there is no path). */
export function describeIssue(issue: z.core.$ZodIssue, where?: string): string {
  const path = [...(where ? [where] : []), ...issue.path.map(String)].join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}

/**
 * A zod error as one line: `where.path: message; …`, at most `max` issues (5) and 500 characters.
 * `where` names the part of the request (path, query, body, …), when there is one.
 */
export function formatIssues(error: z.ZodError, options: { where?: string; max?: number } = {}): string {
  return error.issues
    .slice(0, options.max ?? 5)
    .map((issue) => describeIssue(issue, options.where))
    .join('; ')
    .slice(0, 500);
}
