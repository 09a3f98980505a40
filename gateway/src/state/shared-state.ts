/**
 * State shared by every gateway replica: revocations (so a cached authentication is never trusted
 * after one, on any replica) and quota counters (consumed atomically across replicas). Redis in a
 * deployment; memory for a single gateway process.
 */
export interface QuotaCounter {
  /** The counter's key: one per Site, capability and period. */
  key: string;
  /** Units per period; null means unlimited (usage is still counted). */
  limit: number | null;
  /** When the period ends (epoch ms); the counter expires after it. */
  resetsAt: number;
}

/** A stored answer of an idempotent request. */
export interface StoredAnswer {
  status: number;
  body: unknown;
}

export type IdempotencyRecord = { state: 'running'; fingerprint: string } | { state: 'done'; fingerprint: string; answer: StoredAnswer };

export interface SharedState {
  /** Resolves when the store answers (true) or after `timeoutMs` (false): the gateway then starts anyway. */
  ready(timeoutMs: number): Promise<boolean>;
  /** Counts a request in a fixed window (the security rate limit): the count so far and the ms until the window resets. */
  hit(bucket: string, windowMs: number): Promise<{ count: number; resetMs: number }>;
  /** Claims an Idempotency-Key: null when this request now owns it, else what is recorded for it. */
  claimIdempotencyKey(key: string, fingerprint: string, ttlMs: number): Promise<IdempotencyRecord | null>;
  /** Records the answer of the request that owns the key, for replay. */
  storeIdempotentAnswer(key: string, fingerprint: string, answer: StoredAnswer, ttlMs: number): Promise<void>;
  /** Frees a key whose request failed in a way a retry may fix (5xx). */
  releaseIdempotencyKey(key: string): Promise<void>;
  /** Records a revocation for every replica and tells them to drop the Credential from their caches. */
  markRevoked(credentialId: string): Promise<void>;
  /** True when the Credential was revoked recently. Throws when the store cannot answer. */
  isRevoked(credentialId: string): Promise<boolean>;
  /** Called with the id of every revoked Credential, from any replica. */
  onRevoked(listener: (credentialId: string) => void): void;
  /** Called with the id of every Site whose data or plan changed (announced by the account service). */
  onSiteChanged(listener: (siteId: string) => void): void;
  /** Called when the taxonomy changed (announced by the feed service). */
  onTaxonomyChanged(listener: () => void): void;
  /** Called when what was cached can no longer be trusted (announcements may have been missed). */
  onReset(listener: () => void): void;
  /**
   * Takes one unit if the quota allows it, atomically across replicas; a refusal takes nothing.
   * With `unlessRevoked`, in the same step: nothing is taken and `revoked` is true when that
   * Credential carries a revocation marker.
   */
  consume(counter: QuotaCounter, unlessRevoked?: string): Promise<{ allowed: boolean; used: number; revoked: boolean }>;
  /** Gives back a unit taken for a request that then failed. */
  refund(counter: QuotaCounter): Promise<void>;
  /** Units used of each counter. */
  usage(keys: string[]): Promise<number[]>;
  close(): Promise<void>;
}
