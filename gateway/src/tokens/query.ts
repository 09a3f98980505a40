/**
 * A route's query schema that reads a token parameter with its codec, so validation (before
 * authentication) hands the handler the typed value and nothing after it parses or verifies the
 * token again. The codec runs after every field's own schema has passed: a request whose other
 * parameters are refused is told about those alone, as the route's `prepare` used to do it.
 */
import { z } from 'zod';

export interface TokenReader<V> {
  /** The value inside a token this API issued, or null. */
  parse(token: string): V | null;
}

export function readingToken<S extends z.ZodObject, K extends keyof z.output<S> & string, V>(
  query: S,
  field: K,
  /** The codec, looked up per request: a route table built only to be described has none (route.ts: describedOnly). */
  codec: () => TokenReader<V>,
  /** What a refused token is told, after `query.<field>: `. */
  refusal: string,
) {
  return query.transform((input, ctx) => {
    const token = input[field] as string | undefined;
    const value = token === undefined ? undefined : codec().parse(token);
    if (value === null) {
      ctx.addIssue({ code: 'custom', message: refusal, path: [field] });
      return z.NEVER;
    }
    return { ...input, [field]: value } as Omit<z.output<S>, K> & { [P in K]?: V };
  });
}
