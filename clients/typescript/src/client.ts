/**
 * `createClient`: an openapi-fetch client over the generated `paths`, with the Credential as a
 * bearer token and three middleware, in this order (openapi-fetch runs onRequest in order and
 * onResponse in reverse): the Idempotency-Key, then ETag revalidation, then retries, so a retry
 * resends the key and the If-None-Match of its call, and revalidation sees the final answer.
 */
import createFetchClient, { type Client } from 'openapi-fetch';
import { DEFAULT_ETAG_CACHE, etagMiddleware, type EtagCacheOptions } from './etags.ts';
import type { paths } from './generated/api.ts';
import { idempotencyMiddleware } from './idempotency.ts';
import { DEFAULT_RETRY, retryMiddleware, SYSTEM_CLOCK, type RetryClock, type RetryOptions } from './retry.ts';

export interface ClientOptions {
  /** The service's base URL, e.g. `https://feed.example.com` (without `/api/v1`: the paths carry it). */
  baseUrl: string;
  /** A Credential's secret, sent as `Authorization: Bearer <token>`. */
  token: string;
  /** The fetch to call (default: the global one). */
  fetch?: typeof globalThis.fetch;
  /** Retries of 429 and 503 (default DEFAULT_RETRY); `false` turns them off. */
  retry?: Partial<RetryOptions> | false;
  /** GET answers kept for revalidation with their ETag (default DEFAULT_ETAG_CACHE); `false` turns it off. */
  etagCache?: Partial<EtagCacheOptions> | false;
}

/** The typed client: `GET`, `PUT` and `POST` on the API's paths, answering `{ data, error, response }`. */
export type CfsClient = Client<paths>;

export function createClient(options: ClientOptions): CfsClient {
  return clientWithClock(options, SYSTEM_CLOCK);
}

/** createClient with the retries' clock given (tests wait on a clock of their own). */
export function clientWithClock(options: ClientOptions, clock: RetryClock): CfsClient {
  const client = createFetchClient<paths>({
    baseUrl: options.baseUrl,
    headers: { Authorization: `Bearer ${options.token}` },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  client.use(idempotencyMiddleware());
  if (options.etagCache !== false) client.use(etagMiddleware({ ...DEFAULT_ETAG_CACHE, ...options.etagCache }));
  if (options.retry !== false) client.use(retryMiddleware({ ...DEFAULT_RETRY, ...options.retry }, clock));
  return client;
}
