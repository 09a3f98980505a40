/**
 * Validation rules that more than one deployable applies, one definition each: the gateway checks
 * them before authentication (400 before 401), the services check them again for their other
 * callers (the operator CLI, other services), so the CLI and the API accept exactly the same input.
 * The gateway adds OpenAPI metadata on top (`.meta()` returns a copy; these stay unnamed).
 */
import { z } from 'zod';

/** U+0000–U+001F and U+007F: never part of a name, a URL or any text a person typed. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;
const withoutControlCharacters = (value: string) => !CONTROL_CHARACTER.test(value);
const CONTROL_MESSAGE = 'must not contain control characters';

/** Free text of at most `max` characters, trimmed, not empty, without control characters. */
export const text = (max: number) => z.string().trim().min(1).max(max).refine(withoutControlCharacters, CONTROL_MESSAGE);

/** Longer text that may hold line breaks (tab, LF, CR) but no other control character. */
export const paragraphs = (max: number) =>
  z
    .string()
    .max(max)
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    .refine((value) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value), 'must not contain control characters other than tab and line breaks');

/** The name of a Customer or a Site. */
export const displayName = text(200);

/** The name of a Credential. */
export const credentialName = text(100);

/** An e-mail address. */
export const email = z.email().max(320).refine(withoutControlCharacters, CONTROL_MESSAGE);

/**
 * An absolute http(s) URL with a domain name, as a Site's public address. Control characters are
 * refused as sent (a URL parser would silently drop some of them).
 */
export const httpUrl = z
  .string()
  .max(2048)
  .refine(withoutControlCharacters, CONTROL_MESSAGE)
  .pipe(z.url({ protocol: /^https?$/, hostname: z.regexes.domain }));

/** A category key of the taxonomy. */
export const CATEGORY_KEY = /^[a-z0-9][a-z0-9_-]{0,63}$/;
export const categoryKey = z.string().regex(CATEGORY_KEY, 'must be a category key: lower-case letters, digits, - and _ (at most 64)');

/** A BCP 47 language tag such as en or pt-BR. */
export const locale = z.string().regex(/^[a-z]{2,3}(-[A-Z][a-z]{3})?(-([A-Z]{2}|[0-9]{3}))?$/, 'must be a BCP 47 tag such as en or pt-BR');

/** A whole SEO personalization profile (PUT replaces it). Unknown fields and wrong types are refused. */
export const seoProfile = z.strictObject({
  siteName: text(200),
  locale,
  keywords: z.array(text(100)).max(50),
  tone: text(50),
  topics: z.array(text(100)).max(50),
});

/**
 * A zod error as one line a client can act on: `where.path: message; …`, at most `max` issues and
 * 500 characters. `where` names the part of the request (path, query, body), when there is one.
 */
export function formatIssues(error: z.ZodError, options: { where?: string; max?: number } = {}): string {
  const parts = error.issues.slice(0, options.max ?? 5).map((issue) => {
    const path = [...(options.where ? [options.where] : []), ...issue.path.map(String)].join('.');
    return path ? `${path}: ${issue.message}` : issue.message;
  });
  return parts.join('; ').slice(0, 500);
}
