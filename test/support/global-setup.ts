/**
 * Once per test run: a database of its own on the real PostgreSQL (TEST_DATABASE_ADMIN_URL,
 * default postgresql://postgres@127.0.0.1:5432/postgres), every service's migrations applied into
 * its schema, and a Redis key prefix of its own. Dropped again at the end.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { applyMigrations } from '@cfs/common/migrate';
import { MIGRATED_SERVICES, migrationsDirOf } from './services.ts';

export default async function setup(project: TestProject) {
  // The dashboard's browser assets and the gateway's API reference page are build outputs
  // (services/dashboard/scripts/build-assets.mjs, gateway/scripts/build-api-reference.ts).
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  execFileSync(process.execPath, ['scripts/build-assets.mjs'], { cwd: path.join(root, 'services/dashboard'), stdio: 'inherit' });
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-api-reference.ts'], { cwd: path.join(root, 'gateway'), stdio: 'inherit' });
  const admin = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
  const runId = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const database = `cfs_test_${runId}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE "${database}"`);
  const url = new URL(admin);
  url.pathname = `/${database}`;
  const databaseUrl = url.toString();
  for (const service of MIGRATED_SERVICES) {
    await applyMigrations({ target: { connectionString: databaseUrl, schema: service }, migrationsDir: migrationsDirOf(service) });
  }
  project.provide('databaseUrl', databaseUrl);
  project.provide('redisUrl', process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
  project.provide('redisPrefix', `cfs:test:${runId}:`);

  return async () => {
    await client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await client.end();
  };
}
