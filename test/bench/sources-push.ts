/**
 * Sources by WebSub push: the time from a publisher's change to the new item in a subscribed Site's
 * changes feed (target ≤ 2 s). For `npm run bench -- --only=sources`; asserts nothing.
 *
 * It runs its own publisher and WebSub hub stand-in on 127.0.0.1 (test/support/publisher.ts,
 * test/support/hub.ts), registers a Source whose feed names that hub, waits until the hub has
 * verified the subscription, then, per sample, has the hub distribute the feed with one new item
 * (what a hub does once the publisher pings it) and polls the Site's changes feed from its caught-up
 * position until the item is there. The clock starts when the hub starts the distribution, so the
 * figure covers the gateway's callback, the feed service's import and the changes feed, not the
 * publisher-to-hub hop (which the hub's operator owns).
 *
 * The system must run with PUBLIC_BASE_URL = `baseUrl` (the gateway is the callback) and
 * SOURCES_ALLOW_PRIVATE_NETWORKS=true (the hub is on 127.0.0.1); the Site of `token` must subscribe
 * to `category`.
 */
import { performance } from 'node:perf_hooks';
import { startHub } from '../support/hub.ts';
import { rss, startPublisher } from '../support/publisher.ts';

export interface PushBenchTarget {
  /** The gateway's base URL (also the system's PUBLIC_BASE_URL). */
  baseUrl: string;
  /** Runs an operator CLI command, e.g. `['source', 'add', …]`, and answers its JSON. */
  admin: (args: string[]) => Promise<unknown>;
  /** A Credential of a Site that subscribes to `category`. */
  token: string;
  /** A taxonomy category the Source's articles go into. */
  category: string;
}

export interface PushLatency {
  samples: number;
  /** Milliseconds from the hub's distribution to the item in the changes feed. */
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  targetMs: number;
}

export const PUSH_TARGET_MS = 2000;

async function changesSince(target: PushBenchTarget, since: string | undefined): Promise<{ titles: string[]; nextSince: string }> {
  const query = `limit=100${since ? `&since=${encodeURIComponent(since)}` : ''}`;
  const res = await fetch(`${target.baseUrl}/api/v1/feed/changes?${query}`, { headers: { authorization: `Bearer ${target.token}` } });
  if (!res.ok) throw new Error(`GET /api/v1/feed/changes answered ${res.status}`);
  const body = (await res.json()) as { data: Array<{ type: string; article?: { title: string } }>; nextSince: string };
  return { titles: body.data.flatMap((c) => (c.article ? [c.article.title] : [])), nextSince: body.nextSince };
}

/** The caught-up position of the Site's changes feed. */
async function caughtUp(target: PushBenchTarget): Promise<string> {
  let since: string | undefined;
  for (;;) {
    const { titles, nextSince } = await changesSince(target, since);
    if (titles.length === 0 && nextSince === since) return nextSince;
    since = nextSince;
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export async function measurePushLatency(target: PushBenchTarget, options: { samples?: number; timeoutMs?: number } = {}): Promise<PushLatency> {
  const samples = options.samples ?? 20;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const publisher = await startPublisher();
  const hub = await startHub();
  const run = `push${Date.now().toString(36)}`;
  const topic = publisher.url(`/${run}.xml`);
  const items: Array<{ title: string; link: string; guid: string }> = [];
  const document = () => rss(items, 'Push bench', { hub: hub.url, self: topic });
  try {
    publisher.serve(`/${run}.xml`, { body: document() });
    const added = (await target.admin(['source', 'add', '--url', topic, '--categories', target.category, '--interval', '86400'])) as { source: { id: string } };
    const callback = `${target.baseUrl}/websub/${added.source.id}`;
    const deadline = Date.now() + timeoutMs;
    while (!hub.subscriptions.has(callback)) {
      if (Date.now() > deadline) throw new Error('the hub never verified the subscription (is PUBLIC_BASE_URL the gateway?)');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const latencies: number[] = [];
    let since = await caughtUp(target);
    for (let n = 1; n <= samples; n++) {
      const title = `${run} item ${n}`;
      items.unshift({ title, link: `https://push.example.com/${run}/${n}`, guid: `${run}-${n}` });
      const started = performance.now();
      const [answer] = await hub.distribute(topic, document());
      if (answer?.status !== 200) throw new Error(`the distribution was answered ${answer?.status}`);
      for (;;) {
        const { titles, nextSince } = await changesSince(target, since);
        since = nextSince;
        if (titles.includes(title)) break;
        if (performance.now() - started > timeoutMs) throw new Error(`item ${n} did not reach the changes feed in ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      latencies.push(performance.now() - started);
    }
    await target.admin(['source', 'remove', '--id', added.source.id, '--remove-articles']);
    const sorted = [...latencies].sort((a, b) => a - b);
    return { samples, p50Ms: percentile(sorted, 50), p95Ms: percentile(sorted, 95), maxMs: sorted.at(-1)!, targetMs: PUSH_TARGET_MS };
  } finally {
    await hub.close();
    await publisher.close();
  }
}
