/**
 * Where every deployable listens and how its callers find it: the one table of ports and of the
 * variables that carry them. The env schemas (envFields in env.ts), the client factories (by
 * deployable name, addressesOf), the launcher (services/launcher) and the Dockerfile generator
 * (scripts/dockerfiles.mjs, which runs this file under plain node: erasable syntax only, no imports)
 * read it; the Helm chart states the same ports in YAML and test/deploy checks that it agrees.
 * The order is the launcher's: it numbers the processes' metrics ports in it.
 */

/** A listening server: its default port and the variables that set its port and its bind address. */
export interface Server {
  port: number;
  portEnv: string;
  hostEnv: string;
}

/** A gRPC server; its callers read its host:port from `addrEnv`. */
export interface GrpcServer extends Server {
  addrEnv: string;
}

/** An HTTP server; callers inside the system (not the public) read its base URL from `urlEnv`. */
export interface HttpServer extends Server {
  urlEnv?: string;
}

export interface Deployable {
  /** Its package folder, relative to the repository root. */
  folder: string;
  grpc?: GrpcServer;
  http?: HttpServer;
  /** The gRPC services it calls (their names in this table). */
  calls: readonly string[];
}

const SIX_SERVICES = ['identity', 'account', 'feed', 'billing', 'seo', 'media'] as const;
/** The services customers reach through the gateway and the dashboard. */
const CUSTOMER_SERVICES = [...SIX_SERVICES, 'webhooks'] as const;

export const DEPLOYABLES = {
  gateway: { folder: 'gateway', http: { port: 8080, portEnv: 'PORT', hostEnv: 'HOST' }, calls: CUSTOMER_SERVICES },
  identity: {
    folder: 'services/identity',
    grpc: { port: 7001, portEnv: 'IDENTITY_GRPC_PORT', hostEnv: 'IDENTITY_GRPC_HOST', addrEnv: 'IDENTITY_ADDR' },
    calls: [],
  },
  account: { folder: 'services/account', grpc: { port: 7002, portEnv: 'ACCOUNT_GRPC_PORT', hostEnv: 'ACCOUNT_GRPC_HOST', addrEnv: 'ACCOUNT_ADDR' }, calls: [] },
  feed: {
    folder: 'services/feed',
    grpc: { port: 7003, portEnv: 'FEED_GRPC_PORT', hostEnv: 'FEED_GRPC_HOST', addrEnv: 'FEED_ADDR' },
    /** Its outbox relay hands feed.changed events to the webhooks service. */
    calls: ['webhooks'],
  },
  billing: {
    folder: 'services/billing',
    grpc: { port: 7004, portEnv: 'BILLING_GRPC_PORT', hostEnv: 'BILLING_GRPC_HOST', addrEnv: 'BILLING_ADDR' },
    /** Account: the Site's plan follows its subscriptions; webhooks: its events (billing.subscription.updated). */
    calls: ['account', 'webhooks'],
  },
  seo: { folder: 'services/seo', grpc: { port: 7005, portEnv: 'SEO_GRPC_PORT', hostEnv: 'SEO_GRPC_HOST', addrEnv: 'SEO_ADDR' }, calls: [] },
  media: {
    folder: 'services/media',
    grpc: { port: 7006, portEnv: 'MEDIA_GRPC_PORT', hostEnv: 'MEDIA_GRPC_HOST', addrEnv: 'MEDIA_ADDR' },
    http: { port: 7016, portEnv: 'MEDIA_HTTP_PORT', hostEnv: 'MEDIA_HTTP_HOST', urlEnv: 'MEDIA_HTTP_URL' },
    /** Its generation planner reads eligible Sites, their feeds and their SEO profiles; webhooks takes its events (ai.budget.status_changed). */
    calls: ['account', 'feed', 'seo', 'webhooks'],
  },
  dashboard: {
    folder: 'services/dashboard',
    http: { port: 7020, portEnv: 'DASHBOARD_HTTP_PORT', hostEnv: 'DASHBOARD_HTTP_HOST', urlEnv: 'DASHBOARD_HTTP_URL' },
    calls: CUSTOMER_SERVICES,
  },
  /** The operator CLI: a client only. */
  admin: { folder: 'services/admin', calls: ['identity', 'account', 'feed', 'media'] },
  /**
   * Customers' webhook endpoints and the deliveries to them (its own egress to the internet). Last,
   * so the metrics ports the launcher numbers before it keep their numbers.
   */
  webhooks: {
    folder: 'services/webhooks',
    grpc: { port: 7007, portEnv: 'WEBHOOKS_GRPC_PORT', hostEnv: 'WEBHOOKS_GRPC_HOST', addrEnv: 'WEBHOOKS_ADDR' },
    calls: [],
  },
} as const satisfies Record<string, Deployable>;

type Table = typeof DEPLOYABLES;
export type DeployableName = keyof Table;
/** The deployables that serve gRPC (the services). */
export type ServiceName = { [N in DeployableName]: Table[N] extends { grpc: GrpcServer } ? N : never }[DeployableName];
export type HttpName = { [N in DeployableName]: Table[N] extends { http: HttpServer } ? N : never }[DeployableName];
/** The HTTP servers that other deployables call (by a *_URL variable). */
export type UrlName = { [N in DeployableName]: Table[N] extends { http: { urlEnv: string } } ? N : never }[DeployableName];
/** The name of the variable that holds service N's address, for its callers. */
export type AddrEnv<N extends ServiceName> = Table[N]['grpc']['addrEnv'];
export type UrlEnv<N extends UrlName> = Table[N]['http']['urlEnv'];
/** The servers of deployable N (gRPC, HTTP or both). */
export type ServersOf<N extends DeployableName> = N extends DeployableName ? Table[N][Extract<keyof Table[N], 'grpc' | 'http'>] : never;
export type CallsOf<N extends DeployableName> = Table[N]['calls'][number];

const names = Object.keys(DEPLOYABLES) as DeployableName[];
/** Every deployable that listens, in table order. */
export const SERVERS = names.filter((n) => serversOf(n).length > 0) as Exclude<DeployableName, 'admin'>[];
export const SERVICES = names.filter((n): n is ServiceName => 'grpc' in DEPLOYABLES[n]);

export function serversOf<N extends DeployableName>(name: N): ServersOf<N>[] {
  const d: Deployable = DEPLOYABLES[name];
  return [d.grpc, d.http].filter((s) => s !== undefined) as ServersOf<N>[];
}

/** The address of a service on this machine (its default for callers, and what `npm start` wires). */
export function localAddress(name: ServiceName, port: number = DEPLOYABLES[name].grpc.port): string {
  return `127.0.0.1:${port}`;
}

/** host:port a service's gRPC server binds, from its parsed env (its *_GRPC_HOST and *_GRPC_PORT). */
export function bindAddress(name: ServiceName, env: Readonly<Record<string, unknown>>): string {
  const { hostEnv, portEnv } = DEPLOYABLES[name].grpc;
  return `${String(env[hostEnv])}:${String(env[portEnv])}`;
}

/** The base URL of an HTTP server on this machine. */
export function localUrl(name: HttpName, port: number = DEPLOYABLES[name].http.port): string {
  return `http://127.0.0.1:${port}`;
}

/** The addresses of `services` by deployable name, read from an env that holds their *_ADDR variables. */
export function addressesOf<N extends ServiceName>(env: Readonly<Record<AddrEnv<N>, string>>, services: readonly N[]): Record<N, string> {
  return Object.fromEntries(services.map((n) => [n, env[DEPLOYABLES[n].grpc.addrEnv as AddrEnv<N>]])) as Record<N, string>;
}

/** The *_ADDR variables of `services`, from their addresses by name (the inverse of addressesOf). */
export function addressEnv<N extends ServiceName>(addresses: Readonly<Record<N, string>>, services: readonly N[]): Record<AddrEnv<N>, string> {
  return Object.fromEntries(services.map((n) => [DEPLOYABLES[n].grpc.addrEnv, addresses[n]])) as Record<AddrEnv<N>, string>;
}

/** The variable of every server's port (PORT, IDENTITY_GRPC_PORT, …). */
export type PortEnv = ServersOf<DeployableName>['portEnv'];

/**
 * The variables that put every server on 127.0.0.1 at its port in `ports` and tell every caller
 * where it is (*_ADDR, *_URL): the wiring of a whole system on one machine.
 */
export function localWiring(ports: Readonly<Record<PortEnv, number>>): Record<string, string> & Record<AddrEnv<ServiceName>, string> {
  const env = {} as Record<string, string> & Record<AddrEnv<ServiceName>, string>;
  for (const name of SERVERS) {
    for (const server of serversOf(name) as Array<GrpcServer | HttpServer>) {
      const port = ports[server.portEnv as PortEnv];
      env[server.hostEnv] = '127.0.0.1';
      env[server.portEnv] = String(port);
      if ('addrEnv' in server) env[server.addrEnv] = `127.0.0.1:${port}`;
      if ('urlEnv' in server && server.urlEnv) env[server.urlEnv] = `http://127.0.0.1:${port}`;
    }
  }
  return env;
}
