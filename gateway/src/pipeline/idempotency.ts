/**
 * Idempotency-Key on the routes that declare it (billing checkout and cancel), keyed per Site and
 * route (gateway/README.md#idempotency):
 * - The first request with a key claims it with a short lease (IDEMPOTENCY_LEASE_MS), renewed while
 *   it runs. A request arriving meanwhile waits for the answer, so the operation runs once. If the
 *   first request dies (a crash, Redis lost the lease), the lease lapses within seconds and a retry runs.
 * - A success (2xx) is stored for 24 h and replayed to the same key with the same request; the same
 *   key with another request is 409 CONFLICT. Any failure frees the key: nothing changed, so a retry
 *   runs again and sees the current verdict.
 * - A Site holds at most IDEMPOTENCY_MAX_KEYS_PER_SITE keys; claiming one more forgets its oldest.
 */
import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { conflict, malformed, unavailable } from '@cfs/common/errors';
import { IDEMPOTENCY_TTL_MS, type IdempotencyStore, type StoredAnswer } from '../stores/index.ts';

export { IDEMPOTENCY_TTL_MS };
export const IDEMPOTENCY_LEASE_MS = 10_000;
export const IDEMPOTENCY_MAX_KEYS_PER_SITE = 1000;
/** An Idempotency-Key: 1 to 255 visible ASCII characters. */
export const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

export function checkIdempotencyKey(value: string | undefined): void {
  if (value !== undefined && !IDEMPOTENCY_KEY.test(value)) throw malformed('Idempotency-Key must be 1 to 255 visible ASCII characters');
}

export function fingerprintOf(input: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(input) ?? '')
    .digest('hex');
}

export interface IdempotencyOptions {
  /** How long a request waits for another one running with the same key. */
  waitMs: number;
  leaseMs: number;
  maxPerSite: number;
}

const DEFAULTS: IdempotencyOptions = { waitMs: 15_000, leaseMs: IDEMPOTENCY_LEASE_MS, maxPerSite: IDEMPOTENCY_MAX_KEYS_PER_SITE };

/** Runs `execute` at most once per key until it succeeds; a success is replayed. */
export async function runIdempotent(
  store: IdempotencyStore,
  scope: { site: string; key: string },
  fingerprint: string,
  execute: () => Promise<StoredAnswer>,
  options: Partial<IdempotencyOptions> = {},
): Promise<StoredAnswer & { replayed: boolean }> {
  const { waitMs, leaseMs, maxPerSite } = { ...DEFAULTS, ...options };
  const owner = randomUUID();
  const giveUpAt = Date.now() + waitMs;
  for (;;) {
    let record;
    try {
      record = await store.claim({ site: scope.site, key: scope.key, fingerprint, owner, leaseMs, maxPerSite });
    } catch (err) {
      throw unavailable(err);
    }
    if (record === null) break;
    if (record.fingerprint !== fingerprint) throw conflict('This Idempotency-Key was already used with a different request.');
    if (record.state === 'done') return { ...record.answer, replayed: true };
    if (Date.now() > giveUpAt) throw conflict('A request with this Idempotency-Key is still in progress.');
    await sleep(50);
  }
  // Hold the lease while the operation runs.
  const renewal = setInterval(() => void store.renew(scope.key, owner, leaseMs).catch(() => undefined), Math.max(100, Math.floor(leaseMs / 3)));
  renewal.unref();
  try {
    const answer = await execute();
    await store.complete(scope.key, owner, fingerprint, answer, IDEMPOTENCY_TTL_MS).catch(() => undefined);
    return { ...answer, replayed: false };
  } catch (err) {
    await store.release(scope.key, owner).catch(() => undefined);
    throw err;
  } finally {
    clearInterval(renewal);
  }
}
