/**
 * Environment parsing: every deployable declares a zod schema in its own src/env.ts and parses it
 * once at boot. A bad or missing variable stops the process with a message naming the variable,
 * never its value (values may be secrets).
 */
import { z } from 'zod';
import { describeIssue } from './rules/issues.ts';

export class EnvError extends Error {
  override readonly name = 'EnvError';
}

export function parseEnv<S extends z.ZodType>(schema: S, source: NodeJS.ProcessEnv = process.env): z.output<S> {
  const result = schema.safeParse(source);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `  ${describeIssue(issue)}`);
  throw new EnvError(`Invalid environment:\n${problems.join('\n')}`);
}

/** Reusable field schemas. */
export const envFields = {
  port: (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback),
  logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  url: z.string().url(),
  /** host:port of a gRPC peer. */
  address: (fallback: string) => z.string().regex(/^[\w.-]+:\d+$/, 'must be host:port').default(fallback),
  positiveInt: (fallback: number) => z.coerce.number().int().positive().default(fallback),
  csv: (fallback: string) =>
    z
      .string()
      .default(fallback)
      .transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean)),
  /**
   * Which proxies in front of an HTTP server are trusted to say who the client is (X-Forwarded-For,
   * X-Forwarded-Proto): a hop count ("1": one proxy, e.g. the ingress controller), or a comma-separated
   * list of addresses, subnets or the names loopback, linklocal, uniquelocal. Default: loopback only.
   * The value is what Express's `trust proxy` setting takes.
   */
  trustProxy: () =>
    z
      .string()
      .default('loopback')
      .transform((value, ctx): number | string[] => {
        const trimmed = value.trim();
        if (/^\d+$/.test(trimmed)) return Number(trimmed);
        const list = trimmed.split(',').map((part) => part.trim()).filter(Boolean);
        if (list.length === 0 || list.some((part) => !/^[0-9A-Za-z.:/]+$/.test(part) || part === 'true' || part === 'false')) {
          ctx.addIssue({ code: 'custom', message: 'must be a hop count or a comma-separated list of addresses, subnets or loopback/linklocal/uniquelocal' });
          return z.NEVER;
        }
        return list;
      }),
};
