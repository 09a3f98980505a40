/**
 * Applies a service's committed Prisma migrations (prisma/migrations/<name>/migration.sql) without
 * any Prisma binary: in name order, each in its own transaction, under an advisory lock, recorded in
 * `_prisma_migrations` exactly as Prisma records them, so `prisma migrate status` agrees. Refuses to
 * run when an applied migration's file changed or a failed migration is recorded.
 *
 * The migration files use unqualified names; they are applied with `search_path` set to the
 * service's schema, so the same files serve any schema (one per service, one per test run).
 */
import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { quoteIdent, type DatabaseTarget } from './database.ts';
import type { Logger } from './logger.ts';

export class MigrationError extends Error {
  override readonly name = 'MigrationError';
}

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

const PRISMA_MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

export async function readMigrations(migrationsDir: string): Promise<Migration[]> {
  const entries = await readdir(migrationsDir, { withFileTypes: true });
  const names = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(path.join(migrationsDir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    }),
  );
}

/** Lock key per schema, so services migrate in parallel but never twice at once. */
function lockKey(schema: string): bigint {
  return createHash('sha256').update(`cfs-migrate:${schema}`).digest().readBigInt64BE(0);
}

export async function applyMigrations(opts: { target: DatabaseTarget; migrationsDir: string; logger?: Logger }): Promise<{ applied: string[] }> {
  const { target, logger } = opts;
  const migrations = await readMigrations(opts.migrationsDir);
  const client = new pg.Client({ connectionString: target.connectionString });
  await client.connect();
  const schema = quoteIdent(target.schema);
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [lockKey(target.schema)]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await client.query(`SET search_path TO ${schema}`);
    await client.query(PRISMA_MIGRATIONS_TABLE);
    const { rows } = await client.query<{ migration_name: string; checksum: string; finished_at: Date | null; rolled_back_at: Date | null }>(
      'SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations" ORDER BY started_at',
    );
    const failed = rows.find((r) => r.finished_at === null && r.rolled_back_at === null);
    if (failed) throw new MigrationError(`migration ${failed.migration_name} failed earlier; resolve it before starting`);
    const done = new Map(rows.filter((r) => r.finished_at !== null && r.rolled_back_at === null).map((r) => [r.migration_name, r.checksum]));

    for (const migration of migrations) {
      const recorded = done.get(migration.name);
      if (recorded !== undefined) {
        if (recorded !== migration.checksum) {
          throw new MigrationError(`migration ${migration.name} was modified after it was applied to schema ${target.schema}`);
        }
        continue;
      }
      await client.query('BEGIN');
      try {
        const id = randomUUID();
        await client.query('INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count) VALUES ($1, $2, $3, now(), 0)', [
          id,
          migration.checksum,
          migration.name,
        ]);
        await client.query(migration.sql);
        await client.query('UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1', [id]);
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK');
        throw new MigrationError(`migration ${migration.name} failed: ${(err as Error).message}`);
      }
      applied.push(migration.name);
      logger?.info({ migration: migration.name, schema: target.schema }, 'migration applied');
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock_all()').catch(() => undefined);
    await client.end();
  }
  return { applied };
}
