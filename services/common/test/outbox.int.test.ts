import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createLogger } from '../src/logger.ts';
import { OUTBOX_TABLE, OutboxRelay, oneEventPerRow, writeOutbox, type RawSql, type RelayedEvent } from '../src/outbox.ts';

const schema = `outbox_${process.pid}_${Date.now().toString(36)}`;
let pool: pg.Pool;

/** The two methods of a Prisma client the outbox uses, over a pg pool (or one client: a transaction). */
function rawSql(q: pg.Pool | pg.PoolClient): RawSql {
  return {
    $executeRawUnsafe: async (text, ...values) => (await q.query(text, values)).rowCount ?? 0,
    $queryRawUnsafe: async <T>(text: string, ...values: unknown[]) => (await q.query(text, values)).rows as T,
  };
}

async function inTransaction(work: (tx: RawSql) => Promise<void>, commit: boolean): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await work(rawSql(client));
    await client.query(commit ? 'COMMIT' : 'ROLLBACK');
  } finally {
    client.release();
  }
}

function relay(send: (events: readonly RelayedEvent[]) => Promise<void>, claimMs = 60_000): OutboxRelay {
  return new OutboxRelay({
    db: rawSql(pool),
    schema,
    producer: 'test',
    toEvents: oneEventPerRow('test'),
    send,
    logger: createLogger('outbox-test', { level: 'silent' }),
    coalesceMs: 0,
    pollMs: 60_000,
    claimMs,
  });
}

const pending = async () => Number((await pool.query(`SELECT count(*) AS n FROM "${schema}".${OUTBOX_TABLE}`)).rows[0].n);

beforeAll(async () => {
  pool = new pg.Pool({ connectionString: inject('databaseUrl'), max: 4 });
  await pool.query(`CREATE SCHEMA "${schema}"`);
  await pool.query(`CREATE TABLE "${schema}"."${OUTBOX_TABLE}" ("id" BIGSERIAL PRIMARY KEY, "site_id" TEXT, "type" TEXT NOT NULL,
    "data" JSONB NOT NULL, "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(), "claimed_until" TIMESTAMPTZ(3))`);
});

afterAll(async () => {
  await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await pool.end();
});

describe('the webhook outbox', () => {
  it('relays what committed, once, and nothing of a transaction that rolled back', async () => {
    await inTransaction((tx) => writeOutbox(tx, schema, [{ siteId: 'site_a', type: 'ai.budget.status_changed', data: { status: 'warning' } }]), true);
    await inTransaction((tx) => writeOutbox(tx, schema, [{ siteId: 'site_b', type: 'ai.budget.status_changed', data: { status: 'exhausted' } }]), false);
    const sent: RelayedEvent[] = [];
    const r = relay(async (events) => void sent.push(...events));
    expect(await r.round()).toBe(1);
    expect(sent).toEqual([expect.objectContaining({ siteId: 'site_a', type: 'ai.budget.status_changed', data: { status: 'warning' } })]);
    expect(sent[0]!.id).toMatch(/^test_\d+$/);
    expect(await r.round()).toBe(0);
    expect(await pending()).toBe(0);
  });

  it('keeps the rows when the webhooks service cannot take them, and sends them in a later round', async () => {
    await inTransaction((tx) => writeOutbox(tx, schema, [{ siteId: 'site_c', type: 'billing.subscription.updated', data: { plan: 'pro' } }]), true);
    const failing = relay(async () => {
      throw new Error('UNAVAILABLE');
    });
    await expect(failing.round()).rejects.toThrow('UNAVAILABLE');
    expect(await pending()).toBe(1);
    const sent: RelayedEvent[] = [];
    expect(await relay(async (events) => void sent.push(...events)).round()).toBe(1);
    expect(sent.map((e) => e.siteId)).toEqual(['site_c']);
  });

  it('leaves a claimed batch to its relay, and sends it again with the same ids once the claim expires', async () => {
    await inTransaction((tx) => writeOutbox(tx, schema, [{ siteId: 'site_d', type: 'feed.changed', data: {} }]), true);
    let hung: RelayedEvent[] = [];
    // A relay that claims, then never returns from its call (as a process killed mid-call).
    const stuck = relay((events) => {
      hung = [...events];
      return new Promise<void>(() => undefined);
    }, 300);
    void stuck.round();
    await expect.poll(() => hung.length).toBe(1);
    const sent: RelayedEvent[] = [];
    const other = relay(async (events) => void sent.push(...events));
    expect(await other.round()).toBe(0);
    await expect.poll(async () => (await other.round()) + sent.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(sent.map((e) => e.id)).toEqual(hung.map((e) => e.id));
    expect(await pending()).toBe(0);
  });

  it('shares rows between relays running at once without sending one twice', async () => {
    await inTransaction(
      (tx) =>
        writeOutbox(
          tx,
          schema,
          Array.from({ length: 300 }, (_, i) => ({ siteId: `site_${i}`, type: 'feed.changed', data: { i } })),
        ),
      true,
    );
    const sent: string[] = [];
    const slowly = async (events: readonly RelayedEvent[]) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      sent.push(...events.map((e) => e.id));
    };
    const relays = [relay(slowly), relay(slowly), relay(slowly)];
    while ((await pending()) > 0) await Promise.all(relays.map((r) => r.round()));
    expect(sent).toHaveLength(300);
    expect(new Set(sent).size).toBe(300);
  });

  it('starts a round when woken, without waiting for its poll', async () => {
    const sent: RelayedEvent[] = [];
    const r = relay(async (events) => void sent.push(...events)).start();
    try {
      await expect.poll(() => r.backlog().then((b) => b.rows)).toBe(0);
      await inTransaction((tx) => writeOutbox(tx, schema, [{ siteId: 'site_e', type: 'feed.changed', data: {} }]), true);
      r.wake();
      await expect.poll(() => sent.map((e) => e.siteId)).toEqual(['site_e']);
    } finally {
      await r.stop();
    }
  });
});
