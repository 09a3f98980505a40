/**
 * The guarantee the embedded mode rests on: PGlite is one session, yet every service's pool
 * (connections of their own, no explicit transaction) gets the answer to its own query. Many
 * parameterized queries (extended protocol: Parse, Bind, Describe, Execute, Sync) are fired at once
 * from several pools, plain pg and Prisma's pg adapter, some of them failing, against PGlite behind
 * its socket server as `npm start` serves it (src/embedded-postgres.ts).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgAdapter } from '@cfs/common/database';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../src/embedded-postgres.ts';

const SCHEMA = 'interleave';
const POOLS = 4;
const PER_POOL = 2; // the services' poolSize in embedded mode (embedded.ts)
const QUERIES = 64;
const LARGE = 'x'.repeat(256 * 1024);

let postgres: EmbeddedPostgres;
let pools: pg.Pool[] = [];

beforeAll(async () => {
  postgres = await startEmbeddedPostgres({ port: 0 });
  // A query the server never answers fails the test within this bound instead of hanging it.
  pools = Array.from({ length: POOLS }, () => new pg.Pool({ connectionString: postgres.databaseUrl, max: PER_POOL, query_timeout: 20_000 }));
  await Promise.all(pools.map(warm));
  await pools[0]!.query(`CREATE SCHEMA ${SCHEMA}; CREATE TABLE ${SCHEMA}.items (id text PRIMARY KEY, n int NOT NULL, padding text NOT NULL)`);
});

afterAll(async () => {
  await Promise.all(pools.map((p) => p.end()));
  await postgres?.stop();
});

/** Opens all of a pool's connections, so that a burst starts on all of them at once. */
async function warm(pool: pg.Pool): Promise<void> {
  const clients = await Promise.all(Array.from({ length: PER_POOL }, () => pool.connect()));
  clients.forEach((c) => c.release());
}

/** Runs every job at once; returns the ones whose outcome was not their own. */
async function mismatches(jobs: Array<() => Promise<string | null>>): Promise<string[]> {
  const outcomes = await Promise.allSettled(jobs.map((job) => job()));
  return outcomes.flatMap((o, i) => (o.status === 'rejected' ? [`#${i}: ${(o.reason as Error).message}`] : o.value === null ? [] : [`#${i}: ${o.value}`]));
}

describe('the embedded PostgreSQL (PGlite behind its socket server)', () => {
  it('answers concurrent parameterized queries from several pools each with its own statement and parameters', async () => {
    // A statement per query, all of one shape: a query bound to another one's statement answers a wrong n.
    const problems = await mismatches(
      Array.from({ length: QUERIES }, (_, i) => async () => {
        const offset = i * 1000;
        const { rows } = await pools[i % POOLS]!.query<{ n: number; l: number }>(`SELECT $1::int + ${offset} AS n, length($2::text) AS l, pg_sleep(0)`, [
          i,
          LARGE + i,
        ]);
        const ok = rows.length === 1 && rows[0]!.n === i + offset && rows[0]!.l === LARGE.length + String(i).length;
        return ok ? null : `got ${JSON.stringify(rows)}`;
      }),
    );
    expect(problems).toEqual([]);
  });

  it('keeps each connection’s insert-then-read sequence its own, outside any transaction', async () => {
    const problems = await mismatches(
      Array.from({ length: QUERIES / 2 }, (_, i) => async () => {
        const client = await pools[i % POOLS]!.connect();
        try {
          // A statement per row again: a row inserted through another one's statement has the wrong n.
          const offset = i * 1000;
          const inserted = await client.query<{ id: string; n: number }>(
            `INSERT INTO ${SCHEMA}.items (id, n, padding) VALUES ($1, $2::int + ${offset}, $3) RETURNING id, n`,
            [`item-${i}`, i, LARGE],
          );
          const read = await client.query<{ n: number }>(`SELECT n FROM ${SCHEMA}.items WHERE id = $1`, [`item-${i}`]);
          const ok = inserted.rows[0]?.id === `item-${i}` && inserted.rows[0].n === i + offset && read.rows.length === 1 && read.rows[0]!.n === i + offset;
          return ok ? null : `inserted ${JSON.stringify(inserted.rows)}, read ${JSON.stringify(read.rows)}`;
        } finally {
          client.release();
        }
      }),
    );
    expect(problems).toEqual([]);
    const { rows } = await pools[0]!.query<{ id: string; n: number }>(`SELECT id, n FROM ${SCHEMA}.items ORDER BY length(id), id`);
    expect(rows).toEqual(Array.from({ length: QUERIES / 2 }, (_, i) => ({ id: `item-${i}`, n: i * 1001 })));
  });

  it('fails only the queries that fail, while other connections’ queries run beside them', async () => {
    // A Bind that fails makes PostgreSQL skip the rest of that exchange up to its Sync: never another connection's messages.
    const problems = await mismatches(
      Array.from({ length: QUERIES }, (_, i) => async () => {
        const fails = i % 4 === 0;
        try {
          const { rows } = await pools[i % POOLS]!.query<{ n: number }>(`SELECT $1::int + ${i * 1000} AS n, length($2::text) AS l`, [
            fails ? 'not a number' : i,
            LARGE,
          ]);
          return !fails && rows[0]?.n === i + i * 1000 ? null : `got ${JSON.stringify(rows)}`;
        } catch (err) {
          return fails && (err as { code?: string }).code === '22P02' ? null : `failed: ${(err as Error).message}`;
        }
      }),
    );
    expect(problems).toEqual([]);
  });

  it('answers concurrent queries through Prisma’s pg adapter (as the services send them) with their own parameters', async () => {
    const adapters = await Promise.all(
      Array.from({ length: POOLS }, async () => (await createPgAdapter({ connectionString: postgres.databaseUrl, schema: SCHEMA }, PER_POOL)).connect()),
    );
    try {
      // Two queries at once on a fresh pool open both its connections.
      await Promise.all(adapters.flatMap((a) => [1, 2].map(() => a.queryRaw({ sql: 'SELECT 1', args: [], argTypes: [] }))));
      const problems = await mismatches(
        Array.from({ length: QUERIES }, (_, i) => async () => {
          const offset = i * 1000;
          const { rows } = await adapters[i % POOLS]!.queryRaw({
            sql: `SELECT $1::int + ${offset} AS n, length($2::text) AS l`,
            args: [i, LARGE],
            argTypes: [
              { scalarType: 'int', arity: 'scalar' },
              { scalarType: 'string', arity: 'scalar' },
            ],
          });
          return rows.length === 1 && rows[0]![0] === i + offset && rows[0]![1] === LARGE.length ? null : `got ${JSON.stringify(rows)}`;
        }),
      );
      expect(problems).toEqual([]);
    } finally {
      await Promise.all(adapters.map((a) => a.dispose()));
    }
  });
});
