/**
 * The address guard: which IP addresses an outgoing request to a URL someone else chose (a
 * publisher's feed, a customer's webhook endpoint) may connect to, and an undici dispatcher that
 * enforces it when connecting. The host is resolved here, every address it resolves to is checked,
 * and the socket is then opened to one of those checked addresses by number, never by name: a second
 * DNS answer (rebinding) cannot slip another address in between the check and the connection.
 *
 * Link-local (cloud metadata at 169.254.169.254, fe80::/10), the unspecified addresses (0.0.0.0 and
 * `::` reach the local machine), multicast, broadcast, carrier-grade NAT and the reserved ranges are
 * refused always; loopback, private and unique-local ranges only unless `allowPrivateNetworks` (an
 * embedded run or a test, where the publisher is on this machine).
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, buildConnector } from 'undici';

export type AddressClass =
  'public' | 'loopback' | 'private' | 'unique-local' | 'link-local' | 'unspecified' | 'multicast' | 'broadcast' | 'carrier-grade-nat' | 'reserved' | 'invalid';

export interface AddressPolicy {
  /** Allow loopback, private (RFC 1918) and unique-local (fc00::/7) addresses. */
  allowPrivateNetworks: boolean;
}

/** Classes allowed only when the policy allows private networks. */
const PRIVATE_CLASSES: ReadonlySet<AddressClass> = new Set(['loopback', 'private', 'unique-local']);

const IPV4_CLASSES: Record<string, AddressClass> = {
  unicast: 'public',
  loopback: 'loopback',
  private: 'private',
  linkLocal: 'link-local',
  unspecified: 'unspecified',
  multicast: 'multicast',
  broadcast: 'broadcast',
  carrierGradeNat: 'carrier-grade-nat',
};

const IPV6_CLASSES: Record<string, AddressClass> = {
  unicast: 'public',
  loopback: 'loopback',
  uniqueLocal: 'unique-local',
  linkLocal: 'link-local',
  unspecified: 'unspecified',
  multicast: 'multicast',
};

/** The NAT64 well-known prefix (64:ff9b::/96) carries an IPv4 address in its last 32 bits. */
const NAT64 = ipaddr.IPv6.parse('64:ff9b::');

/**
 * The class of an IP address written as text (IPv4 dotted quad, IPv6, an IPv6 in brackets).
 * IPv4-mapped (::ffff:a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) IPv6 addresses are classified as the
 * IPv4 address they carry. Anything ipaddr.js names a special range other than those above (6to4,
 * Teredo, documentation, benchmarking…) is `reserved`; text that is no IP address is `invalid`.
 */
export function classifyAddress(text: string): AddressClass {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  // ipaddr.js also accepts shorthand such as "127.1" or octal parts; an address from a resolver or
  // a URL's host is canonical, so anything node:net does not call an IP is refused as invalid.
  if (isIP(bare) === 0) return 'invalid';
  let address: ipaddr.IPv4 | ipaddr.IPv6 = ipaddr.parse(bare);
  if (address.kind() === 'ipv6') {
    const v6 = address as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) address = v6.toIPv4Address();
    else if (v6.match(NAT64, 96)) {
      const bytes = v6.toByteArray().slice(12);
      address = new ipaddr.IPv4(bytes);
    }
  }
  const range = address.range();
  const table = address.kind() === 'ipv4' ? IPV4_CLASSES : IPV6_CLASSES;
  return table[range] ?? 'reserved';
}

/** Whether a connection to `address` is allowed under `policy`. */
export function isAddressAllowed(address: string, policy: AddressPolicy): boolean {
  const kind = classifyAddress(address);
  if (kind === 'public') return true;
  return policy.allowPrivateNetworks && PRIVATE_CLASSES.has(kind);
}

/** A connection refused by the guard; nothing was opened. The message names the class, not the host's secrets. */
export class BlockedAddressError extends Error {
  readonly code = 'blocked_address';
  constructor(
    readonly hostname: string,
    readonly addressClass: AddressClass,
  ) {
    super(`The address of ${hostname} is ${addressClass === 'invalid' ? 'not a usable IP address' : `a ${addressClass} address`}, which is not allowed.`);
    this.name = 'BlockedAddressError';
  }
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to all its addresses (node:dns by default; tests inject their own). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) => {
  const answers = await dnsLookup(hostname, { all: true, verbatim: true });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

/**
 * The addresses of `hostname` (a name or an IP literal), every one of them checked against `policy`.
 * Throws `BlockedAddressError` when any is refused: a name that also resolves to an internal
 * address is refused whole, so a round-robin answer cannot reach the inside one time in N.
 */
export async function resolveChecked(hostname: string, policy: AddressPolicy, resolve: Resolver = systemResolver): Promise<ResolvedAddress[]> {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  const literal = isIP(bare);
  const addresses: ResolvedAddress[] = literal !== 0 ? [{ address: bare, family: literal === 6 ? 6 : 4 }] : await resolve(bare);
  if (addresses.length === 0) throw Object.assign(new Error(`${bare} has no address.`), { code: 'ENOTFOUND' });
  for (const { address } of addresses) {
    if (!isAddressAllowed(address, policy)) throw new BlockedAddressError(bare, classifyAddress(address));
  }
  return addresses;
}

export interface GuardedDispatcherOptions extends AddressPolicy {
  /** Host name resolution; node:dns by default. */
  resolve?: Resolver;
  /** Milliseconds to establish the connection (TCP and TLS), 10 s by default. */
  connectTimeoutMs?: number;
  /** The connector that opens sockets, given only checked IP addresses (tests wrap the default in a spy). */
  connector?: buildConnector.connector;
  /** Passed on to undici's Agent (timeouts of headers and body, connections per origin…). */
  agent?: Omit<Agent.Options, 'connect'>;
}

/**
 * The addresses to try, in the resolver's order: the first of each family. A host with an IPv6 and
 * an IPv4 address is still reached from a network without IPv6 routes, without trying every address
 * of a long round-robin list one connect timeout after another.
 */
function candidates(addresses: ResolvedAddress[]): ResolvedAddress[] {
  const first6 = addresses.find((a) => a.family === 6);
  const first4 = addresses.find((a) => a.family === 4);
  return addresses.filter((a) => a === first6 || a === first4);
}

/**
 * An undici dispatcher whose every connection goes through the guard: the origin's host is
 * resolved and checked first, and the socket is opened to a checked address (the first of each
 * family in turn, the next one only when a connection fails), with the host name kept as the TLS
 * server name (SNI and certificate checks stay those of the name).
 */
export function createGuardedDispatcher(options: GuardedDispatcherOptions): Agent {
  const policy: AddressPolicy = { allowPrivateNetworks: options.allowPrivateNetworks };
  const resolve = options.resolve ?? systemResolver;
  const connector = options.connector ?? buildConnector({ timeout: options.connectTimeoutMs ?? 10_000 });
  const connect: buildConnector.connector = (connectOptions, callback) => {
    const hostname = connectOptions.hostname;
    const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
    const servername = connectOptions.servername ?? (isIP(bare) === 0 ? bare : undefined);
    resolveChecked(hostname, policy, resolve).then(
      (addresses) => {
        const queue = candidates(addresses);
        const attempt = (): void => {
          const next = queue.shift()!;
          // A checked address is the one connected to: `hostname` is now a number.
          connector({ ...connectOptions, hostname: next.address, ...(servername === undefined ? {} : { servername }) }, (error, socket) => {
            if (error !== null && queue.length > 0) return attempt();
            if (error !== null) return callback(error, null);
            callback(null, socket!);
          });
        };
        attempt();
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  };
  return new Agent({ ...options.agent, connect });
}
