/**
 * `syncFeed`: the changes feed (GET /api/v1/feed/changes) as an async iterator. It asks for changes
 * from `since` (from the beginning without it), yields each in order, follows `nextSince` while
 * `hasMore`, and ends when caught up. `since` is readable at any time: it is the position after the
 * last answer whose changes were all yielded, so a run that stops early (a break, an error) resumes
 * from there without missing a change (a change yielded twice is harmless: an upsert replaces, a
 * delete of what is gone does nothing).
 */
import type { CfsClient } from './client.ts';
import type { components } from './generated/api.ts';

export type FeedChange = components['schemas']['FeedChanges']['data'][number];

export interface SyncFeedOptions {
  /** The position a previous run ended at (its `since`); absent: the whole feed, as upserts. */
  since?: string;
  /** Changes per request: 1 to 100 (the API's default, 20, when absent). */
  limit?: number;
}

export interface FeedSync extends AsyncIterable<FeedChange> {
  /** Where the next run starts: keep it after a run. */
  readonly since: string | undefined;
}

/** A failed request of the sync: the API's error envelope, or the HTTP status without one. */
export class SyncFeedError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'SyncFeedError';
  }
}

export function syncFeed(client: CfsClient, options: SyncFeedOptions = {}): FeedSync {
  let since = options.since;
  return {
    get since() {
      return since;
    },
    async *[Symbol.asyncIterator]() {
      for (;;) {
        const query = { ...(since === undefined ? {} : { since }), ...(options.limit === undefined ? {} : { limit: options.limit }) };
        const answer = await client.GET('/api/v1/feed/changes', { params: { query } });
        const { status } = answer.response;
        if (answer.error !== undefined) throw new SyncFeedError(status, answer.error.error.code, `${answer.error.error.code}: ${answer.error.error.message}`);
        const data = answer.data;
        if (!data) throw new SyncFeedError(status, undefined, `HTTP ${status}`);
        for (const change of data.data) yield change;
        since = data.nextSince;
        if (!data.hasMore) return;
      }
    },
  };
}
