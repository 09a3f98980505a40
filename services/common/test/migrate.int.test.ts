import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { applyMigrations, MigrationError } from '../src/migrate.ts';

let db: pg.Client;
const schema = `migrate_${process.pid}_${Date.now().toString(36)}`;
let dir: string;

function writeMigration(name: string, sql: string) {
  mkdirSync(path.join(dir, name), { recursive: true });
  writeFileSync(path.join(dir, name, 'migration.sql'), sql);
}

beforeAll(async () => {
  db = new pg.Client({ connectionString: inject('databaseUrl') });
  await db.connect();
  dir = mkdtempSync(path.join(tmpdir(), 'cfs-migrations-'));
  writeMigration('20260101000000_init', 'CREATE TABLE "things" ("id" TEXT PRIMARY KEY);\n');
});

afterAll(async () => {
  await db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await db.end();
});

describe('applyMigrations', () => {
  const target = () => ({ connectionString: inject('databaseUrl'), schema });

  it('applies pending migrations into the schema and records them as Prisma does', async () => {
    expect(await applyMigrations({ target: target(), migrationsDir: dir })).toEqual({ applied: ['20260101000000_init'] });
    const { rows } = await db.query(`SELECT migration_name, checksum, finished_at, applied_steps_count, rolled_back_at FROM "${schema}"._prisma_migrations`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ migration_name: '20260101000000_init', applied_steps_count: 1, rolled_back_at: null });
    expect(rows[0].checksum).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].finished_at).toBeInstanceOf(Date);
    await db.query(`SELECT id FROM "${schema}".things`);
  });

  it('is idempotent and applies only what is new, concurrently safe under the advisory lock', async () => {
    writeMigration('20260102000000_more', 'ALTER TABLE "things" ADD COLUMN "name" TEXT;\n');
    const results = await Promise.all([applyMigrations({ target: target(), migrationsDir: dir }), applyMigrations({ target: target(), migrationsDir: dir })]);
    expect(results.flatMap((r) => r.applied)).toEqual(['20260102000000_more']);
  });

  it('rolls back a failing migration completely and refuses it', async () => {
    writeMigration('20260103000000_broken', 'ALTER TABLE "things" ADD COLUMN "x" INT;\nSELECT no_such_function();\n');
    await expect(applyMigrations({ target: target(), migrationsDir: dir })).rejects.toBeInstanceOf(MigrationError);
    const { rows } = await db.query(`SELECT column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = 'things'`, [schema]);
    expect(rows.map((r) => r.column_name).sort()).toEqual(['id', 'name']);
    writeMigration('20260103000000_broken', 'ALTER TABLE "things" ADD COLUMN "x" INT;\n');
    expect((await applyMigrations({ target: target(), migrationsDir: dir })).applied).toEqual(['20260103000000_broken']);
  });

  it('refuses to run when an applied migration was modified', async () => {
    writeMigration('20260101000000_init', 'CREATE TABLE "things" ("id" TEXT PRIMARY KEY, "oops" TEXT);\n');
    await expect(applyMigrations({ target: target(), migrationsDir: dir })).rejects.toThrow(/modified after it was applied/);
  });
});
