/**
 * Pipeline step 3's rule, whole: who a bearer token belongs to. The identity service decides;
 * this replica caches its answers (LRU, AUTH_CACHE_TTL_MS) so most requests need no call. A cached
 * Credential is used only while it is unexpired and carries no revocation marker (written by the
 * identity service before it commits a revocation, seen by every replica); with a marker, or when
 * the marker store cannot answer, the cache is bypassed and identity decides. The marker is read
 * in the request's rate-limit count when it has no body (pipeline/admission.ts asks for the Credential that
 * `cached` names), else here, once the body is in. A revocation announcement also evicts the Credential at once. A token that fails
 * the `cfs_` shape or checksum is refused without a call; concurrent requests with the same
 * uncached token share one identity call. With the shared tier (caches/shared-facts.ts), what
 * identity confirmed is recorded in Redis for the other replicas, and a Credential read from there
 * is kept here as if identity had answered it, its marker read on every use all the same.
 */
import { cacheLookups } from '@cfs/common/metrics';
import { CHANNELS } from '@cfs/common/bus';
import { unauthenticated } from '@cfs/common/errors';
import { jsonBytes, LoadingCache } from '@cfs/common/loading-cache';
import type { Logger } from '@cfs/common/logger';
import type { Credential__Output } from '@cfs/protos/generated/cfs/identity/v1/Credential.js';
import { Interner } from './interner.ts';
import { presentedToken, type PresentedToken } from './presented-token.ts';
import type { SiteFactsTier } from './shared-facts.ts';
import type { GatewayStores } from '../stores/index.ts';

export type Credential = Credential__Output;

/** A revocation marker already read for this request (by the rate limit's round trip). */
export interface RevocationCheck {
  credentialId: string;
  marked: boolean;
}

/** Asks the identity service about a token (UNAUTHENTICATED when it is unknown, revoked or expired). */
export type IdentityLookup = (token: string, requestId: string) => Promise<Credential>;

interface Lookup {
  token: string;
  requestId: string;
}

export interface AuthenticatorOptions {
  lookup: IdentityLookup;
  stores: Pick<GatewayStores, 'revocations' | 'bus'>;
  ttlMs: number;
  maxEntries: number;
  /** Most bytes the cached Credentials weigh (jsonBytes); unbounded in bytes without it. */
  maxBytes?: number;
  logger: Logger;
  now?: () => number;
  /** The shared tier: what identity confirmed is recorded there for the other replicas. */
  shared?: SiteFactsTier;
}

/** The cache's name in the metric cfs.cache.lookups; a hit is served through peek() after the revocation check. */
const AUTH_CACHE = 'gateway.authentications';
const AUTH_CACHE_HIT = { cache: AUTH_CACHE, result: 'hit' } as const;

/** Scope lists and the other strings that most Credentials share, held once (caches/interner.ts). */
const scopeLists = new Interner<string[]>();
const sharedStrings = new Interner<string>();

/** The Credential with its scope list, audience and name shared with the other cached ones (read-only from here on). */
function compact(credential: Credential): Credential {
  credential.scopes = scopeLists.of(credential.scopes.join(' '), credential.scopes);
  credential.audience = sharedStrings.of(credential.audience, credential.audience);
  credential.name = sharedStrings.of(credential.name, credential.name);
  return credential;
}

export class Authenticator {
  private readonly cache: LoadingCache<Credential, Lookup>;
  private readonly now: () => number;

  constructor(private readonly options: AuthenticatorOptions) {
    this.now = options.now ?? Date.now;
    this.cache = new LoadingCache<Credential, Lookup>({
      name: AUTH_CACHE,
      maxEntries: options.maxEntries,
      ...(options.maxBytes ? { maxSize: options.maxBytes, sizeOf: jsonBytes } : {}),
      ttlMs: options.ttlMs,
      load: async (key, { token, requestId }) => {
        const credential = compact(await options.lookup(token, requestId));
        options.shared?.credentialLoaded(key, credential);
        return credential;
      },
      ...(options.now ? { now: options.now } : {}),
    });
    options.stores.bus.subscribe(CHANNELS.credentialRevoked, (id) => this.evict(id));
    // Announcements may have been missed while the bus was away: start afresh.
    options.stores.bus.onReconnect(() => this.cache.clear());
  }

  /** The Credential behind a token, confirmed not revoked or expired; UNAUTHENTICATED otherwise. */
  async authenticate(presented: string | PresentedToken, requestId: string, checked?: RevocationCheck): Promise<Credential> {
    const parsed = typeof presented === 'string' ? presentedToken(presented) : presented;
    // A token of the wrong shape or checksum was never issued: refused here, at no service's cost.
    if (!parsed) throw unauthenticated();
    const { token, key } = parsed;
    const cached = this.cache.peek(key);
    if (cached) {
      if (this.expired(cached)) {
        this.evict(cached.id);
        throw unauthenticated('The credential has expired.');
      }
      // A marker (or a store that cannot answer) means: trust identity, not the cache.
      const marked = checked?.credentialId === cached.id ? checked.marked : await this.isMarked(cached.id);
      if (marked === false) {
        cacheLookups.add(1, AUTH_CACHE_HIT);
        return cached;
      }
      this.evict(cached.id);
    }
    return this.cache.get(key, { token, requestId });
  }

  /**
   * The Credential this replica has cached for a token, unexpired, without its revocation check
   * (no I/O): for a request whose marker is read in its rate-limit count (pipeline/admission.ts).
   */
  cached(presented: PresentedToken): Credential | undefined {
    const credential = this.cache.cached(presented.key);
    return credential && !this.expired(credential) ? credential : undefined;
  }

  /**
   * Keeps a Credential read from the shared tier (caches/shared-facts.ts) for at most `ttlMs` (what
   * its record has left); its marker is read on every use, as for one identity answered. One that
   * has expired is not kept (undefined): identity refuses it.
   */
  adopt(presented: PresentedToken, credential: Credential, ttlMs: number): Credential | undefined {
    if (this.expired(credential)) return undefined;
    const kept = compact(credential);
    this.cache.set(presented.key, kept, ttlMs);
    return kept;
  }

  /** The Credential cached for a token, expired or not, without a hit counted (no I/O). */
  peek(presented: PresentedToken): Credential | undefined {
    return this.cache.peek(presented.key);
  }

  private expired(credential: Credential): boolean {
    return Boolean(credential.expiresAt) && Date.parse(credential.expiresAt!) <= this.now();
  }

  /** Whether this replica has a Credential cached for a token, expired or not (no I/O, no metric). */
  knows(presented: PresentedToken): boolean {
    return this.cache.peek(presented.key) !== undefined;
  }

  /** Drops a Credential from this replica's cache. */
  evict(credentialId: string): void {
    this.cache.deleteWhere((credential) => credential.id === credentialId);
  }

  /** true / false, or undefined when the revocation store cannot answer. */
  private async isMarked(credentialId: string): Promise<boolean | undefined> {
    try {
      return await this.options.stores.revocations.isMarked(credentialId);
    } catch (err) {
      this.options.logger.warn({ err: { message: (err as Error).message } }, 'revocation store unavailable; authenticating without the cache');
      return undefined;
    }
  }
}
