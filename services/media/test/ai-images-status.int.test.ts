/**
 * The AI image status computed from real calls, and the operator's pause, on the real PostgreSQL
 * with two media replicas working one queue against the OpenAI API stand-in (which counts calls):
 * image calls failing transiently turn the status degraded and recovery turns it operational; a
 * pause set on one replica stops every provider call on both, leaves the jobs queued, uncharged and
 * with their attempts, and they run once the pause ends.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { callUnary, createClient, type GrpcServer } from '@cfs/common/grpc';
import { createPgAdapter } from '@cfs/common/database';
import { createLogger } from '@cfs/common/logger';
import { applyMigrations } from '@cfs/common/migrate';
import { newServiceTokens, ServiceCallers } from '@cfs/common/service-auth';
import { loadProtos } from '@cfs/protos';
import type { GenerationJob } from '@cfs/protos/generated/cfs/media/v1/GenerationJob.js';
import type { MediaAdminServiceClient } from '@cfs/protos/generated/cfs/media/v1/MediaAdminService.js';
import type { MediaServiceClient } from '@cfs/protos/generated/cfs/media/v1/MediaService.js';
import { startOpenAiStandIn, type OpenAiStandIn, type StandInAnswer } from '../../../test/support/openai-standin.ts';
import { IMAGES_STATUS_REASONS as REASONS, PAUSE_CHECK_MS, RECENT_IMAGE_CALLS } from '../src/ai/images-status.ts';
import { GENERATION_QUEUE } from '../src/ai/jobs.ts';
import { PrismaClient } from '../src/generated/prisma/client.ts';
import { createMediaService, mediaEnvSchema } from '../src/media-service.ts';
import { FileObjectStore } from '../src/object-store.ts';
import { standaloneFacts } from './standalone-facts.ts';

const logger = createLogger('test', { level: process.env.TEST_LOG_LEVEL ?? 'silent' });
const target = { connectionString: inject('databaseUrl'), schema: `aistatus_${process.pid}_${Date.now().toString(36)}` };
const { tokens } = newServiceTokens();
// The jobs' versions are current, and each Site's plan has the budget its jobs name.
const facts = standaloneFacts({ article: '2026-11-25T00:00:00.000Z', profile: 'p1' });
const mediaDir = mkdtempSync(path.join(tmpdir(), 'cfs-aistatus-'));

let standin: OpenAiStandIn;
let probe: PrismaClient;
const replicas: Array<{ media: GrpcServer; admin: MediaAdminServiceClient; reader: MediaServiceClient }> = [];

async function startReplica(): Promise<(typeof replicas)[number]> {
  // One attempt a job: each image call's outcome is final, so a test can script them one by one.
  const env = mediaEnvSchema.parse({
    AI_PROVIDER: 'openai',
    AI_API_URL: standin.baseURL,
    AI_API_KEY: 'sk-test',
    AI_MAX_ATTEMPTS: '1',
    MEDIA_HTTP_PORT: '0',
    // The jobs run in this process, where the test's in-memory facts are (MEDIA_ROLE=all would run them in a child process).
    MEDIA_ROLE: 'worker',
  });
  const media = await createMediaService(env, {
    logger,
    database: target,
    poolSize: 4,
    callers: ServiceCallers.ofTokens(tokens),
    objectStore: new FileObjectStore(mediaDir),
    aiFacts: facts,
  });
  const address = `127.0.0.1:${await media.listen('127.0.0.1:0')}`;
  const { cfs } = loadProtos();
  return {
    media,
    admin: createClient(cfs.media.v1.MediaAdminService, address, tokens.admin),
    reader: createClient(cfs.media.v1.MediaService, address, tokens.gateway),
  };
}

beforeAll(async () => {
  await applyMigrations({ target, migrationsDir: new URL('../prisma/migrations', import.meta.url).pathname });
  probe = new PrismaClient({ adapter: await createPgAdapter(target, 2) });
  standin = await startOpenAiStandIn();
  replicas.push(await startReplica(), await startReplica());
}, 60_000);
afterEach(async () => {
  await setStatus('operational');
  standin.reset();
});
afterAll(async () => {
  for (const r of replicas) {
    r.admin.close();
    r.reader.close();
    await r.media.shutdown(2000);
  }
  await standin?.close();
  await probe?.$executeRawUnsafe(`DROP SCHEMA IF EXISTS "${target.schema}" CASCADE`);
  await probe?.$executeRawUnsafe(`DROP SCHEMA IF EXISTS "${target.schema}_jobs" CASCADE`);
  await probe?.$disconnect();
});

const opts = { deadlineMs: 10_000 };
const status = (replica = 0) => callUnary(replicas[replica]!.reader, 'GetAiImagesStatus', {}, opts);
const setStatus = (s: string, replica = 0) => callUnary(replicas[replica]!.admin, 'SetAiImagesStatus', { status: s }, opts);
const queue = (replica: number, ...jobs: GenerationJob[]) => callUnary(replicas[replica]!.admin, 'QueueGenerations', { jobs }, opts);

let seq = 0;
const newSite = () => `site_status_${process.pid}_${++seq}`;
const job = (siteId: string, articleId: string): GenerationJob => ({
  siteId,
  budget: 1000,
  period: 'month',
  article: { id: articleId, version: '2026-11-25T00:00:00.000Z', title: `Robots ${articleId}`, summary: 'Robots write news.', categories: ['tech'] },
  profile: { version: 'p1', siteName: 'Acme', locale: 'en-GB', keywords: ['ai'], tone: 'friendly', topics: ['technology'] },
});
const used = async (siteId: string) => Number((await probe.aiUsageEntry.aggregate({ where: { siteId }, _sum: { units: true } }))._sum.units ?? 0);
const generations = (siteId: string) => probe.aiGeneration.findMany({ where: { siteId }, orderBy: { createdAt: 'asc' } });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls (bounded) until `check` holds. */
async function until(check: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

/** One job at a time with the stand-in's answers to its text and its image, until its outcome is logged. */
async function generate(image: StandInAnswer): Promise<void> {
  const site = newSite();
  standin.next({}, image);
  await queue(seq % 2, job(site, 'art_1'));
  await until(async () => (await generations(site)).length > 0, `the outcome of ${site}`);
}

/** The jobs of a Site waiting in pg-boss's queue, and how many attempts each has used. */
async function queuedJobs(siteId: string): Promise<Array<{ state: string; retry_count: number }>> {
  return probe.$queryRawUnsafe(
    `SELECT state, retry_count FROM "${target.schema}_jobs".job WHERE name = $1 AND data->>'siteId' = $2 AND state IN ('created', 'retry', 'active')`,
    GENERATION_QUEUE,
    siteId,
  );
}

describe('the AI image status', () => {
  it('turns degraded when most recent image calls fail transiently, and operational again once most succeed', async () => {
    expect(await status()).toMatchObject({ status: 'operational', reason: REASONS.idle });
    for (let i = 0; i < 6; i++) await generate({ status: 503 });
    // Both replicas answer from the same calls.
    for (const replica of [0, 1]) expect(await status(replica)).toMatchObject({ status: 'degraded', reason: REASONS.failing });
    const checked = await status();
    expect(Date.now() - Date.parse(checked.checkedAt)).toBeLessThan(5000);
    expect(checked.updatedAt).toBe(new Date(0).toISOString());

    // A refusal is the provider's word on one prompt, not an outage: it does not count as failing.
    await generate({ status: 400, errorCode: 'content_policy_violation' });
    expect((await status()).status).toBe('degraded');
    for (let i = 0; i < 4; i++) {
      await generate({});
      // 6 transient failures of the last 10 at most: still degraded until the 4th success.
      expect((await status()).status).toBe(i < 3 ? 'degraded' : 'operational');
    }
    expect(await status()).toMatchObject({ status: 'operational', reason: REASONS.working });
    // Each write prunes what the window no longer reads.
    expect(await probe.aiImageCall.count()).toBeLessThanOrEqual(RECENT_IMAGE_CALLS);
  }, 90_000);

  it("shows the operator's degraded and pause over the computed value; operational hands it back", async () => {
    await generate({});
    const set = await setStatus('degraded', 1);
    expect(await status()).toMatchObject({ status: 'degraded', reason: REASONS.degradedByOperator, updatedAt: set.updatedAt });
    await setStatus('paused', 1);
    expect(await status()).toMatchObject({ status: 'paused', reason: REASONS.pausedByOperator });
    await setStatus('operational', 1);
    expect(await status()).toMatchObject({ status: 'operational', reason: REASONS.working });
  });
});

describe("the operator's pause", () => {
  it('stops every provider call on every replica; the jobs stay queued, uncharged, with their attempts, and run after it', async () => {
    await setStatus('paused', 0);
    await sleep(PAUSE_CHECK_MS + 200); // the other replica's view of the status is at most this old
    const site = newSite();
    expect(await queue(1, job(site, 'art_p1'), job(site, 'art_p2'), job(site, 'art_p3'))).toEqual({ queued: 3 });
    await sleep(4000); // both replicas poll every 0.5 s: each has taken, and put back, what it could
    expect(standin.requests).toHaveLength(0);
    expect(await generations(site)).toEqual([]);
    expect(await used(site)).toBe(0);
    expect(await probe.aiReservation.count({ where: { siteId: site } })).toBe(0);
    const waiting = await queuedJobs(site);
    expect(waiting.map((j) => j.retry_count)).toEqual([0, 0, 0]);
    expect(await status(1)).toMatchObject({ status: 'paused', reason: REASONS.pausedByOperator });

    await setStatus('operational', 1);
    await until(async () => (await generations(site)).length === 3, 'three outcomes');
    expect(await probe.aiVariant.count({ where: { siteId: site } })).toBe(3);
    const logged = await generations(site);
    expect(logged.map((g) => [g.outcome, g.attempt])).toEqual([
      ['generated', 1],
      ['generated', 1],
      ['generated', 1],
    ]);
    expect(await used(site)).toBe(33);
    expect(standin.chats).toHaveLength(3);
    expect(standin.images).toHaveLength(3);
  }, 60_000);

  it('lets a call in flight finish but makes no image call after it; the article is not charged and runs again after the pause', async () => {
    const site = newSite();
    standin.next({ delayMs: 2500 });
    await queue(0, job(site, 'art_f'));
    await until(async () => standin.requests.length === 1, 'the text call under way');
    await setStatus('paused', 1);
    await until(async () => standin.chats.length === 1, 'the text call answered');
    await sleep(3000);
    expect(standin.images).toHaveLength(0);
    expect(await generations(site)).toEqual([]);
    expect(await used(site)).toBe(0);
    expect(await probe.aiReservation.count({ where: { siteId: site, state: 'open' } })).toBe(0);
    expect(await queuedJobs(site)).toHaveLength(1);

    await setStatus('operational', 0);
    // A variant is stored before its units are settled and its outcome logged: wait for the outcome.
    await until(async () => (await generations(site)).length === 1, 'the outcome');
    expect(await probe.aiVariant.count({ where: { siteId: site } })).toBe(1);
    expect((await generations(site)).map((g) => g.outcome)).toEqual(['generated']);
    expect(await used(site)).toBe(11);
    // The text made before the pause was not kept: it was asked again.
    expect(standin.chats).toHaveLength(2);
    expect(standin.images).toHaveLength(1);
  }, 60_000);
});
