/**
 * Generation as the embedded launcher runs it (MEDIA_ROLE=all with render threads;
 * services/media/README.md#where-generation-runs), in the media service on the real PostgreSQL: the
 * jobs run in this process, their provider calls in niced threads of it. A render thread that dies
 * in the middle of a job loses nothing: the attempt is recorded as a retry, its reservation goes
 * back, and pg-boss runs the job again on a new thread, which stores the variant and charges it
 * once. Shutdown ends the threads. Linux only, like the threads' priority.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callUnary, createClient, type GrpcServer } from '@cfs/common/grpc';
import { createPgAdapter } from '@cfs/common/database';
import { createLogger } from '@cfs/common/logger';
import { applyMigrations } from '@cfs/common/migrate';
import { newServiceTokens, ServiceCallers } from '@cfs/common/service-auth';
import { loadProtos } from '@cfs/protos';
import type { MediaAdminServiceClient } from '@cfs/protos/generated/cfs/media/v1/MediaAdminService.js';
import { FileObjectStore } from '../src/object-store.ts';
import { createMediaService, mediaEnvSchema } from '../src/media-service.ts';
import { PrismaClient } from '../src/generated/prisma/client.ts';
import { standaloneFacts } from './standalone-facts.ts';

const FAULTY = fileURLToPath(new URL('./fixtures/faulty-render-thread.ts', import.meta.url));
const logger = createLogger('test', { level: process.env.TEST_LOG_LEVEL ?? 'silent' });
const target = { connectionString: inject('databaseUrl'), schema: `renderthreads_${process.pid}_${Date.now().toString(36)}` };
const { tokens } = newServiceTokens();
const facts = standaloneFacts({ article: '2026-11-27T00:00:00.000Z', profile: 'p1' });

let media: (GrpcServer & { renderThreadIds: () => number[] }) | undefined;
let client: MediaAdminServiceClient;
let probe: PrismaClient;

function niceOf(tid: number | 'thread-self'): number {
  const text = readFileSync(tid === 'thread-self' ? '/proc/thread-self/stat' : `/proc/self/task/${tid}/stat`, 'utf8');
  return Number(text.slice(text.lastIndexOf(')') + 2).split(' ')[16]);
}

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  await applyMigrations({ target, migrationsDir: new URL('../prisma/migrations', import.meta.url).pathname });
  probe = new PrismaClient({ adapter: await createPgAdapter(target, 2) });
  // The fixture's thread ends itself on the first image call for an article titled `exit`, then never again.
  process.env.CFS_TEST_FAULT_ONCE = path.join(mkdtempSync(path.join(tmpdir(), 'cfs-renderthreads-')), 'failed');
  media = await createMediaService(mediaEnvSchema.parse({ AI_PROVIDER: 'local', MEDIA_ROLE: 'all', MEDIA_HTTP_PORT: '0', AI_WORKER_CONCURRENCY: '1' }), {
    logger,
    database: target,
    poolSize: 4,
    callers: ServiceCallers.ofTokens(tokens),
    objectStore: new FileObjectStore(mkdtempSync(path.join(tmpdir(), 'cfs-renderthreads-'))),
    aiFacts: facts,
    generationThreads: { entry: FAULTY },
  });
  const port = await media.listen('127.0.0.1:0');
  client = createClient(loadProtos().cfs.media.v1.MediaAdminService, `127.0.0.1:${port}`, tokens.admin);
}, 60_000);

afterAll(async () => {
  delete process.env.CFS_TEST_FAULT_ONCE;
  client?.close();
  await media?.shutdown(2000);
  await probe?.$executeRawUnsafe(`DROP SCHEMA IF EXISTS "${target.schema}" CASCADE`);
  await probe?.$executeRawUnsafe(`DROP SCHEMA IF EXISTS "${target.schema}_jobs" CASCADE`);
  await probe?.$disconnect();
});

describe.runIf(process.platform === 'linux')('generation with render threads (the embedded launcher)', () => {
  it('retries the job whose render thread died, on a new niced thread, and charges the variant once; shutdown ends the threads', async () => {
    const siteId = 'site_threads_1';
    facts.budgets.set(siteId, 1000);
    const article = { id: 'art_exit', version: '2026-11-27T00:00:00.000Z', title: 'exit', summary: 'A render thread dies here once.', categories: ['tech'] };
    const profile = { version: 'p1', siteName: 'Acme', locale: 'en-GB', keywords: ['ai'], tone: 'friendly', topics: ['technology'] };
    expect(
      await callUnary(client, 'QueueGenerations', { jobs: [{ siteId, budget: 1000, period: 'month', article, profile }] }, { deadlineMs: 10_000 }),
    ).toEqual({
      queued: 1,
    });

    const outcomes = async () => (await probe.aiGeneration.findMany({ where: { siteId }, orderBy: { createdAt: 'asc' } })).map((g) => g.outcome);
    await until(async () => (await outcomes()).includes('generated'), 'the job generated on its retry');
    expect(await outcomes()).toEqual(['retry', 'generated']);
    const variant = await probe.aiVariant.findFirst({ where: { siteId, articleId: 'art_exit' } });
    expect(variant?.imageKey).toMatch(/^ai\/[0-9a-f]{64}\.png$/);
    const used = await probe.aiUsageEntry.aggregate({ where: { siteId }, _sum: { units: true } });
    expect(Number(used._sum.units)).toBe(11);
    expect(await probe.aiReservation.count({ where: { siteId, state: 'open' } })).toBe(0);

    // The thread that replaced the dead one is niced; this (the service's) thread is not.
    const tids = media!.renderThreadIds();
    expect(tids).toHaveLength(1);
    expect(niceOf(tids[0]!)).toBe(Math.min(19, niceOf('thread-self') + 10));

    await media!.shutdown(2000);
    media = undefined;
    expect(tids.filter((tid) => existsSync(`/proc/self/task/${tid}`))).toEqual([]);
  }, 120_000);
});
