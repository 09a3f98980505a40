/** Media objects on the real PostgreSQL: writers of one key at once (two Sites' generations of the same image). */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPgAdapter } from '@cfs/common/database';
import { applyMigrations } from '@cfs/common/migrate';
import { PrismaClient } from '../src/generated/prisma/client.ts';
import { putObject } from '../src/media.ts';
import { FileObjectStore } from '../src/object-store.ts';

const target = { connectionString: inject('databaseUrl'), schema: `mediaobj_${process.pid}_${Date.now().toString(36)}` };
const store = new FileObjectStore(mkdtempSync(path.join(tmpdir(), 'cfs-mediaobj-')));
let db: PrismaClient;

beforeAll(async () => {
  await applyMigrations({ target, migrationsDir: new URL('../prisma/migrations', import.meta.url).pathname });
  db = new PrismaClient({ adapter: await createPgAdapter(target, 8) });
  await store.ensureReady();
});
afterAll(async () => {
  await db?.$executeRawUnsafe(`DROP SCHEMA IF EXISTS "${target.schema}" CASCADE`);
  await db?.$disconnect();
});

const put = (key: string, bytes: Buffer) => putObject(db, store, { key, contentType: 'image/png', bytes, maxBytes: 1024 });

describe('putObject', () => {
  it('stores one object when many writers put the same bytes under one key at once, and answers each the same', async () => {
    const bytes = Buffer.from('the same png bytes');
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => put('ai/same.png', bytes)));
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    expect(new Set(results.map((r) => (r as PromiseFulfilledResult<{ sha256: string }>).value.sha256)).size).toBe(1);
    expect(await db.mediaObject.count({ where: { key: 'ai/same.png' } })).toBe(1);
  });

  it('refuses other bytes under a key, also when they arrive at the same time as the first', async () => {
    const results = await Promise.allSettled([put('ai/race.png', Buffer.from('first')), put('ai/race.png', Buffer.from('second'))]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.code)).toEqual(['CONFLICT']);
  });
});
