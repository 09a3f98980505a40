/**
 * @cfs/client: the typed client of the Content Feed Service public API v1 (README.md).
 */
import type { components } from './generated/api.ts';

export { createClient, type CfsClient, type ClientOptions } from './client.ts';
export { DEFAULT_ETAG_CACHE, wasRevalidated, type EtagCacheOptions } from './etags.ts';
export { DEFAULT_RETRY, type RetryOptions } from './retry.ts';
export { syncFeed, SyncFeedError, type FeedChange, type FeedSync, type SyncFeedOptions } from './sync.ts';
export type { components, operations, paths } from './generated/api.ts';

/** The body of every non-2xx answer but a 304: `{ error: { code, message } }`. */
export type ApiError = components['schemas']['ErrorEnvelope'];
/** The stable codes clients branch on (`error.code`). */
export type ErrorCode = ApiError['error']['code'];
