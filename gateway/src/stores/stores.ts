/**
 * What gateway replicas share, one small store per concern. Redis in a deployment (every replica
 * sees the same counters and markers); memory for a single gateway process (embedded mode, unit
 * tests). Every method throws when the store cannot answer; the caller decides what that means
 * (docs/architecture.md#shared-state-and-caches).
 */
import type { Bus } from '@cfs/common/bus';

/** The security rate limit: fixed windows per bucket. */
export interface RateLimitStore {
  /** Counts one request in the bucket's window: the count so far and the ms until the window resets. */
  hit(bucket: string, windowMs: number): Promise<{ count: number; resetMs: number }>;
}

/** One quota counter: a Site's use of a capability in one calendar period. */
export interface QuotaCounter {
  key: string;
  /** Units per period; null means unlimited (usage is still counted). */
  limit: number | null;
  /** When the period ends (epoch ms); the counter expires after it. */
  resetsAt: number;
}

/** Plan quotas, consumed atomically across replicas. */
export interface QuotaStore {
  /** Takes one unit if the quota allows it; a refusal takes nothing. */
  consume(counter: QuotaCounter): Promise<{ allowed: boolean; used: number }>;
  /** Gives back a unit taken for a request that then failed. */
  refund(counter: QuotaCounter): Promise<void>;
  /** Units used of each counter. */
  usage(keys: string[]): Promise<number[]>;
}

/** Revocation markers: a cached authentication is never trusted after one, on any replica. */
export interface RevocationStore {
  /** Records the revocation and announces it, so every replica drops the Credential from its cache. */
  markRevoked(credentialId: string): Promise<void>;
  /** True when the Credential was revoked (within the marker's lifetime). */
  isRevoked(credentialId: string): Promise<boolean>;
}

/** A stored answer of an idempotent request. */
export interface StoredAnswer {
  status: number;
  body: unknown;
}

export type IdempotencyRecord = { state: 'running'; fingerprint: string } | { state: 'done'; fingerprint: string; answer: StoredAnswer };

/** Idempotency-Key records. */
export interface IdempotencyStore {
  /** Claims a key: null when this request now owns it, else what is recorded for it. */
  claim(key: string, fingerprint: string, ttlMs: number): Promise<IdempotencyRecord | null>;
  /** Records the answer of the request that owns the key, for replay. */
  store(key: string, fingerprint: string, answer: StoredAnswer, ttlMs: number): Promise<void>;
  /** Frees a key whose request failed in a way a retry may fix (5xx). */
  release(key: string): Promise<void>;
}

export interface GatewayStores {
  rateLimits: RateLimitStore;
  quotas: QuotaStore;
  revocations: RevocationStore;
  idempotency: IdempotencyStore;
  /** Announcements from the services and the other replicas (revocations, Site and taxonomy changes). */
  bus: Bus;
  /** Resolves true when the stores answer, false after `timeoutMs` (the gateway then starts anyway). */
  ready(timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}
