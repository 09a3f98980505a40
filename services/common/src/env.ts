/**
 * Environment parsing: every deployable declares a zod schema in its own src/env.ts and parses it
 * once at boot. A bad or missing variable stops the process with a message naming the variable,
 * never its value (values may be secrets).
 */
import { z } from 'zod';
import {
  DEPLOYABLES,
  localAddress,
  localUrl,
  serversOf,
  type AddrEnv,
  type DeployableName,
  type ServersOf,
  type ServiceName,
  type UrlEnv,
  type UrlName,
} from './deployables.ts';
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

const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);
/** host:port of a gRPC peer. */
const address = (fallback: string) =>
  z
    .string()
    .regex(/^[\w.-]+:\d+$/, 'must be host:port')
    .default(fallback);
const bindHost = () => z.string().default('0.0.0.0');

type PortFields<N extends DeployableName> = { [K in ServersOf<N>['portEnv']]: ReturnType<typeof port> };
type ListenFields<N extends DeployableName> = PortFields<N> & { [K in ServersOf<N>['hostEnv']]: ReturnType<typeof bindHost> };

/** Reusable field schemas. */
export const envFields = {
  port,
  /** The port variables of these deployables' servers, defaulting to their ports (deployables.ts). */
  ports: <N extends DeployableName>(names: readonly N[]): PortFields<N> =>
    Object.fromEntries(names.flatMap((n) => serversOf(n).map((s) => [s.portEnv, port(s.port)]))) as PortFields<N>,
  /** A deployable's own servers: the port of each (deployables.ts) and the host it binds (every interface). */
  listen: <N extends DeployableName>(name: N): ListenFields<N> =>
    Object.fromEntries(
      serversOf(name).flatMap((s) => [
        [s.portEnv, port(s.port)],
        [s.hostEnv, bindHost()],
      ]),
    ) as ListenFields<N>,
  /** The *_ADDR variables of the services a deployable calls, defaulting to their ports on this machine. */
  addresses: <N extends ServiceName>(services: readonly N[]): { [K in AddrEnv<N>]: ReturnType<typeof address> } =>
    Object.fromEntries(services.map((n) => [DEPLOYABLES[n].grpc.addrEnv, address(localAddress(n))])) as { [K in AddrEnv<N>]: ReturnType<typeof address> },
  /** The base URL variable of an HTTP server its callers read, defaulting to it on this machine. */
  serverUrl: <N extends UrlName>(name: N): { [K in UrlEnv<N>]: z.ZodDefault<z.ZodString> } =>
    ({ [DEPLOYABLES[name].http.urlEnv]: z.string().url().default(localUrl(name)) }) as { [K in UrlEnv<N>]: z.ZodDefault<z.ZodString> },
  logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  url: z.string().url(),
  address,
  positiveInt: (fallback: number) => z.coerce.number().int().positive().default(fallback),
  csv: (fallback: string) =>
    z
      .string()
      .default(fallback)
      .transform((s) =>
        s
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean),
      ),
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
        const list = trimmed
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean);
        if (list.length === 0 || list.some((part) => !/^[0-9A-Za-z.:/]+$/.test(part) || part === 'true' || part === 'false')) {
          ctx.addIssue({ code: 'custom', message: 'must be a hop count or a comma-separated list of addresses, subnets or loopback/linklocal/uniquelocal' });
          return z.NEVER;
        }
        return list;
      }),
};
