/**
 * What gateway replicas share, one small store per concern. Redis in a deployment (every replica
 * sees the same counters and markers); memory for a single gateway process (embedded mode, unit
 * tests). Every method throws when the store cannot answer; the caller decides what that means
 * (gateway/README.md#shared-state-and-caches).
 */
import type { Bus } from '@cfs/common/bus';
import type { QuotaCounter, QuotaStore } from '@cfs/common/entitlements';
import type { RevocationMarkers } from '@cfs/common/revocations';

export interface RateWindow {
  /** Requests counted in the current window. */
  count: number;
  /** Milliseconds until the window resets. */
  resetMs: number;
}

/** What else one rate-limit hit reads or does, in the same round trip. */
export interface HitOptions {
  /** Another bucket whose window is read without counting (the client address's). */
  alsoRead?: string;
  /** A Credential whose revocation marker is read (the one this replica has cached for the token). */
  revocationOf?: string;
  /**
   * A quota unit to take (as QuotaStore.consume would) only if this hit is within `rateLimit` and the
   * Credential of `revocationOf` (required) carries no marker: the request's quota in the same round trip.
   * With `peek`, only whether a unit is left is read (nothing taken, nothing to give back): a
   * conditional request, which step 8 charges unless it answers 304 (pipeline/steps/conditional.ts).
   */
  charge?: { counter: QuotaCounter; rateLimit: number; peek?: boolean };
  /** What is read of the facts the replicas share (@cfs/common/site-facts), in the same round trip. */
  facts?: FactsRead;
}

/**
 * The shared facts a hit reads: by Site (its Credential is cached here) or by token (nothing is).
 * With `generation` and `charge`, the unit is taken only if the Site's generation is still that one:
 * the facts cached here, which chose the counter, are current.
 */
export type FactsRead =
  /** The Site's generation; with `records`, also its Site and subscription records (not cached here). */
  | { siteId: string; records?: boolean; generation?: string }
  /** The Credential recorded for the token's key and, when there is one, its marker, its Site's generation and records. */
  | { tokenKey: string };

/** A shared record as read: its JSON and how long it has left. */
export interface SharedRecord {
  json: string;
  ttlMs: number;
}

/** What a hit found of the shared facts. */
export interface FactsFound {
  /** The Site's generation now ("0" before its first change); absent when no Site was known. */
  generation?: string;
  /** The token's Credential record, and whether its revocation marker is set. */
  credential?: SharedRecord & { marked: boolean };
  site?: SharedRecord;
  subscriptions?: SharedRecord;
}

/** A counted window, with what HitOptions asked to read. */
export interface Hit extends RateWindow {
  alsoRead?: RateWindow;
  /** Whether the Credential of `revocationOf` carries a revocation marker. */
  revoked?: boolean;
  /** With `charge`: the quota's verdict (with `peek`: whether a unit is left); absent when the hit was over the limit or found a marker (nothing taken). */
  charged?: { allowed: boolean; used: number };
  /** With `facts`: what was found. */
  facts?: FactsFound;
}

/** The facts admission needs, shared by the replicas (@cfs/common/site-facts): what a replica loaded from their owners. */
export interface SharedFactsStore {
  /** Records the Credential identity confirmed for a token key (JSON with `id` and `siteId`), unless its revocation marker is set. */
  putCredential(tokenKey: string, credentialId: string, json: string, ttlMs: number): Promise<void>;
  /** Forgets the token key's Credential (identity refused the token). */
  dropCredential(tokenKey: string): Promise<void>;
  /** The Site's generation now ("0" before its first change). */
  generation(siteId: string): Promise<string>;
  /** Records a Site's fact loaded from its owner, only while the Site's generation is still `generation` (read before the load); whether it did. */
  putSiteFact(kind: 'site' | 'subscriptions', siteId: string, json: string, ttlMs: number, generation: string): Promise<boolean>;
}

/** The security rate limit: fixed windows per bucket. */
export interface RateLimitStore {
  /**
   * Counts one request in the bucket's window and, in the same round trip, reads (and charges) what
   * `options` names: one store call per request for the rate limit, the revocation check and the quota.
   */
  hit(bucket: string, windowMs: number, options?: HitOptions): Promise<Hit>;
}

/** Plan quotas (@cfs/common/entitlements: the dashboard reads the same counters). */
export type { QuotaCounter, QuotaStore } from '@cfs/common/entitlements';

/** Revocation markers, written by the identity service (@cfs/common/revocations). */
export type { RevocationMarkers } from '@cfs/common/revocations';

/** How long the answer of an idempotent request is replayed. */
export const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;

/** A stored answer of an idempotent request. */
export interface StoredAnswer {
  status: number;
  body: unknown;
}

/** What is recorded for an Idempotency-Key: a request holding its lease (`owner`), or its answer. */
export type IdempotencyRecord = { state: 'running'; fingerprint: string; owner: string } | { state: 'done'; fingerprint: string; answer: StoredAnswer };

export interface IdempotencyClaim {
  /** The calling Site: keys are counted and bounded per Site. */
  site: string;
  /** The full key (Site, route and the client's key). */
  key: string;
  fingerprint: string;
  /** Who holds the lease: renew, complete and release only act for the holder. */
  owner: string;
  leaseMs: number;
  /** Keys a Site may hold at once; claiming one more forgets its oldest. */
  maxPerSite: number;
}

/** Idempotency-Key records. */
export interface IdempotencyStore {
  /** Claims a key with a short lease: null when this request now holds it, else what is recorded. */
  claim(claim: IdempotencyClaim): Promise<IdempotencyRecord | null>;
  /** Extends the lease while the request still runs; false when it is no longer held. */
  renew(key: string, owner: string, leaseMs: number): Promise<boolean>;
  /** Records the holder's answer for replay, for `ttlMs`. */
  complete(key: string, owner: string, fingerprint: string, answer: StoredAnswer, ttlMs: number): Promise<void>;
  /** Frees a key whose request ended in a way a retry should run again. */
  release(key: string, owner: string): Promise<void>;
}

export interface GatewayStores {
  rateLimits: RateLimitStore;
  quotas: QuotaStore;
  revocations: RevocationMarkers;
  idempotency: IdempotencyStore;
  /** The facts admission needs, shared by the replicas (Redis); absent for one process alone, which has no one to share them with. */
  facts?: SharedFactsStore;
  /** Announcements from the services and the other replicas (revocations, Site and taxonomy changes). */
  bus: Bus;
  /** Resolves true when the stores answer, false after `timeoutMs` (the gateway then starts anyway). */
  ready(timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}
