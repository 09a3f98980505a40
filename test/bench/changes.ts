/**
 * A caught-up GET /api/v1/feed/changes through the gateway against a cached feed page, loaded alike:
 * the same Sites' credentials in turn, the same connections and duration. Each Site polls with the
 * `since` it holds once it has applied every change: its position at the change counter under its
 * current subscription version. That token is made here with the gateway's own codec and the
 * system's cursor secret (walking the whole feed of a million articles to receive it would take
 * hours), and checked through the gateway before the load: a caught-up answer has no changes, no
 * more, and gives the same token back.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ChangesTokenCodec } from '@cfs/common/tokens';
import { fetchRetrying, load, type LoadRequest } from './harness.ts';
import { measured, type Measured } from './measure.ts';
import { queryDb, type RunningSystem } from './system-under-test.ts';

export interface ChangesAgainstFeed {
  articles: number;
  sites: number;
  feed: Measured;
  changes: Measured;
}

/** What a caught-up Site holds: the `since` of its next poll, and the ETag of the answer it last got. */
export interface CaughtUp {
  since: string;
  etag: string;
}

/** Requests in flight at once while the tokens are checked (10 000 Sites' at once would open as many sockets). */
const CHECKS_AT_ONCE = 100;

/** The `since` each of the first `count` Sites holds when caught up (checked through the gateway), and its answer's ETag. */
export async function caughtUpTokens(system: RunningSystem, count: number): Promise<CaughtUp[]> {
  const secret = readFileSync(path.join(system.work, 'cursor-secret'), 'utf8').trim();
  const codec = new ChangesTokenCodec(secret);
  const siteIds = system.siteIds.slice(0, count);
  const [{ last } = { last: '0' }] = await queryDb<{ last: string }>(system, 'SELECT last::text FROM feed.change_counter WHERE id = 1');
  const versions = new Map(
    (
      await queryDb<{ site_id: string; version: number }>(
        system,
        'SELECT site_id, max(version) AS version FROM feed.subscription_versions WHERE site_id = ANY($1::text[]) GROUP BY site_id',
        [siteIds],
      )
    ).map((r) => [r.site_id, Number(r.version)]),
  );
  const tokens = siteIds.map((siteId) => codec.encode({ siteId, seq: last, version: versions.get(siteId) ?? 0, walk: null }));
  const check = async (since: string, i: number): Promise<CaughtUp> => {
    const res = await fetchRetrying(`${system.base}/api/v1/feed/changes?since=${encodeURIComponent(since)}`, {
      headers: { authorization: `Bearer ${system.tokens[i]}` },
    });
    const body = (await res.json()) as { data?: unknown[]; nextSince?: string; hasMore?: boolean };
    if (res.status !== 200 || body.data?.length !== 0 || body.hasMore !== false || body.nextSince !== since) {
      throw new Error(`the changes token of Site ${siteIds[i]} is not caught up: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    }
    return { since, etag: res.headers.get('etag') ?? '' };
  };
  const held: CaughtUp[] = [];
  for (let from = 0; from < tokens.length; from += CHECKS_AT_ONCE) {
    held.push(...(await Promise.all(tokens.slice(from, from + CHECKS_AT_ONCE).map((since, j) => check(since, from + j)))));
  }
  return held;
}

/** A caught-up Site's poll of its changes feed, with the ETag it holds when `conditional`. */
export const changesPoll = (held: CaughtUp, token: string, conditional: boolean): LoadRequest => ({
  path: `/api/v1/feed/changes?since=${encodeURIComponent(held.since)}`,
  token,
  ...(conditional ? { ifNoneMatch: held.etag } : {}),
});

/**
 * The first `count` Sites' cached first feed page and their caught-up changes poll, `seconds` each,
 * after one request of each (the Credentials, Sites and pages cached, as in service).
 */
export async function changesAgainstFeed(
  system: RunningSystem,
  articles: number,
  count: number,
  seconds: number,
  connections: number,
  file: (name: string) => string,
): Promise<ChangesAgainstFeed> {
  const n = Math.min(count, system.tokens.length);
  const since = await caughtUpTokens(system, n);
  const tokens = system.tokens.slice(0, n);
  const feed: LoadRequest[] = tokens.map((token) => ({ path: '/api/v1/feed', token }));
  const changes = tokens.map((token, i) => changesPoll(since[i]!, token, false));
  const once = Math.max(n, connections);
  load(system.base, feed, 0, connections, file(`feed-${articles}-warm`), once);
  load(system.base, changes, 0, connections, file(`changes-${articles}-warm`), once);
  const size = articles.toLocaleString('en').replace(/,/g, ' ');
  return {
    articles,
    sites: n,
    feed: measured(`GET /api/v1/feed (${size})`, system.pids, () => load(system.base, feed, seconds, connections, file(`feed-${articles}`))),
    changes: measured(`…/feed/changes caught up (${size})`, system.pids, () => load(system.base, changes, seconds, connections, file(`changes-${articles}`))),
  };
}
