/**
 * Part `sources` of `npm run bench` (system.ts): reading publishers' feeds.
 *   - parse throughput of a 5 MB RSS 2.0 document, in this process: feedsmith's parseRssFeed alone
 *     (what its own published benchmark measures), and the feed service's whole path
 *     (readFeedDocument: decode, well-formedness check, feedsmith, mapping of every item), once for
 *     every item and once with the per-document cap a fetch applies (MAX_ITEMS_PER_DOCUMENT);
 *   - Sources polled at their interval on the system as `npm start` runs it with DATABASE_URL (feed
 *     runs FEED_ROLE=all there: its one process holds the ingest role and the API), against stand-in
 *     publishers on 127.0.0.1 (test/support/publisher.ts), spread over several ports (each a host of
 *     its own for the per-host bound) and half answering 304 (ETag), half 200 with the same document:
 *     fetches per second sustained, CPU per fetch (procfs), the feed process's peak RSS;
 *   - the time from a publisher's change to the new item in a subscribed Site's changes feed, by
 *     polling at the minimum interval, and the place of the same by WebSub push.
 * It asserts nothing.
 */
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseRssFeed } from 'feedsmith';
import { closeAdminClients, runAdminCommand } from '@cfs/admin';
import { readFeedDocument } from '@cfs/feed';
import { rss, startPublisher, type Publisher } from '../support/publisher.ts';
import { fetchRetrying, progress, stop } from './harness.ts';
import { memoryOf, cpuMs, pidsNamed } from './procfs.ts';
import { named } from './measure.ts';
import { measurePushLatency } from './sources-push.ts';
import { inBatches, operatorClients, queryDb, seedSites, startSystem, subscriptionSetOf, type RunningSystem } from './system-under-test.ts';

/** What the figures are held against. */
export const SOURCES_TARGET = {
  /** 10 000 Sources at the default 15-minute interval. */
  fetchesPerSecond: 10_000 / 900,
  ingestRssMb: 150,
  pushSeconds: 2,
};

/**
 * feedsmith's own published figure (benchmarks/README.md of github.com/macieklamberski/feedsmith,
 * commit ba0ea9c of 2026-05-28): "RSS feed parsing (10 files × 5MB–50MB)", feedsmith 844.4 ± 19.3 ms
 * mean for the ten files, each run a fresh bun process (hyperfine; start-up included). It gives no
 * item count, so the comparison is in MB/s, against the least those ten files can weigh (10 × 5 MB).
 */
export const FEEDSMITH_PUBLISHED = { ms: 844.4, files: 10, minMb: 50, label: 'RSS feed parsing (10 files × 5MB–50MB): 844.4 ± 19.3 ms' };

export interface SourcesSettings {
  /** Sources polled, publishers (ports) they are spread over, their interval (s), the measured window (s). */
  sources: number;
  hosts: number;
  intervalSeconds: number;
  windowSeconds: number;
  /** Publisher changes timed to the changes feed. */
  latencySamples: number;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** An RSS 2.0 document of at least `bytes` (UTF-8), items of about 1 KB each (title, link, guid, a description with markup). */
function bigRss(bytes: number): { text: string; items: number } {
  const description = `<p>${'A paragraph of the article, as publishers put in their feeds. '.repeat(11)}</p><img src="/images/a.jpg">`;
  const itemsOf = (count: number) =>
    Array.from({ length: count }, (_, n) => ({
      title: `Article ${n}: a title of some length`,
      link: `https://news.example.com/2026/11/article-${n}?utm_source=rss`,
      guid: `item-${n}`,
      description,
    }));
  // The size of 100 items tells how many make `bytes`.
  const perItem = rss(itemsOf(100)).length / 100;
  const count = Math.ceil(bytes / perItem) + 1;
  const text = rss(itemsOf(count), 'A large publisher');
  return { text, items: count };
}

interface ParseRow {
  name: string;
  ms: number;
  items: number;
}

/** The parse rows: median ms per document of `runs` parses (one warm-up first). */
export function measureParse(runs: number): { mb: number; items: number; rows: ParseRow[] } {
  const { text, items } = bigRss(5 * 1024 * 1024);
  const bytes = new TextEncoder().encode(text);
  const context = { sourceId: 'src_bench', categories: ['technology'], feedUrl: 'https://news.example.com/feed.xml', fetchedAt: new Date() };
  const timed = (name: string, run: () => number): ParseRow => {
    let count = run();
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      count = run();
      times.push(performance.now() - started);
    }
    return { name, ms: median(times), items: count };
  };
  return {
    mb: bytes.byteLength / 1024 / 1024,
    items,
    rows: [
      timed('feedsmith parseRssFeed alone', () => parseRssFeed(text).items?.length ?? 0),
      timed(
        'readFeedDocument, every item',
        () => readFeedDocument(bytes, 'application/rss+xml; charset=utf-8', { ...context, maxItems: items }).articles.length,
      ),
      timed('readFeedDocument, as a fetch (item cap)', () => readFeedDocument(bytes, 'application/rss+xml; charset=utf-8', context).articles.length),
    ],
  };
}

export function printParse(parse: ReturnType<typeof measureParse>, runs: number): void {
  const published = (FEEDSMITH_PUBLISHED.minMb * 1000) / FEEDSMITH_PUBLISHED.ms;
  console.log(
    `\n== Sources: parse throughput of a ${parse.mb.toFixed(1)} MB RSS 2.0 document of ${parse.items} items (~1 KB each), in process, median of ${runs} ` +
      `(load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores):`,
  );
  for (const r of parse.rows) {
    const mbps = (parse.mb * 1000) / r.ms;
    console.log(
      `  ${r.name.padEnd(40)} ${r.ms.toFixed(0).padStart(6)} ms per document, ${r.items} items out: ${((r.items * 1000) / r.ms).toFixed(0)} items/s; ` +
        `${mbps.toFixed(1)} MB/s of document (feedsmith's published figure: ≥ ${published.toFixed(0)} MB/s: ${verdict(mbps >= published)})`,
    );
  }
  console.log(
    `  feedsmith's published figure: "${FEEDSMITH_PUBLISHED.label}" (mean for the ten files, a fresh bun process each run, start-up included),` +
      ` i.e. at least ${FEEDSMITH_PUBLISHED.minMb} MB in ${FEEDSMITH_PUBLISHED.ms} ms; it publishes no item count`,
  );
}

/** The Site's changes feed followed to its end: the position to poll from. */
async function caughtUp(system: RunningSystem, token: string): Promise<string> {
  let since: string | undefined;
  for (;;) {
    const res = await fetchRetrying(`${system.base}/api/v1/feed/changes?limit=100${since ? `&since=${encodeURIComponent(since)}` : ''}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await res.json()) as { nextSince: string; hasMore: boolean };
    since = body.nextSince;
    if (!body.hasMore) return since;
  }
}

/** Polls the changes feed from `since` every 100 ms until an upsert titled `title` comes; ms from `started`, or NaN. */
async function untilInChanges(system: RunningSystem, token: string, since: string, title: string, started: number, timeoutMs: number): Promise<number> {
  let position = since;
  while (Date.now() - started < timeoutMs) {
    const res = await fetch(`${system.base}/api/v1/feed/changes?since=${encodeURIComponent(position)}`, { headers: { authorization: `Bearer ${token}` } });
    if (res.ok) {
      const body = (await res.json()) as { data: Array<{ type: string; article?: { title: string } }>; nextSince: string };
      if (body.data.some((c) => c.type === 'upsert' && c.article?.title === title)) return Date.now() - started;
      position = body.nextSince;
    } else await res.arrayBuffer();
    await new Promise((r) => setTimeout(r, 100));
  }
  return NaN;
}

const requestsOf = (publishers: Publisher[]) => publishers.reduce((n, p) => n + p.requests.length, 0);
const notModifiedOf = (publishers: Publisher[]) => publishers.reduce((n, p) => n + p.requests.filter((r) => r.status === 304).length, 0);

/** Sources polled at their interval, and the time from a publisher's change to a Site's changes feed. */
export async function measurePolling(s: SourcesSettings): Promise<void> {
  const publishers = await Promise.all(Array.from({ length: s.hosts }, () => startPublisher()));
  const system = await startSystem('sources', false, (base) => ({
    SOURCES_ALLOW_PRIVATE_NETWORKS: 'true',
    SOURCES_MIN_INTERVAL_SECONDS: String(s.intervalSeconds),
    // A Source just added is queued by the sweep; 5 s instead of 30 so the run does not wait for it.
    SOURCES_SWEEP_SECONDS: '5',
    // The WebSub callbacks' base: the push row's hub stand-in calls the gateway there.
    PUBLIC_BASE_URL: base,
  }));
  try {
    await seedSites(system, 1);
    const token = system.tokens[0]!;
    const category = subscriptionSetOf(0)[0]!;
    const clients = operatorClients(system);
    const addStarted = Date.now();
    try {
      // Documents of 10 items each; even Sources carry an ETag (every later fetch a 304), odd ones none (a 200 with the same document: parsed, nothing written).
      await inBatches(s.sources, 8, async (i) => {
        const publisher = publishers[i % s.hosts]!;
        const items = Array.from({ length: 10 }, (_, k) => ({
          title: `Source ${i} item ${k}`,
          link: `https://publisher-${i}.example.com/${k}`,
          guid: `s${i}-${k}`,
        }));
        publisher.serve(`/s/${i}.xml`, { body: rss(items, `Publisher ${i}`), ...(i % 2 === 0 ? { etag: `"s${i}"` } : {}) });
        await runAdminCommand(
          ['source', 'add', '--url', publisher.url(`/s/${i}.xml`), '--categories', 'science', '--interval', String(s.intervalSeconds)],
          clients,
        );
      });
      publishers[0]!.serve('/latency.xml', { body: rss([{ title: 'Latency 0', link: 'https://latency.example.com/0', guid: 'l0' }]), etag: '"l0"' });
      await runAdminCommand(
        ['source', 'add', '--url', publishers[0]!.url('/latency.xml'), '--categories', category, '--interval', String(s.intervalSeconds)],
        clients,
      );
    } finally {
      closeAdminClients(clients);
    }
    const addMs = Date.now() - addStarted;
    const feedPid = named(system.pids()).find(([name]) => name === 'feed')?.[1];
    if (!feedPid) throw new Error('no feed process under the launcher');

    progress(`sources: ${s.sources} added in ${seconds(addMs)}; warming up`);
    await new Promise((r) => setTimeout(r, (s.intervalSeconds + 5) * 1000));
    progress('sources: measuring');
    const servers = [...pidsNamed('postgres'), ...pidsNamed('redis-server')];
    const before = {
      requests: requestsOf(publishers),
      notModified: notModifiedOf(publishers),
      feed: cpuMs([feedPid]),
      system: cpuMs(system.pids()),
      servers: cpuMs(servers),
      at: Date.now(),
    };
    await new Promise((r) => setTimeout(r, s.windowSeconds * 1000));
    const after = {
      requests: requestsOf(publishers),
      notModified: notModifiedOf(publishers),
      feed: cpuMs([feedPid]),
      system: cpuMs(system.pids()),
      servers: cpuMs(servers),
      at: Date.now(),
    };
    const fetches = after.requests - before.requests;
    const windowS = (after.at - before.at) / 1000;
    const [late] = await queryDb<{ overdue: number | null; failing: string }>(
      system,
      `SELECT extract(epoch FROM now() - min(next_fetch_at) FILTER (WHERE next_fetch_at < now()))::float AS overdue, count(*) FILTER (WHERE status = 'failing') AS failing
       FROM feed.sources WHERE status IN ('active', 'failing')`,
    );
    const memory = memoryOf(feedPid);
    const load = loadavg()[0]!;

    const samples: number[] = [];
    for (let n = 1; n <= s.latencySamples; n++) {
      progress(`sources: change ${n} of ${s.latencySamples} to the changes feed`);
      const since = await caughtUp(system, token);
      const title = `Latency ${n}`;
      publishers[0]!.serve('/latency.xml', { body: rss([{ title, link: `https://latency.example.com/${n}`, guid: `l${n}` }]), etag: `"l${n}"` });
      samples.push(await untilInChanges(system, token, since, title, Date.now(), (3 * s.intervalSeconds + 30) * 1000));
    }

    const demand = s.sources / s.intervalSeconds;
    const rate = fetches / windowS;
    const perFetch = (ms: number) => (ms / Math.max(fetches, 1)).toFixed(2);
    console.log(
      `\n== Sources polled: ${s.sources} Sources (10 items each) on ${s.hosts} stand-in publishers (127.0.0.1, a port each), interval ${s.intervalSeconds} s ` +
        `(SOURCES_MIN_INTERVAL_SECONDS=${s.intervalSeconds}; demand ${demand.toFixed(1)} fetches/s), half answering 304; the system as npm start runs it with DATABASE_URL ` +
        `(feed: FEED_ROLE=all, the ingest role in its one process); added through the operator CLI in ${seconds(addMs)} (each add fetches once); measured over ${windowS.toFixed(0)} s after ${s.intervalSeconds + 5} s of warm-up (load average ${load.toFixed(1)}):`,
    );
    console.log(
      `  fetches/s sustained ${rate.toFixed(1)} (${after.notModified - before.notModified} of ${fetches} answered 304; target ≥ ${SOURCES_TARGET.fetchesPerSecond.toFixed(1)}: ` +
        `10 000 Sources at 15 minutes: ${verdict(rate >= SOURCES_TARGET.fetchesPerSecond)}; keeping up with this run's demand: ${verdict(rate >= 0.95 * demand)})`,
    );
    console.log(
      `  CPU per fetch: feed process ${perFetch(after.feed - before.feed)} ms; every process of the system ${perFetch(after.system - before.system)} ms; ` +
        `PostgreSQL and Redis servers ${perFetch(after.servers - before.servers)} ms (no target)`,
    );
    console.log(`  most overdue fetch at the window's end: ${(late?.overdue ?? 0).toFixed(1)} s; Sources failing: ${late?.failing ?? '?'}`);
    console.log(
      `  feed process RSS: peak ${memory.peakMb} MB, now ${memory.rssMb} MB (target for the ingest process ≤ ${SOURCES_TARGET.ingestRssMb} MB: ${verdict(memory.peakMb <= SOURCES_TARGET.ingestRssMb)}; ` +
        'this process also serves the API and ran the adds, so it is an upper bound for the ingest role alone)',
    );
    console.log(
      `  publisher change → new item in a subscribed Site's changes feed, by polling at the ${s.intervalSeconds} s interval (changes polled every 100 ms): ` +
        `${samples.map((ms) => (Number.isNaN(ms) ? 'not within the timeout' : seconds(ms))).join(', ')} (the change waits for the Source's next fetch: up to the interval, more while fetches run late)`,
    );
    // By push: a hub stand-in distributes the change to {PUBLIC_BASE_URL}/websub/{sourceId} (bench/sources-push.ts).
    const pushClients = operatorClients(system);
    try {
      const push = await measurePushLatency(
        { baseUrl: system.base, admin: (args) => runAdminCommand(args, pushClients), token, category },
        { samples: s.latencySamples * 5 },
      );
      console.log(
        `  publisher change → changes feed by WebSub push (${push.samples} distributions by a hub stand-in, from the hub's POST): ` +
          `p50 ${seconds(push.p50Ms)}, p95 ${seconds(push.p95Ms)}, max ${seconds(push.maxMs)} (target ≤ ${SOURCES_TARGET.pushSeconds} s: ${push.p95Ms <= push.targetMs ? 'met' : 'NOT met'})`,
      );
    } finally {
      closeAdminClients(pushClients);
    }
  } finally {
    await stop(system.launcher);
    await Promise.all(publishers.map((p) => p.close()));
  }
}
