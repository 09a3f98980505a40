/**
 * Service-to-service authentication (services/common/README.md#service-to-service-authentication).
 *
 * Every caller of a service's gRPC API — the gateway, billing, the operator CLI, the dashboard, media's generation
 * planner, feed's webhook outbox relay — holds a random
 * token of its own (`SERVICE_TOKEN`) and sends it in the `cfs-service-token` metadata of every
 * call. A service holds only the SHA-256 hashes of the tokens it accepts, each with the caller's
 * name (`SERVICE_CALLERS=gateway=<hex>,billing=<hex>,admin=<hex>`), so a service that leaks its
 * configuration leaks no caller's token. Each RPC of a service declares which callers may call it
 * (GrpcServer checks it before the handler runs): the gateway cannot reach an operator RPC such as
 * SetSitePlan, CreateCustomer or PutObject even where the network lets it reach the port.
 */
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';

/** Everyone that calls a service's gRPC API. */
export const SERVICE_CALLERS = ['gateway', 'billing', 'admin', 'dashboard', 'media', 'feed'] as const;
export type ServiceCaller = (typeof SERVICE_CALLERS)[number];

export const SERVICE_TOKEN_METADATA_KEY = 'cfs-service-token';

/** Which callers may call each RPC of one gRPC service (every RPC must be listed). */
export type CallerPolicy<Method extends string = string> = Readonly<Record<Method, readonly ServiceCaller[]>>;

/** A fresh token for a caller: its name (readable in a Secret) and 256 random bits. */
export function newServiceToken(caller: ServiceCaller): string {
  return `cfssvc_${caller}_${randomBytes(32).toString('base64url')}`;
}

export function serviceTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

const HASH = /^[0-9a-f]{64}$/;

/** The callers a service accepts: token hash → caller name, or every call when authentication is off. */
export class ServiceCallers {
  private constructor(
    private readonly byHash: ReadonlyMap<string, ServiceCaller>,
    /** SERVICE_AUTH=off: every call is admitted and checked against nothing (never in production). */
    readonly open = false,
  ) {}

  /** `gateway=<sha256 hex>,admin=<hex>,...`; a caller may appear twice (two tokens while rotating). */
  static parse(spec: string): ServiceCallers {
    const byHash = new Map<string, ServiceCaller>();
    for (const entry of spec
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const [name, hash, extra] = entry.split('=');
      if (!SERVICE_CALLERS.includes(name as ServiceCaller)) throw new Error(`unknown caller "${name}" (known: ${SERVICE_CALLERS.join(', ')})`);
      if (extra !== undefined || !hash || !HASH.test(hash))
        throw new Error(`caller "${name}": expected ${name}=<SHA-256 of its token, 64 lower-case hex digits>`);
      byHash.set(hash, name as ServiceCaller);
    }
    if (byHash.size === 0) throw new Error('no callers given');
    return new ServiceCallers(byHash);
  }

  /** From the callers' tokens themselves (a launcher that generated them). */
  static ofTokens(tokens: Partial<Record<ServiceCaller, string>>): ServiceCallers {
    return new ServiceCallers(new Map(Object.entries(tokens).map(([caller, token]) => [serviceTokenHash(token), caller as ServiceCaller])));
  }

  /** Admits every call without a token (SERVICE_AUTH=off). */
  static unauthenticated(): ServiceCallers {
    return new ServiceCallers(new Map(), true);
  }

  /** Tokens already identified: the few callers present the same token on every call, hashed once. */
  private readonly known = new Map<string, ServiceCaller>();

  /** The caller a presented token belongs to, if any. */
  identify(token: unknown): ServiceCaller | undefined {
    if (typeof token !== 'string' || token.length === 0 || token.length > 200) return undefined;
    const seen = this.known.get(token);
    if (seen) return seen;
    const caller = this.byHash.get(serviceTokenHash(token));
    // Only tokens that match are remembered (one per configured hash), so unknown tokens cannot grow it.
    if (caller && this.known.size < this.byHash.size) this.known.set(token, caller);
    return caller;
  }

  /** The SERVICE_CALLERS value that describes these callers. */
  toSpec(): string {
    return [...this.byHash].map(([hash, caller]) => `${caller}=${hash}`).join(',');
  }
}

/** The tokens of all callers, and the SERVICE_CALLERS value a service needs to accept them. */
export function newServiceTokens(): { tokens: Record<ServiceCaller, string>; callers: string } {
  const tokens = Object.fromEntries(SERVICE_CALLERS.map((c) => [c, newServiceToken(c)])) as Record<ServiceCaller, string>;
  return { tokens, callers: ServiceCallers.ofTokens(tokens).toSpec() };
}

/**
 * Where `npm start` keeps a caller's token in its data folder, so the operator CLI on the same
 * machine finds its own without an extra step.
 */
export function localServiceTokenFile(dataDir: string, caller: ServiceCaller): string {
  return path.join(dataDir, `service-token-${caller}`);
}

/**
 * The server side's settings, read by every service next to its own env schema: SERVICE_CALLERS is
 * required unless SERVICE_AUTH=off says on purpose that any caller that can reach the port is trusted.
 */
export const serviceAuthEnvSchema = z
  .object({
    SERVICE_AUTH: z.enum(['required', 'off']).default('required'),
    SERVICE_CALLERS: z.string().optional(),
  })
  .transform((env, ctx) => {
    if (env.SERVICE_AUTH === 'off') return { callers: ServiceCallers.unauthenticated() };
    if (!env.SERVICE_CALLERS) {
      ctx.addIssue({
        code: 'custom',
        path: ['SERVICE_CALLERS'],
        message:
          'required: the callers this service accepts, as name=<SHA-256 of its token> pairs (`npm run -s admin -- service-tokens` makes a set); SERVICE_AUTH=off accepts unauthenticated calls instead',
      });
      return z.NEVER;
    }
    try {
      return { callers: ServiceCallers.parse(env.SERVICE_CALLERS) };
    } catch (err) {
      ctx.addIssue({ code: 'custom', path: ['SERVICE_CALLERS'], message: (err as Error).message });
      return z.NEVER;
    }
  });

/** The caller side: the token this deployable presents to the services. */
export const serviceTokenEnvField = z.string().min(32, 'must be the token made for this caller (at least 32 characters)').optional();
