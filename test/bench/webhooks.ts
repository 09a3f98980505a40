/**
 * Part `webhooks` of `npm run bench` (system.ts): the delivery engine (services/webhooks/README.md#delivery).
 *   - deliveries per second sustained to 100 receiver endpoints on 127.0.0.1 (a Site each, a
 *     port each), events fed through the RPC EnqueueEvents as a producer's outbox relay feeds them
 *     (caller `media`), the backlog kept ahead of the deliveries; first with every receiver
 *     answering, then with one of them hanging (it never answers): the other 99's delivered rate in
 *     both windows and their ratio (the hanging one must cost the others nothing);
 *   - the RSS of the delivering process (the webhooks deployable run as its own process, as
 *     its image runs it: node with NODE_FLAGS and dist/index.js, MALLOC_ARENA_MAX, and the heap the
 *     chart gives the webhooks pods, `--max-old-space-size` from their memory limit, read from
 *     `helm template` of the chart's defaults; BENCH_WEBHOOKS_HEAP_MB=<MB> sets another, 0 none: V8's
 *     default) with `pending` deliveries owed: every receiver holds
 *     its requests while events are fed until that many are pending, then all answer and the
 *     backlog drains (its RSS then, its peak, and the drain's rate);
 *   - on the system as `npm start` runs it with DATABASE_URL and WEBHOOK_COALESCE_MS=500: the time
 *     from an article's import (the operator's `articles import`) to the first byte of the
 *     `feed.changed` request at a receiver subscribed for a Site subscribed to the article's
 *     category. When none arrives within its deadline, it says so and goes on.
 * It asserts nothing.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { callUnary, createClient, waitForServing } from '@cfs/common/grpc';
import { MALLOC_ARENA_MAX, NODE_FLAGS } from '@cfs/common/node-runtime';
import { newServiceTokens } from '@cfs/common/service-auth';
import { loadProtos } from '@cfs/protos';
import type { WebhooksServiceClient } from '@cfs/protos/generated/cfs/webhooks/v1/WebhooksService.js';
import { deploymentOf, envOf, helmTemplate, type PodTemplate } from '../deploy/support/render.ts';
import { freePort } from '../support/processes.ts';
import { createDatabase, fetchRetrying, progress, startNode, stop } from './harness.ts';
import { cpuMs, memoryOf, pidsNamed } from './procfs.ts';
import { importArticles, queryDb, seedSites, startSystem, subscriptionSetOf } from './system-under-test.ts';

export const WEBHOOKS_TARGET = {
  deliveriesPerSecond: 500,
  /** The others' delivered rate with one hanging, against without: no less. */
  hangingRatio: 0.95,
  rssMb: 150,
  pending: 10_000,
  feedChangedP50Ms: 1000,
  feedChangedP99Ms: 3000,
};

export interface WebhooksSettings {
  endpoints: number;
  /** Seconds of each measured window (every receiver answering; one hanging). */
  windowSeconds: number;
  /** Deliveries owed while the RSS is read. */
  pending: number;
  /** Imports timed to the receiver's feed.changed. */
  feedChangedSamples: number;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
const count = (n: number) => n.toLocaleString('en').replace(/,/g, ' ');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;

/** Receivers on 127.0.0.1, a port each: count what they answered; each may hold its requests (never answer) instead. */
class Receivers {
  readonly answered: number[];
  readonly holding: boolean[];
  private readonly held: ServerResponse[] = [];
  private readonly servers: Server[] = [];
  ports: number[] = [];

  constructor(n: number) {
    this.answered = new Array<number>(n).fill(0);
    this.holding = new Array<boolean>(n).fill(false);
  }

  async start(): Promise<this> {
    this.ports = await Promise.all(
      this.answered.map(async (_, i) => {
        const server = createServer((req: IncomingMessage, res: ServerResponse) => {
          req.resume();
          req.on('end', () => {
            if (this.holding[i]) this.held.push(res);
            else {
              this.answered[i]!++;
              res.writeHead(204).end();
            }
          });
        });
        // Keep-alive as long as the engine's pool keeps its sockets.
        server.keepAliveTimeout = 30_000;
        this.servers.push(server);
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
        return (server.address() as AddressInfo).port;
      }),
    );
    return this;
  }

  url(i: number): string {
    return `http://127.0.0.1:${this.ports[i]}/hook`;
  }

  /** Answers every held request (each counted) and stops holding. */
  release(): void {
    this.holding.fill(false);
    for (const res of this.held.splice(0)) {
      if (res.destroyed) continue;
      const port = (res.socket?.localPort ?? 0) as number;
      const i = this.ports.indexOf(port);
      if (i >= 0) this.answered[i]!++;
      res.writeHead(204).end();
    }
  }

  sum(from: number, to: number): number {
    return this.answered.slice(from, to).reduce((a, b) => a + b, 0);
  }

  async close(): Promise<void> {
    for (const res of this.held.splice(0)) res.destroy();
    await Promise.all(
      this.servers.map(
        (s) =>
          new Promise<void>((resolve) => {
            s.close(() => resolve());
            s.closeAllConnections();
          }),
      ),
    );
  }
}

interface Producer {
  enqueued: number;
  stop(): Promise<void>;
}

/**
 * Events for the Sites in turn, 500 a call (EnqueueEvents' most), as a relay hands its outbox over,
 * whenever fewer than `ahead` of them are not yet answered by a receiver.
 */
function produce(client: WebhooksServiceClient, siteIds: string[], delivered: () => number, ahead: number, run: string): Producer {
  let stopped = false;
  let n = 0;
  const state = { enqueued: 0 };
  const loop = (async () => {
    while (!stopped) {
      if (state.enqueued - delivered() >= ahead) {
        await sleep(20);
        continue;
      }
      const occurredAt = new Date().toISOString();
      const events = Array.from({ length: 500 }, () => {
        const k = n++;
        const siteId = siteIds[k % siteIds.length]!;
        return {
          id: `${run}-${k}`,
          siteId,
          type: 'feed.changed',
          dataJson: JSON.stringify({ since: String(k), nextSince: String(k + 1), changes: 1 }),
          occurredAt,
        };
      });
      const answer = await callUnary(client, 'EnqueueEvents', { events }, { deadlineMs: 30_000 });
      state.enqueued += answer.deliveries;
    }
  })();
  return {
    get enqueued() {
      return state.enqueued;
    },
    stop: async () => {
      stopped = true;
      await loop;
    },
  };
}

async function pendingCount(dbUrl: string): Promise<number> {
  const [row] = await queryDb<{ n: string }>({ dbUrl }, `SELECT count(*) AS n FROM webhooks.deliveries WHERE status = 'pending'`);
  return Number(row?.n ?? 0);
}

interface Window {
  others: number;
  all: number;
  seconds: number;
  cpuMsPerDelivery: number;
  serversCpuMsPerDelivery: number;
}

/** Counts what the receivers answered over a window of `s` seconds. */
async function window(receivers: Receivers, others: number, s: number, pid: number): Promise<Window> {
  const servers = [...pidsNamed('postgres')];
  const before = {
    others: receivers.sum(0, others),
    all: receivers.sum(0, receivers.answered.length),
    at: performance.now(),
    cpu: cpuMs([pid]),
    db: cpuMs(servers),
  };
  await sleep(s * 1000);
  const after = {
    others: receivers.sum(0, others),
    all: receivers.sum(0, receivers.answered.length),
    at: performance.now(),
    cpu: cpuMs([pid]),
    db: cpuMs(servers),
  };
  const took = (after.at - before.at) / 1000;
  const all = after.all - before.all;
  return {
    others: (after.others - before.others) / took,
    all: all / took,
    seconds: took,
    cpuMsPerDelivery: (after.cpu - before.cpu) / Math.max(all, 1),
    serversCpuMsPerDelivery: (after.db - before.db) / Math.max(all, 1),
  };
}

interface Heap {
  /** node's flags for it: `--max-old-space-size=<MB>`, or none (V8's default). */
  flags: string[];
  /** Which heap, and where it comes from. */
  said: string;
}

/**
 * The heap the webhooks process runs with: the one the chart gives the webhooks pods with its
 * defaults (NODE_OPTIONS of their container, derived from their memory limit: charts/content-feed,
 * components.webhooks), unless BENCH_WEBHOOKS_HEAP_MB says another (0: V8's default).
 */
function webhooksHeap(): Heap {
  const asked = process.env.BENCH_WEBHOOKS_HEAP_MB;
  if (asked !== undefined && asked !== '') {
    if (!/^\d+$/.test(asked)) throw new Error(`BENCH_WEBHOOKS_HEAP_MB must be a number of MB (0: V8's default), not ${asked}`);
    return Number(asked) === 0
      ? { flags: [], said: "V8's default heap (BENCH_WEBHOOKS_HEAP_MB=0)" }
      : { flags: [`--max-old-space-size=${asked}`], said: `--max-old-space-size=${asked} (BENCH_WEBHOOKS_HEAP_MB)` };
  }
  const container = (deploymentOf(helmTemplate([]), 'webhooks')!.spec as { template: PodTemplate }).template.spec.containers[0]!;
  const nodeOptions = envOf(container).get('NODE_OPTIONS')?.value ?? '';
  const mb = /--max-old-space-size=(\d+)/.exec(nodeOptions)?.[1];
  const limit = container.resources?.limits?.memory ?? 'none';
  return mb
    ? { flags: [`--max-old-space-size=${mb}`], said: `--max-old-space-size=${mb} (the chart's, from the webhooks pods' memory limit ${limit})` }
    : { flags: [], said: `V8's default heap (the chart gives the webhooks pods none; memory limit ${limit})` };
}

/** The webhooks deployable alone: throughput with and without a hanging receiver, then its memory with a backlog. */
async function deliveryEngine(s: WebhooksSettings): Promise<void> {
  const heap = webhooksHeap();
  const dbUrl = await createDatabase('webhooks');
  const grpcPort = await freePort();
  const { tokens, callers } = newServiceTokens();
  const receivers = await new Receivers(s.endpoints).start();
  // As its image runs it (services/webhooks/Dockerfile): node with NODE_FLAGS, MALLOC_ARENA_MAX and
  // NODE_ENV in its environment; in Kubernetes, the heap of its memory limit.
  const service = startNode([...NODE_FLAGS, ...heap.flags, 'services/webhooks/dist/index.js'], {
    ...process.env,
    NODE_ENV: 'production',
    MALLOC_ARENA_MAX,
    DATABASE_URL: dbUrl,
    SERVICE_CALLERS: callers,
    WEBHOOKS_GRPC_HOST: '127.0.0.1',
    WEBHOOKS_GRPC_PORT: String(grpcPort),
    WEBHOOKS_ALLOW_HTTP: 'true',
    WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true',
    LOG_LEVEL: 'warn',
  });
  const api = loadProtos().cfs.webhooks.v1.WebhooksService;
  let customer: WebhooksServiceClient | undefined;
  let producerClient: WebhooksServiceClient | undefined;
  try {
    await waitForServing(`127.0.0.1:${grpcPort}`, 60_000);
    customer = createClient(api, `127.0.0.1:${grpcPort}`, tokens.gateway);
    producerClient = createClient(api, `127.0.0.1:${grpcPort}`, tokens.media);
    const siteIds = Array.from({ length: s.endpoints }, (_, i) => `site_whbench_${i}`);
    for (let i = 0; i < s.endpoints; i++) {
      await callUnary(
        customer,
        'CreateEndpoint',
        { siteId: siteIds[i]!, customerId: `cus_whbench_${i}`, url: receivers.url(i), events: ['feed.changed'], description: '' },
        { deadlineMs: 10_000 },
      );
    }
    const pid = service.pid!;
    const hanging = s.endpoints - 1;
    const others = hanging;
    // Two seconds' worth at the target ahead of the receivers: the engine never waits for events.
    const ahead = 2 * WEBHOOKS_TARGET.deliveriesPerSecond;
    const delivered = () => receivers.sum(0, s.endpoints);
    const producer = produce(producerClient, siteIds, delivered, ahead, `whbench${Date.now().toString(36)}`);
    progress('webhooks: warm-up');
    await sleep(3000);
    progress('webhooks: every receiver answering');
    const answering = await window(receivers, others, s.windowSeconds, pid);
    receivers.holding[hanging] = true;
    progress('webhooks: one receiver hanging');
    // The hanging one's first attempt in flight and its deliveries piling up before the window.
    await sleep(2000);
    const withHanging = await window(receivers, others, s.windowSeconds, pid);
    await producer.stop();
    const ratio = withHanging.others / Math.max(answering.others, 0.1);
    console.log(
      `\n== webhooks: ${s.endpoints} receiver endpoints on 127.0.0.1 (a Site and a port each, answering 204 at once), events fed through EnqueueEvents ` +
        `(caller media, 500 a call, kept ${ahead} deliveries ahead), the webhooks deployable as its own process (default settings: ` +
        `WEBHOOK_MAX_IN_FLIGHT=20, WEBHOOK_TIMEOUT_MS=15000; heap: ${heap.said}); each window ${s.windowSeconds} s:`,
    );
    const row = (label: string, w: Window) =>
      console.log(
        `  ${label.padEnd(34)} ${w.all.toFixed(0)} deliveries/s in all, ${w.others.toFixed(0)}/s to the other ${others}; ` +
          `CPU per delivery: webhooks process ${w.cpuMsPerDelivery.toFixed(2)} ms, PostgreSQL ${w.serversCpuMsPerDelivery.toFixed(2)} ms`,
      );
    row('every receiver answering', answering);
    row('one receiver hanging (never answers)', withHanging);
    console.log(
      `  deliveries/s sustained with one hanging: ${withHanging.all.toFixed(0)} (target ≥ ${WEBHOOKS_TARGET.deliveriesPerSecond}: ${verdict(withHanging.all >= WEBHOOKS_TARGET.deliveriesPerSecond)})`,
    );
    console.log(
      `  the other ${others}'s rate with one hanging / with none: ${ratio.toFixed(2)}× (target ≥ ${WEBHOOKS_TARGET.hangingRatio}: the hanging one costs the others nothing: ${verdict(ratio >= WEBHOOKS_TARGET.hangingRatio)})`,
    );

    // Memory: every receiver holds its requests while events are fed until `pending` are owed.
    progress(`webhooks: ${s.pending} pending`);
    receivers.holding.fill(true);
    await sleep(500);
    const backlogStarted = performance.now();
    const backlog = produce(producerClient, siteIds, () => 0, s.pending, `whmem${Date.now().toString(36)}`);
    while ((await pendingCount(dbUrl)) < s.pending) await sleep(200);
    await backlog.stop();
    const enqueueMs = performance.now() - backlogStarted;
    await sleep(2000);
    const pendingHeld = await pendingCount(dbUrl);
    const held = memoryOf(pid);
    const drainFrom = receivers.sum(0, s.endpoints);
    const drainStarted = performance.now();
    receivers.release();
    let peakWhileDraining = held.rssMb;
    let drainedMs = NaN;
    const drainDeadline = drainStarted + 180_000;
    while (performance.now() < drainDeadline) {
      peakWhileDraining = Math.max(peakWhileDraining, memoryOf(pid).rssMb);
      if ((await pendingCount(dbUrl)) === 0) {
        drainedMs = performance.now() - drainStarted;
        break;
      }
      await sleep(250);
    }
    const drained = receivers.sum(0, s.endpoints) - drainFrom;
    const end = memoryOf(pid);
    console.log(
      `  memory (heap ${heap.flags.join(' ') || "V8's default"}): ${count(pendingHeld)} deliveries pending (every receiver holding its requests; fed in ${seconds(enqueueMs)}): webhooks process RSS ${held.rssMb} MB; ` +
        `while they drained ${peakWhileDraining} MB at most (${Number.isNaN(drainedMs) ? 'not drained within 180 s' : `${count(drained)} delivered in ${seconds(drainedMs)}, ${((drained * 1000) / drainedMs).toFixed(0)}/s`}); ` +
        `peak of the whole run (VmHWM) ${end.peakMb} MB (target ≤ ${WEBHOOKS_TARGET.rssMb} MB with ${count(WEBHOOKS_TARGET.pending)} pending: ${verdict(end.peakMb <= WEBHOOKS_TARGET.rssMb)}` +
        `${s.pending === WEBHOOKS_TARGET.pending ? '' : `; this run holds ${count(s.pending)}`})`,
    );
  } finally {
    customer?.close();
    producerClient?.close();
    await stop(service);
    await receivers.close();
  }
}

/** A receiver that notes when each request's first byte (its headers) arrived, and its type. */
async function feedChangedReceiver(): Promise<{ server: Server; url: string; arrivals: Array<{ at: number; type: string }> }> {
  const arrivals: Array<{ at: number; type: string }> = [];
  const server = createServer((req, res) => {
    const at = performance.now();
    let body = '';
    req.on('data', (c: Buffer) => (body += String(c)));
    req.on('end', () => {
      let type = '?';
      try {
        type = (JSON.parse(body) as { type: string }).type;
      } catch {
        // not a webhook payload: noted with type '?'
      }
      arrivals.push({ at, type });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, arrivals };
}

/** Import → the receiver's first byte of feed.changed, on the system as `npm start` runs it with DATABASE_URL. */
async function importToFeedChanged(s: WebhooksSettings): Promise<void> {
  const COALESCE_MS = 500;
  const DEADLINE_MS = 15_000;
  progress('webhooks: import → feed.changed');
  const system = await startSystem('webhooks-feed', false, {
    WEBHOOK_COALESCE_MS: String(COALESCE_MS),
    WEBHOOKS_ALLOW_HTTP: 'true',
    WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true',
  });
  const receiver = await feedChangedReceiver();
  const heading = `  import (operator's articles import) → the receiver's first byte of feed.changed (WEBHOOK_COALESCE_MS=${COALESCE_MS}; npm start's processes with DATABASE_URL):`;
  try {
    await seedSites(system, 1);
    const token = system.tokens[0]!;
    const category = subscriptionSetOf(0)[0]!;
    const created = await fetchRetrying(`${system.base}/api/v1/webhooks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: receiver.url, events: ['feed.changed'], description: 'bench' }),
    });
    if (created.status !== 201) {
      console.log(`${heading}\n    the endpoint could not be created (POST /api/v1/webhooks answered ${created.status}: ${await created.text()})`);
      return;
    }
    const latencies: number[] = [];
    for (let n = 1; n <= s.feedChangedSamples; n++) {
      // A pause longer than the coalescing window: each import is an event of its own.
      await sleep(COALESCE_MS + 500);
      const seen = receiver.arrivals.length;
      const started = performance.now();
      await importArticles(system, [
        {
          id: `whlat-${Date.now().toString(36)}-${n}`,
          title: `Webhook latency ${n}`,
          url: `https://news.example.com/webhook-latency/${n}`,
          summary: 'Imported to time the feed.changed webhook.',
          publishedAt: new Date().toISOString(),
          categories: [category],
        },
      ]);
      let arrival: { at: number } | undefined;
      while (!arrival && performance.now() - started < DEADLINE_MS) {
        arrival = receiver.arrivals.slice(seen).find((a) => a.type === 'feed.changed' && a.at >= started);
        if (!arrival) await sleep(10);
      }
      if (!arrival) {
        if (latencies.length === 0) {
          console.log(
            `${heading}\n    feed.changed: none arrived within ${DEADLINE_MS / 1000} s of the first import (the target is not met; see the system's log)`,
          );
          return;
        }
        console.log(`    sample ${n}: no feed.changed within ${DEADLINE_MS / 1000} s`);
        continue;
      }
      latencies.push(arrival.at - started);
    }
    const sorted = [...latencies].sort((a, b) => a - b);
    const p50 = percentile(sorted, 50);
    const p99 = percentile(sorted, 99);
    console.log(
      `${heading}\n    ${latencies.length} imports: p50 ${seconds(p50)} (target ≤ ${WEBHOOKS_TARGET.feedChangedP50Ms / 1000} s: ${verdict(p50 <= WEBHOOKS_TARGET.feedChangedP50Ms)}), ` +
        `p99 ${seconds(p99)} (target ≤ ${WEBHOOKS_TARGET.feedChangedP99Ms / 1000} s: ${verdict(p99 <= WEBHOOKS_TARGET.feedChangedP99Ms)}), max ${seconds(sorted.at(-1)!)}` +
        `${latencies.length < 100 ? ` (of ${latencies.length} samples, p99 is their maximum)` : ''}`,
    );
  } finally {
    await new Promise<void>((resolve) => {
      receiver.server.close(() => resolve());
      receiver.server.closeAllConnections();
    });
    await stop(system.launcher);
  }
}

export async function measureWebhooks(s: WebhooksSettings): Promise<void> {
  await deliveryEngine(s);
  await importToFeedChanged(s);
}
