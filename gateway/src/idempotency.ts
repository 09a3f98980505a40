/**
 * Idempotency-Key on the routes that declare it (billing checkout and cancel): the first request
 * with a key runs and its answer (2xx or 4xx) is stored for 24 h; the same key with the same request
 * replays that answer; the same key with another request is 409 CONFLICT; a request arriving while
 * the first still runs waits for its answer, so the operation runs once. A 5xx frees the key, so a
 * retry runs again. Keys are scoped to the calling Site and the route.
 */
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { conflict, DomainError, envelope, ERROR_CODES, malformed, unavailable } from '@cfs/common/errors';
import type { IdempotencyStore, StoredAnswer } from './stores/index.ts';

export const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;
const KEY = /^[\x21-\x7e]{1,255}$/;

export function checkIdempotencyKey(value: string | undefined): void {
  if (value !== undefined && !KEY.test(value)) throw malformed('Idempotency-Key must be 1 to 255 visible ASCII characters');
}

export function fingerprintOf(input: unknown): string {
  return createHash('sha256').update(JSON.stringify(input) ?? '').digest('hex');
}

/** Runs `execute` once per key; answers (fresh or replayed) come back as stored answers. */
export async function runIdempotent(
  store: IdempotencyStore,
  scope: string,
  fingerprint: string,
  execute: () => Promise<StoredAnswer>,
  options: { waitMs: number } = { waitMs: 15_000 },
): Promise<StoredAnswer & { replayed: boolean }> {
  const deadline = Date.now() + options.waitMs;
  for (;;) {
    let record;
    try {
      record = await store.claim(scope, fingerprint, IDEMPOTENCY_TTL_MS);
    } catch (err) {
      throw unavailable(err);
    }
    if (record === null) break;
    if (record.fingerprint !== fingerprint) throw conflict('This Idempotency-Key was already used with a different request.');
    if (record.state === 'done') return { ...record.answer, replayed: true };
    if (Date.now() > deadline) throw conflict('A request with this Idempotency-Key is still in progress.');
    await sleep(50);
  }
  let answer: StoredAnswer;
  try {
    answer = await execute();
  } catch (err) {
    const code = err instanceof DomainError ? err.code : 'INTERNAL_ERROR';
    if (ERROR_CODES[code].http >= 500) {
      await store.release(scope).catch(() => undefined);
      throw err;
    }
    answer = { status: ERROR_CODES[code].http, body: envelope(code, (err as DomainError).message) };
  }
  await store.store(scope, fingerprint, answer, IDEMPOTENCY_TTL_MS).catch(() => undefined);
  return { ...answer, replayed: false };
}
