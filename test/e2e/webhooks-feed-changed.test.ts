/**
 * feed.changed from outside (services/feed/README.md#webhook-events): receivers on 127.0.0.1 verify
 * every request with the official `standardwebhooks` package, then read GET /api/v1/feed/changes
 * from the event's `since` as a receiver would. Every kind of change of a Site's changes feed leads
 * to an event: an import through the operator CLI, an update, a removal, a Source's fetched item,
 * a subscription change and a new personalized variant (NoteSiteChanges, as media calls it); a Site
 * not subscribed to the category gets none; imports close together coalesce; and a relay round
 * repeated after the webhooks service took its events delivers nothing twice. Categories of its
 * own (a unique prefix), so other test files' articles never show up here.
 */
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { setFailpoints } from '@cfs/common/failpoints';
import { callUnary, createClient } from '@cfs/common/grpc';
import { ChangesTokenCodec } from '@cfs/common/tokens';
import { loadProtos } from '@cfs/protos';
import { createCustomer, type Owner } from '../support/customers.ts';
import { jsonl, tempFile } from '../support/files.ts';
import { request } from '../support/http.ts';
import { eventually } from '../support/processes.ts';
import { rss, startPublisher, type Publisher } from '../support/publisher.ts';
import { startSystem, TEST_CURSOR_SECRET, type TestSystem } from '../support/system.ts';
import { Receiver } from '../support/webhook-receiver.ts';

const p = `wfc${Date.now().toString(36)}${process.pid}`;
const cat = (name: string) => `${p}-${name}`;

let system: TestSystem;
let publisher: Publisher;
const receivers: Receiver[] = [];

interface FeedChanged {
  id: string;
  since: string;
  nextSince: string;
  changes: number;
}
type Change = { type: 'upsert'; article: { id: string; title: string } } | { type: 'delete'; id: string; reason: string };

/** A Site with an endpoint for feed.changed at a receiver of its own. */
interface Listener {
  owner: Owner;
  receiver: Receiver;
  secret: string;
  endpointId: string;
}

/** The endpoint first, then the subscriptions, whose event (the first) it waits for. */
async function listener(categories: string[]): Promise<Listener> {
  const owner = await createCustomer(system, '--plan', 'pro');
  const receiver = await new Receiver().start();
  receivers.push(receiver);
  const created = await request(system.baseUrl, 'POST', '/api/v1/webhooks', {
    token: owner.credential.secret,
    body: { url: receiver.url(), events: ['feed.changed'] },
  });
  expect(created.status, created.text).toBe(201);
  const { id, secret } = created.body as { id: string; secret: string };
  const put = await request(system.baseUrl, 'PUT', '/api/v1/subscriptions', { token: owner.credential.secret, body: { categories: categories.map(cat) } });
  expect(put.status, put.text).toBe(200);
  await eventually(async () => receiver.received.length === 1, 30_000, "the subscription's feed.changed");
  return { owner, receiver, secret, endpointId: id };
}

/** The endpoint's deliveries as the webhooks service holds them (created in the same transaction as the event's intake). */
async function deliveriesOf(l: Listener): Promise<Array<{ status: string }>> {
  const res = await request(system.baseUrl, 'GET', `/api/v1/webhooks/${l.endpointId}/deliveries?limit=100`, { token: l.owner.credential.secret });
  expect(res.status, res.text).toBe(200);
  return (res.body as { data: Array<{ status: string }> }).data;
}

/** The position the relay stored for a Site: where its next event's since is. */
async function storedSeq(siteId: string): Promise<string | undefined> {
  const db = new pg.Client({ connectionString: inject('databaseUrl') });
  await db.connect();
  try {
    return (await db.query<{ seq: string }>('SELECT seq::text AS seq FROM feed.webhook_feed_positions WHERE site_id = $1', [siteId])).rows[0]?.seq;
  } finally {
    await db.end();
  }
}
const tokens = new ChangesTokenCodec(TEST_CURSOR_SECRET);

/** Every feed.changed the receiver got, each verified (signature and timestamp) before it is read. */
function events(l: Listener): FeedChanged[] {
  const wh = new Webhook(l.secret);
  return l.receiver.received.map((r) => {
    const payload = wh.verify(r.body, r.headers) as { type: string; data: Omit<FeedChanged, 'id'> };
    expect(payload.type).toBe('feed.changed');
    return { id: r.headers['webhook-id']!, ...payload.data };
  });
}

/** GET /api/v1/feed/changes from `since`, following nextSince while hasMore: the changes and where it ends. */
async function readFrom(owner: Owner, since: string): Promise<{ changes: Change[]; nextSince: string }> {
  const changes: Change[] = [];
  for (let i = 0; i < 100; i++) {
    const res = await request(system.baseUrl, 'GET', `/api/v1/feed/changes?limit=100&since=${encodeURIComponent(since)}`, { token: owner.credential.secret });
    expect(res.status, res.text).toBe(200);
    const body = res.body as { data: Change[]; nextSince: string; hasMore: boolean };
    changes.push(...body.data);
    since = body.nextSince;
    if (!body.hasMore) return { changes, nextSince: since };
  }
  throw new Error('too many answers');
}

const upserted = (changes: Change[]) => changes.flatMap((c) => (c.type === 'upsert' ? [c.article.id] : []));

/** Waits for an event after the first `from` that, read from its since, holds `accept`; returns it and what was read. */
async function eventWith(
  l: Listener,
  accept: (changes: Change[]) => boolean,
  from: number,
): Promise<{ event: FeedChanged; read: Awaited<ReturnType<typeof readFrom>> }> {
  const deadline = Date.now() + 30_000;
  const seen = new Set<string>();
  for (;;) {
    for (const event of events(l).slice(from)) {
      if (seen.has(event.id)) continue;
      seen.add(event.id);
      const read = await readFrom(l.owner, event.since);
      if (accept(read.changes)) return { event, read };
    }
    if (Date.now() > deadline) throw new Error('no such feed.changed within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let n = 0;
async function importArticles(...rows: Array<{ id?: string; title?: string; categories: string[] }>): Promise<string[]> {
  const lines = rows.map((r) => {
    n += 1;
    const id = r.id ?? `${p}-${n}`;
    return {
      id,
      title: r.title ?? `Story ${n}`,
      url: `https://news.example.com/${id}`,
      publishedAt: new Date(Date.UTC(2026, 5, 1) + n * 60_000).toISOString(),
      categories: r.categories.map(cat),
    };
  });
  await system.admin('articles', 'import', '--file', tempFile(`wfc-${p}-${n}.jsonl`, jsonl(lines)));
  return lines.map((l) => l.id);
}

let alpha: Listener;
let beta: Listener;

beforeAll(async () => {
  system = await startSystem({ webhooksEnv: { WEBHOOKS_ALLOW_HTTP: 'true', WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true' } });
  publisher = await startPublisher();
  const taxonomy = { categories: ['alpha', 'beta', 'gamma'].map((k) => ({ key: cat(k), name: `Cat ${k}`, topics: [] })) };
  await system.admin('taxonomy', 'import', '--file', tempFile(`wfc-${p}-taxonomy.json`, JSON.stringify(taxonomy)));
  [alpha, beta] = [await listener(['alpha']), await listener(['beta'])];
}, 120_000);

afterAll(async () => {
  setFailpoints(undefined);
  for (const r of receivers) await r.stop();
  await publisher?.close();
  await system?.stop();
});

describe('feed.changed', () => {
  it("reaches a Site subscribed to an imported article's category, whose since reads it and ends at its nextSince; not a Site that is not", async () => {
    const [id] = await importArticles({ categories: ['alpha'] });
    const { event, read } = await eventWith(alpha, (changes) => upserted(changes).includes(id!), 1);
    expect(read.changes).toEqual([expect.objectContaining({ type: 'upsert', article: expect.objectContaining({ id }) })]);
    expect(read.nextSince).toBe(event.nextSince);
    expect(event.changes).toBe(1);
    // The other Site: its deliveries (made with alpha's in one intake) are its subscription's alone.
    expect(await deliveriesOf(beta)).toHaveLength(1);
    const [other] = await importArticles({ categories: ['beta'] });
    await eventWith(beta, (changes) => upserted(changes).includes(other!), 1);
    expect(await deliveriesOf(beta)).toHaveLength(2);
  });

  it('coalesces imports close together: fewer events than imports, the last ending where a reader of them all ends', async () => {
    const before = events(alpha);
    const held = before.at(-1)!.nextSince;
    const ids = (await Promise.all(Array.from({ length: 8 }, () => importArticles({ categories: ['alpha'] })))).flat();
    const all = await readFrom(alpha.owner, held);
    expect(upserted(all.changes).sort()).toEqual([...ids].sort());
    await expect.poll(() => events(alpha).some((e) => e.nextSince === all.nextSince), { timeout: 30_000, interval: 100 }).toBe(true);
    const mine = events(alpha).slice(before.length);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.length).toBeLessThan(ids.length);
    expect(mine.reduce((sum, e) => sum + e.changes, 0)).toBeGreaterThanOrEqual(ids.length);
  });

  it('follows an update and a removal', async () => {
    const first = events(alpha).length;
    const [id] = await importArticles({ categories: ['alpha'] });
    await eventWith(alpha, (changes) => upserted(changes).includes(id!), first);
    const from = events(alpha).length;
    await importArticles({ id, title: 'Corrected title', categories: ['alpha'] });
    await eventWith(alpha, (changes) => changes.some((c) => c.type === 'upsert' && c.article.id === id && c.article.title === 'Corrected title'), from);
    const removedFrom = events(alpha).length;
    expect(await system.admin('articles', 'remove', '--id', id!)).toEqual({ removed: 1 });
    await eventWith(alpha, (changes) => changes.some((c) => c.type === 'delete' && c.id === id && c.reason === 'removed'), removedFrom);
  });

  it("follows a Source's fetched item", async () => {
    publisher.serve('/feed.xml', { body: rss([{ title: `From the publisher ${p}`, link: 'https://news.example.com/from-the-publisher', guid: `${p}-g1` }]) });
    const from = events(alpha).length;
    const added = (await system.admin('source', 'add', '--url', publisher.url('/feed.xml'), '--categories', cat('alpha'))) as { source: { articles: number } };
    expect(added.source.articles).toBe(1);
    const { read } = await eventWith(alpha, (changes) => changes.some((c) => c.type === 'upsert' && c.article.title === `From the publisher ${p}`), from);
    expect(read.changes.length).toBeGreaterThan(0);
  });

  it("follows a subscription change: the articles that enter the Site's feed", async () => {
    const [gammaId] = await importArticles({ categories: ['gamma'] });
    const from = events(alpha).length;
    const put = await request(system.baseUrl, 'PUT', '/api/v1/subscriptions', {
      token: alpha.owner.credential.secret,
      body: { categories: [cat('alpha'), cat('gamma')] },
    });
    expect(put.status, put.text).toBe(200);
    await eventWith(alpha, (changes) => upserted(changes).includes(gammaId!), from);
  });

  it('follows a new personalized variant (NoteSiteChanges, as media calls it)', async () => {
    const first = events(alpha).length;
    const [id] = await importArticles({ categories: ['alpha'] });
    await eventWith(alpha, (changes) => upserted(changes).includes(id!), first);
    const from = events(alpha).length;
    const betaDeliveries = (await deliveriesOf(beta)).length;
    const feedAdmin = createClient(loadProtos().cfs.feed.v1.FeedAdminService, system.addresses.feed, system.serviceTokens.media);
    try {
      await callUnary(feedAdmin, 'NoteSiteChanges', { siteId: alpha.owner.site.id, articleIds: [id!] }, { deadlineMs: 10_000 });
    } finally {
      feedAdmin.close();
    }
    const { event, read } = await eventWith(alpha, (changes) => upserted(changes).includes(id!), from);
    expect(read.changes).toHaveLength(1);
    expect(event.changes).toBe(1);
    expect(read.nextSince).toBe(event.nextSince);
    // Only the Site the variant was made for.
    expect(await deliveriesOf(beta)).toHaveLength(betaDeliveries);
  });

  it('is delivered once when a relay round is repeated after the webhooks service took its events (rows sent, not forgotten)', async () => {
    const first = events(alpha).length;
    const [settled] = await importArticles({ categories: ['alpha'] });
    const before = await eventWith(alpha, (changes) => upserted(changes).includes(settled!), first);
    await expect.poll(() => storedSeq(alpha.owner.site.id), { timeout: 30_000, interval: 200 }).toBe(tokens.parse(before.event.nextSince)!.seq);
    const from = events(alpha).length;
    // The next round fails after EnqueueEvents answered: its rows stay, and a later round sends them again.
    setFailpoints('feed.webhookEvents.afterEnqueue=1*error');
    const [id] = await importArticles({ categories: ['alpha'] });
    const { event } = await eventWith(alpha, (changes) => upserted(changes).includes(id!), from);
    // The Site's position is stored only by a round that did not fail: once it is, the repeat was sent.
    await expect.poll(() => storedSeq(alpha.owner.site.id), { timeout: 30_000, interval: 200 }).toBe(tokens.parse(event.nextSince)!.seq);
    // Every delivery the webhooks service made has arrived, and none carries the same event twice.
    await expect
      .poll(async () => (await deliveriesOf(alpha)).filter((d) => d.status === 'succeeded').length, { timeout: 30_000, interval: 200 })
      .toBe(events(alpha).length);
    const mine = events(alpha).slice(from);
    expect(mine.filter((e) => e.since === event.since && e.nextSince === event.nextSince)).toHaveLength(1);
    expect(mine).toHaveLength(1);
  });
});
