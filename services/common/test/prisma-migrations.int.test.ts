/**
 * Migration authoring works on a fresh clone (the vendored offline schema engine, scripts/prisma.sh),
 * and every service's committed migrations produce exactly its schema.prisma: `prisma migrate diff
 * --from-migrations … --to-schema …` replays them into a shadow database and finds nothing to add.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../..');
const SERVICES = ['identity', 'account', 'feed', 'billing', 'seo', 'media'];
const base = new URL(inject('databaseUrl'));
const shadow = `${base.pathname.slice(1)}_shadow`.slice(0, 63);
let admin: pg.Client;

beforeAll(async () => {
  const url = new URL(base);
  url.pathname = '/postgres';
  admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${shadow}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${shadow}"`);
});
afterAll(async () => {
  await admin?.query(`DROP DATABASE IF EXISTS "${shadow}" WITH (FORCE)`);
  await admin?.end();
});

describe('prisma migrate diff (offline schema engine)', () => {
  it.each(SERVICES)(
    '%s: the committed migrations are its schema, nothing missing',
    async (service) => {
      const shadowUrl = new URL(base);
      shadowUrl.pathname = `/${shadow}`;
      shadowUrl.searchParams.set('schema', service);
      const { stdout } = await run(
        'bash',
        [
          '../common/scripts/prisma.sh',
          'migrate',
          'diff',
          '--from-migrations',
          'prisma/migrations',
          '--to-schema',
          'prisma/schema.prisma',
          '--script',
          '--exit-code',
        ],
        {
          cwd: path.join(ROOT, 'services', service),
          env: { ...process.env, DATABASE_URL: base.toString(), SHADOW_DATABASE_URL: shadowUrl.toString() },
        },
      );
      expect(stdout).toContain('This is an empty migration.');
    },
    120_000,
  );
});
