/**
 * The AI budget ledger under concurrency: many workers, two ledger instances with pools of their own
 * (two replicas), racing for a small budget, on the real PostgreSQL and on the embedded PGlite
 * behind its socket server (one session). used + reserved never exceeds the budget, and settling
 * and releasing happen exactly once however often they are called.
 */
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPgAdapter, type DatabaseTarget } from '@cfs/common/database';
import { applyMigrations } from '@cfs/common/migrate';
import { AiBudgetLedger } from '../src/ai/budget-ledger.ts';
import { PrismaClient } from '../src/generated/prisma/client.ts';

const MIGRATIONS = new URL('../prisma/migrations', import.meta.url).pathname;
const COSTS = { text: 1, image: 10 };
const BUDGET = 100;
const UNITS = 11;

interface Backend {
  /** Two ledgers, each on a pool of its own: two replicas of the media service. */
  ledgers: [AiBudgetLedger, AiBudgetLedger];
  /** A third client, to look at the table. */
  probe: PrismaClient;
  close: () => Promise<void>;
}

async function openBackend(target: DatabaseTarget, now?: () => number): Promise<Backend> {
  await applyMigrations({ target, migrationsDir: MIGRATIONS });
  const clients = await Promise.all([0, 1, 2].map(async () => new PrismaClient({ adapter: await createPgAdapter(target, 5) })));
  const [a, b, probe] = clients as [PrismaClient, PrismaClient, PrismaClient];
  return {
    ledgers: [new AiBudgetLedger(a, { schema: target.schema, costs: COSTS, now }), new AiBudgetLedger(b, { schema: target.schema, costs: COSTS, now })],
    probe,
    close: async () => {
      await probe.$executeRawUnsafe(`DROP SCHEMA IF EXISTS "${target.schema}" CASCADE`);
      await Promise.all(clients.map((c) => c.$disconnect()));
    },
  };
}

let seq = 0;
const newSite = () => `site_budget_${process.pid}_${++seq}`;
const reserveArticle = (ledger: AiBudgetLedger, siteId: string, articleId: string) =>
  ledger.reserve({ siteId, articleId, kind: 'article', units: UNITS, budget: BUDGET, period: 'month' });

const backends: Array<[string, () => Promise<Backend>]> = [
  ['PostgreSQL', () => openBackend({ connectionString: inject('databaseUrl'), schema: `aibudget_${process.pid}_${Date.now().toString(36)}` })],
  [
    'PGlite (one session)',
    async () => {
      const pglite = await PGlite.create();
      const server = new PGLiteSocketServer({ db: pglite, port: 0, host: '127.0.0.1', maxConnections: 100 });
      await server.start();
      const backend = await openBackend({ connectionString: `postgresql://postgres@${server.getServerConn()}/postgres`, schema: 'media' });
      return {
        ...backend,
        close: async () => {
          await backend.close();
          await server.stop();
          await pglite.close();
        },
      };
    },
  ],
];

describe.each(backends)('the AI budget ledger on %s', (_label, open) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await open();
  });
  afterAll(async () => {
    await backend?.close();
  });

  it(`lets exactly floor(${BUDGET}/${UNITS}) of 50 parallel reservations through two replicas succeed`, async () => {
    const siteId = newSite();
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => reserveArticle(backend.ledgers[i % 2]!, siteId, `article-${i}`)));
    const granted = results.filter((r) => r !== null);
    expect(granted).toHaveLength(Math.floor(BUDGET / UNITS));
    const usage = await backend.ledgers[0].usage(siteId, BUDGET, 'month');
    expect(usage).toMatchObject({ used: 0, reserved: granted.length * UNITS, remaining: BUDGET - granted.length * UNITS, status: 'exhausted' });
    const rows = await backend.probe.aiReservation.findMany({ where: { siteId } });
    expect(rows.map((r) => r.articleId).sort()).toEqual(granted.map((r) => r!.articleId).sort());
    expect(rows.every((r) => r.state === 'open' && r.kind === 'article' && r.units === UNITS)).toBe(true);
  });

  it('never has used + reserved above the budget while workers reserve, settle and release', async () => {
    const siteId = newSite();
    let charged = 0;
    let done = false;
    const samples: number[] = [];
    const sampler = (async () => {
      while (!done) {
        const u = await backend.ledgers[1].usage(siteId, BUDGET, 'month');
        samples.push(u.used + u.reserved);
      }
    })();
    // 8 workers, 12 articles each: a successful call settles part or all of its units, a failed one releases.
    await Promise.all(
      Array.from({ length: 8 }, async (_, w) => {
        for (let i = 0; i < 12; i++) {
          const r = await reserveArticle(backend.ledgers[w % 2]!, siteId, `w${w}-a${i}`);
          if (!r) continue;
          const outcome = (w + i) % 3;
          if (outcome === 0) expect(await backend.ledgers[(w + 1) % 2]!.release(r.id)).toBe(true);
          else {
            const units = outcome === 1 ? COSTS.text : UNITS;
            expect(await backend.ledgers[(w + 1) % 2]!.settle(r.id, units)).toBe(true);
            charged += units;
          }
        }
      }),
    );
    done = true;
    await sampler;
    expect(samples.length).toBeGreaterThan(0);
    expect(Math.max(...samples)).toBeLessThanOrEqual(BUDGET);
    const usage = await backend.ledgers[0].usage(siteId, BUDGET, 'month');
    expect(usage).toMatchObject({ used: charged, reserved: 0 });
    expect(usage.used).toBeLessThanOrEqual(BUDGET);
    expect(BUDGET - usage.used).toBeLessThan(UNITS);
  });

  it('settles exactly once: repeated and concurrent settles, and a release after it, change nothing', async () => {
    const siteId = newSite();
    const r = (await reserveArticle(backend.ledgers[0], siteId, 'article-once'))!;
    const settled = await Promise.all(Array.from({ length: 10 }, (_, i) => backend.ledgers[i % 2]!.settle(r.id, UNITS)));
    expect(settled.filter(Boolean)).toHaveLength(1);
    expect(await backend.ledgers[0].settle(r.id, UNITS)).toBe(false);
    expect(await backend.ledgers[1].release(r.id)).toBe(false);
    expect(await backend.ledgers[0].usage(siteId, BUDGET, 'month')).toMatchObject({ used: UNITS, reserved: 0, remaining: BUDGET - UNITS });
    expect(await backend.probe.aiUsageEntry.count({ where: { siteId } })).toBe(1);
    expect(await backend.probe.aiReservation.findUnique({ where: { id: r.id } })).toMatchObject({ state: 'settled', settledUnits: UNITS });
  });

  it('releases exactly once: repeated and concurrent releases, and a settle after it, change nothing', async () => {
    const siteId = newSite();
    const r = (await reserveArticle(backend.ledgers[0], siteId, 'article-released'))!;
    const released = await Promise.all(Array.from({ length: 10 }, (_, i) => backend.ledgers[i % 2]!.release(r.id)));
    expect(released.filter(Boolean)).toHaveLength(1);
    expect(await backend.ledgers[1].settle(r.id, UNITS)).toBe(false);
    expect(await backend.ledgers[0].release(r.id)).toBe(false);
    expect(await backend.ledgers[0].usage(siteId, BUDGET, 'month')).toMatchObject({ used: 0, reserved: 0, remaining: BUDGET, status: 'ok' });
    expect(await backend.probe.aiUsageEntry.count({ where: { siteId } })).toBe(0);
  });

  it('settles part of a reservation and gives the rest back; refuses to charge more than was reserved', async () => {
    const siteId = newSite();
    const r = (await reserveArticle(backend.ledgers[0], siteId, 'article-text-only'))!;
    await expect(backend.ledgers[0].settle(r.id, UNITS + 1)).rejects.toMatchObject({ code: 'MALFORMED_REQUEST' });
    expect(await backend.ledgers[0].settle(r.id, COSTS.text)).toBe(true);
    expect(await backend.ledgers[0].usage(siteId, BUDGET, 'month')).toMatchObject({ used: COSTS.text, reserved: 0 });
  });

  it('gives back only the reservations open longer than the stale age, once', async () => {
    const siteId = newSite();
    const old = (await reserveArticle(backend.ledgers[0], siteId, 'article-orphan'))!;
    await backend.probe.aiReservation.update({ where: { id: old.id }, data: { createdAt: new Date(Date.now() - 3_600_000) } });
    const live = (await reserveArticle(backend.ledgers[0], siteId, 'article-live'))!;
    const settled = (await reserveArticle(backend.ledgers[0], siteId, 'article-done'))!;
    await backend.probe.aiReservation.update({ where: { id: settled.id }, data: { createdAt: new Date(Date.now() - 3_600_000) } });
    await backend.ledgers[0].settle(settled.id, UNITS);
    const released = await Promise.all([backend.ledgers[0].releaseStale(1_800_000), backend.ledgers[1].releaseStale(1_800_000)]);
    expect(released[0] + released[1]).toBe(1);
    expect(await backend.probe.aiReservation.findUnique({ where: { id: old.id } })).toMatchObject({ state: 'released' });
    expect(await backend.probe.aiReservation.findUnique({ where: { id: live.id } })).toMatchObject({ state: 'open' });
    expect(await backend.probe.aiReservation.findUnique({ where: { id: settled.id } })).toMatchObject({ state: 'settled' });
  });

  it('answers false for unknown reservations', async () => {
    expect(await backend.ledgers[0].settle('air_unknown', 1)).toBe(false);
    expect(await backend.ledgers[0].release('air_unknown')).toBe(false);
  });

  it('grants anything under an unlimited budget, and counts operator records as used', async () => {
    const siteId = newSite();
    const r = await backend.ledgers[0].reserve({ siteId, articleId: 'a', kind: 'article', units: 1_000, budget: null, period: 'month' });
    expect(r).not.toBeNull();
    await backend.ledgers[1].record(siteId, 95, 'adjustment');
    expect(await backend.ledgers[0].usage(siteId, null, 'month')).toMatchObject({ used: 95, reserved: 1_000, budget: null, remaining: null, status: 'ok' });
    // 95 used: 5 left cannot pay for an article.
    expect(await backend.ledgers[0].usage(siteId, BUDGET, 'day')).toMatchObject({ status: 'exhausted' });
    expect(await reserveArticle(backend.ledgers[0], newSite(), 'fits')).not.toBeNull();
  });
});

describe('the AI budget period', () => {
  it('charges a settled reservation to the period it was reserved in', async () => {
    let now = Date.UTC(2026, 0, 31, 23, 59, 59);
    const backend = await openBackend({ connectionString: inject('databaseUrl'), schema: `aiperiod_${process.pid}_${Date.now().toString(36)}` }, () => now);
    try {
      const [ledger] = backend.ledgers;
      const r = (await ledger.reserve({ siteId: 'site_p', articleId: 'a', kind: 'article', units: UNITS, budget: BUDGET, period: 'month' }))!;
      expect(await ledger.usage('site_p', BUDGET, 'month')).toMatchObject({ used: 0, reserved: UNITS });
      now = Date.UTC(2026, 1, 1, 0, 0, 1);
      // A new month: the January reservation holds nothing of February's budget.
      expect(await ledger.usage('site_p', BUDGET, 'month')).toMatchObject({ used: 0, reserved: 0, remaining: BUDGET });
      expect(await ledger.settle(r.id, UNITS)).toBe(true);
      expect(await ledger.usage('site_p', BUDGET, 'month')).toMatchObject({ used: 0, reserved: 0 });
      now = Date.UTC(2026, 0, 31, 23, 59, 59);
      expect(await ledger.usage('site_p', BUDGET, 'month')).toMatchObject({ used: UNITS, reserved: 0 });
    } finally {
      await backend.close();
    }
  });
});
