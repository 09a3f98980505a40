/**
 * feed.changed survives a kill -9 of the feed process (services/feed/README.md#webhook-events): the
 * feed and webhooks deployables run as processes, each in a schema of its own. With the webhooks
 * service away, an import and a subscription commit their outbox rows; the feed process is killed
 * with SIGKILL, both are started again, and the event arrives, once. Then the feed process is
 * killed after the webhooks service took an event and before the relay forgot its rows (a
 * failpoint holds it there): started again, it sends the rows again and the receiver still gets
 * one delivery. The receiver is on 127.0.0.1 and verifies with `standardwebhooks`.
 */
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callUnary, createClient, waitForServing } from '@cfs/common/grpc';
import { newServiceTokens } from '@cfs/common/service-auth';
import { ChangesTokenCodec } from '@cfs/common/tokens';
import { loadProtos } from '@cfs/protos';
import { eventually, freePort, startDeployable, type RunningProcess } from '../support/processes.ts';
import { TEST_CURSOR_SECRET } from '../support/system.ts';
import { Receiver } from '../support/webhook-receiver.ts';

const siteId = `site_fcp_${process.pid}`;
const suffix = `${process.pid}_${Date.now().toString(36)}`;
const schemas = { feed: `fcp_feed_${suffix}`, webhooks: `fcp_wh_${suffix}` };
const { tokens, callers } = newServiceTokens();
const protos = loadProtos().cfs;
let ports: { feed: number; webhooks: number };
let feed: RunningProcess | undefined;
let webhooks: RunningProcess | undefined;
let receiver: Receiver;
let secret: string;
let endpointId: string;
let db: pg.Client;

const urlOf = (schema: string) => {
  const url = new URL(inject('databaseUrl'));
  url.searchParams.set('schema', schema);
  return url.toString();
};

async function startWebhooks(): Promise<void> {
  webhooks = startDeployable('services/webhooks', {
    DATABASE_URL: urlOf(schemas.webhooks),
    SERVICE_CALLERS: callers,
    WEBHOOKS_GRPC_HOST: '127.0.0.1',
    WEBHOOKS_GRPC_PORT: String(ports.webhooks),
    WEBHOOKS_ALLOW_HTTP: 'true',
    WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true',
  });
  await waitForServing(`127.0.0.1:${ports.webhooks}`, 60_000);
}

async function startFeed(extra: NodeJS.ProcessEnv = {}): Promise<void> {
  feed = startDeployable('services/feed', {
    DATABASE_URL: urlOf(schemas.feed),
    SERVICE_CALLERS: callers,
    FEED_GRPC_HOST: '127.0.0.1',
    FEED_GRPC_PORT: String(ports.feed),
    FEED_ROLE: 'api',
    CURSOR_SECRET: TEST_CURSOR_SECRET,
    SERVICE_TOKEN: tokens.feed,
    WEBHOOKS_ADDR: `127.0.0.1:${ports.webhooks}`,
    WEBHOOK_COALESCE_MS: '200',
    ...extra,
  });
  await waitForServing(`127.0.0.1:${ports.feed}`, 60_000);
}

async function feedCall<M extends 'ImportArticles' | 'ReplaceSubscriptions'>(method: M, request: Record<string, unknown>): Promise<void> {
  if (method === 'ImportArticles') {
    const admin = createClient(protos.feed.v1.FeedAdminService, `127.0.0.1:${ports.feed}`, tokens.admin);
    try {
      await callUnary(admin, 'ImportArticles', request as never, { deadlineMs: 20_000 });
    } finally {
      admin.close();
    }
    return;
  }
  const client = createClient(protos.feed.v1.FeedService, `127.0.0.1:${ports.feed}`, tokens.gateway);
  try {
    await callUnary(client, 'ReplaceSubscriptions', request as never, { deadlineMs: 20_000 });
  } finally {
    client.close();
  }
}

let n = 0;
async function importArticle(category: string): Promise<string> {
  n += 1;
  const id = `fcp-${suffix}-${n}`;
  const json = JSON.stringify({
    id,
    title: `Story ${n}`,
    url: `https://news.example.com/${id}`,
    publishedAt: new Date().toISOString(),
    categories: [category],
  });
  await feedCall('ImportArticles', { articles: [{ line: 1, json }] });
  return id;
}

const outboxRows = async () => Number((await db.query(`SELECT count(*) AS n FROM "${schemas.feed}".webhook_outbox`)).rows[0].n);

async function deliveries(): Promise<number> {
  const client = createClient(protos.webhooks.v1.WebhooksService, `127.0.0.1:${ports.webhooks}`, tokens.gateway);
  try {
    const answer = await callUnary(client, 'ListDeliveries', { siteId, customerId: 'cus_fcp', endpointId, limit: 100, cursor: '' }, { deadlineMs: 10_000 });
    return answer.deliveries.length;
  } finally {
    client.close();
  }
}

/** The receiver's requests, each verified, as the events' data. */
function received(): Array<{ webhookId: string; since: string; nextSince: string; changes: number }> {
  const wh = new Webhook(secret);
  return receiver.received.map((r) => {
    const payload = wh.verify(r.body, r.headers) as { type: string; data: { since: string; nextSince: string; changes: number } };
    expect(payload.type).toBe('feed.changed');
    return { webhookId: r.headers['webhook-id']!, ...payload.data };
  });
}

let category: string;

beforeAll(async () => {
  ports = { feed: await freePort(), webhooks: await freePort() };
  db = new pg.Client({ connectionString: inject('databaseUrl') });
  await db.connect();
  receiver = await new Receiver().start();
  await startWebhooks();
  const client = createClient(protos.webhooks.v1.WebhooksService, `127.0.0.1:${ports.webhooks}`, tokens.gateway);
  try {
    const created = await callUnary(
      client,
      'CreateEndpoint',
      { siteId, customerId: 'cus_fcp', url: receiver.url(), events: ['feed.changed'], description: '' },
      { deadlineMs: 10_000 },
    );
    secret = created.secret;
    endpointId = created.endpoint!.id;
  } finally {
    client.close();
  }
  await startFeed();
  // The shipped taxonomy is loaded into the empty schema: its first category will do.
  const list = createClient(protos.feed.v1.FeedService, `127.0.0.1:${ports.feed}`, tokens.gateway);
  try {
    category = (await callUnary(list, 'ListCategories', {}, { deadlineMs: 10_000 })).categories[0]!.key;
  } finally {
    list.close();
  }
}, 120_000);

afterAll(async () => {
  await feed?.kill();
  await webhooks?.kill();
  await receiver?.stop();
  await db
    ?.query(
      `DROP SCHEMA IF EXISTS "${schemas.feed}" CASCADE; DROP SCHEMA IF EXISTS "${schemas.webhooks}" CASCADE; DROP SCHEMA IF EXISTS "${schemas.feed}_jobs" CASCADE; DROP SCHEMA IF EXISTS "${schemas.webhooks}_jobs" CASCADE`,
    )
    .catch(() => undefined);
  await db?.end();
});

describe('feed.changed across a kill -9 of the feed process', () => {
  it('killed while the webhooks service is away, with the changes committed: started again, it delivers the event once', async () => {
    await webhooks!.kill('SIGKILL');
    await feedCall('ReplaceSubscriptions', { siteId, categories: [category] });
    await importArticle(category);
    expect(await outboxRows()).toBeGreaterThanOrEqual(2);
    await feed!.kill('SIGKILL');
    expect(await outboxRows()).toBeGreaterThanOrEqual(2);
    expect(receiver.received).toHaveLength(0);

    await startWebhooks();
    await startFeed();
    await eventually(async () => (await outboxRows()) === 0, 60_000, 'the outbox relayed');
    await eventually(async () => receiver.received.length >= 1, 30_000, 'the feed.changed delivered');
    expect(await deliveries()).toBe(1);
    const [event] = received();
    expect(received()).toHaveLength(1);
    const codec = new ChangesTokenCodec(TEST_CURSOR_SECRET);
    expect(codec.parse(event!.since)).toMatchObject({ siteId, version: 0 });
    expect(codec.parse(event!.nextSince)).toMatchObject({ siteId, version: 1 });
    expect(event!.changes).toBe(1);
  }, 180_000);

  it('killed after the webhooks service took the event and before the rows were forgotten: started again, it sends them again and nothing is delivered twice', async () => {
    await feed!.kill('SIGKILL');
    // The relay stops right after EnqueueEvents answered, as if it were about to forget the rows.
    await startFeed({ CFS_FAILPOINTS: 'feed.webhookEvents.afterEnqueue=1*delay(600000)' });
    await importArticle(category);
    await eventually(async () => receiver.received.length >= 2, 30_000, 'the second feed.changed delivered');
    expect(await outboxRows()).toBeGreaterThanOrEqual(1);
    await feed!.kill('SIGKILL');

    await startFeed();
    // Its claim expires (30 s), a round sends the rows again, and the webhooks service takes the event id once.
    await eventually(async () => (await outboxRows()) === 0, 90_000, 'the outbox relayed again');
    expect(await deliveries()).toBe(2);
    const events = received();
    expect(events).toHaveLength(2);
    expect(new Set(events.map((e) => e.webhookId)).size).toBe(2);
    expect(events[1]!.since).toBe(events[0]!.nextSince);
  }, 180_000);
});
