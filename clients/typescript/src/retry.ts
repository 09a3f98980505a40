/**
 * Retries of 429 (rate limited) and 503 (unavailable), honouring Retry-After. Both mean the
 * request was not carried out (the gateway answers 503 only when nothing changed: its deadlines,
 * services/common/README.md#deadlines-and-failures), so every method is retried, with the same headers and body (and so the
 * same Idempotency-Key). Bounded: at most `maxAttempts` tries in all, and no wait longer than
 * `maxWaitMs`; an answer that asks for a longer wait is handed back as it is, Retry-After included.
 */
import type { Middleware } from 'openapi-fetch';

export interface RetryOptions {
  /** Tries in all, the first included (default 3; 1 turns retries off). */
  maxAttempts: number;
  /** The longest wait before one retry, in ms (default 30 000). */
  maxWaitMs: number;
  /** The first wait when an answer has no usable Retry-After, in ms, doubled on each retry (default 500). */
  baseDelayMs: number;
}

export const DEFAULT_RETRY: RetryOptions = { maxAttempts: 3, maxWaitMs: 30_000, baseDelayMs: 500 };

const RETRIED = new Set([429, 503]);

/** What the middleware waits with and reads the time from; tests replace them. */
export interface RetryClock {
  now: () => number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  random: () => number;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    const abort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', abort, { once: true });
  });
}

export const SYSTEM_CLOCK: RetryClock = { now: Date.now, sleep, random: Math.random };

/**
 * Retry-After in ms: delay-seconds or an HTTP-date (RFC 9110 section 10.2.3); undefined when absent or
 * unreadable. A date in the past is a wait of 0.
 */
export function retryAfterMs(value: string | null, now: number): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // The three HTTP-date forms begin with the day's name ("Wed, 25 Nov 2026 10:00:00 GMT").
  const date = /^[A-Za-z]{3}/.test(text) ? Date.parse(text) : NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The wait before retry number `retry` (1, 2 …), or undefined when the answer asks for more than maxWaitMs. */
export function waitBeforeRetry(response: Response, retry: number, options: RetryOptions, clock: RetryClock): number | undefined {
  const asked = retryAfterMs(response.headers.get('Retry-After'), clock.now());
  if (asked !== undefined) return asked <= options.maxWaitMs ? asked : undefined;
  // No Retry-After: exponential backoff with jitter (half to all of it), so clients that failed
  // together do not come back together.
  const backoff = Math.min(options.maxWaitMs, options.baseDelayMs * 2 ** (retry - 1));
  return Math.round(backoff * (0.5 + clock.random() / 2));
}

export function retryMiddleware(options: RetryOptions, clock: RetryClock): Middleware {
  // A copy of each request as it is sent (after the other middleware set their headers), to send again.
  const copies = new Map<string, Request>();
  return {
    onRequest({ request, id }) {
      if (options.maxAttempts > 1) copies.set(id, request.clone());
      return undefined;
    },
    async onResponse({ request, response, id, options: { fetch } }) {
      const copy = copies.get(id);
      copies.delete(id);
      if (!copy) return undefined;
      let answer = response;
      for (let attempt = 1; attempt < options.maxAttempts && RETRIED.has(answer.status); attempt++) {
        const wait = waitBeforeRetry(answer, attempt, options, clock);
        if (wait === undefined) break;
        await answer.body?.cancel();
        await clock.sleep(wait, request.signal);
        answer = await fetch(copy.clone());
      }
      return answer === response ? undefined : answer;
    },
    onError({ id }) {
      copies.delete(id);
      return undefined;
    },
  };
}
