/**
 * ListGenerations on the real PostgreSQL: a Site's recent generation attempts, newest first, with
 * the title of the Site's variant of each article and the safe reason of a failure; the dashboard
 * alone may ask.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as grpc from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DomainError } from '@cfs/common/errors';
import { callUnary, createClient, type GrpcServer } from '@cfs/common/grpc';
import { createLogger } from '@cfs/common/logger';
import { applyMigrations } from '@cfs/common/migrate';
import { newServiceTokens, ServiceCallers, type ServiceCaller } from '@cfs/common/service-auth';
import { createPgAdapter } from '@cfs/common/database';
import { loadProtos } from '@cfs/protos';
import type { MediaServiceClient } from '@cfs/protos/generated/cfs/media/v1/MediaService.js';
import { FileObjectStore } from '../src/object-store.ts';
import { createMediaService, mediaEnvSchema } from '../src/media-service.ts';
import { PrismaClient } from '../src/generated/prisma/client.ts';

const logger = createLogger('test', { level: process.env.TEST_LOG_LEVEL ?? 'silent' });
const target = { connectionString: inject('databaseUrl'), schema: `aigens_${process.pid}_${Date.now().toString(36)}` };
const { tokens } = newServiceTokens();

let media: GrpcServer | undefined;
let address: string;
let probe: PrismaClient;
const clients: MediaServiceClient[] = [];
const clientAs = (caller: ServiceCaller) => {
  const c = createClient(loadProtos().cfs.media.v1.MediaService, address, tokens[caller]);
  clients.push(c);
  return c;
};

beforeAll(async () => {
  await applyMigrations({ target, migrationsDir: new URL('../prisma/migrations', import.meta.url).pathname });
  probe = new PrismaClient({ adapter: await createPgAdapter(target, 2) });
  media = await createMediaService(mediaEnvSchema.parse({ MEDIA_HTTP_PORT: '0' }), {
    logger,
    database: target,
    poolSize: 2,
    callers: ServiceCallers.ofTokens(tokens),
    objectStore: new FileObjectStore(mkdtempSync(path.join(tmpdir(), 'cfs-aigens-'))),
  });
  address = `127.0.0.1:${await media.listen('127.0.0.1:0')}`;
}, 60_000);
afterAll(async () => {
  for (const c of clients) c.close();
  await media?.shutdown(2000);
  await probe?.$executeRawUnsafe(`DROP SCHEMA IF EXISTS "${target.schema}" CASCADE`);
  await probe?.$disconnect();
});

let seq = 0;
/** An attempt recorded as the jobs of src/ai/jobs.ts record one, `minutes` after a fixed start. */
const attempt = (siteId: string, articleId: string, minutes: number, extra: { outcome?: string; reason?: string; units?: number; attempt?: number } = {}) =>
  probe.aiGeneration.create({
    data: {
      id: `aig_test_${process.pid}_${++seq}`,
      siteId,
      articleId,
      articleVersion: '2026-11-25T00:00:00.000Z',
      profileVersion: 'p1',
      attempt: extra.attempt ?? 1,
      outcome: extra.outcome ?? 'generated',
      reason: extra.reason ?? null,
      units: extra.units ?? 11,
      createdAt: new Date(Date.UTC(2026, 10, 25, 12, minutes)),
    },
  });
const list = (caller: ServiceCaller, siteId: string, limit = 0) => callUnary(clientAs(caller), 'ListGenerations', { siteId, limit }, { deadlineMs: 5000 });

describe('ListGenerations', () => {
  it("answers the Site's attempts newest first, with its variant's title and a failure's safe reason", async () => {
    const site = `site_gens_${process.pid}_a`;
    await attempt(site, 'art_old', 1, { outcome: 'retry', reason: 'The AI provider is rate limiting requests (HTTP 429).', units: 0 });
    await attempt(site, 'art_old', 2, { outcome: 'generated', attempt: 2 });
    await attempt(site, 'art_new', 3, { outcome: 'partial', reason: 'The AI provider refused the request (HTTP 400).', units: 1 });
    await attempt(`site_gens_${process.pid}_other`, 'art_new', 4);
    await probe.aiVariant.create({
      data: {
        siteId: site,
        articleId: 'art_old',
        articleVersion: '2026-11-25T00:00:00.000Z',
        profileVersion: 'p1',
        title: 'Robots, for Acme',
        summary: 's',
        metaDescription: 'm',
        imageKey: null,
        units: 11,
        generatedAt: new Date(),
      },
    });
    const { generations } = await list('dashboard', site);
    expect(generations.map((g) => [g.articleId, g.outcome, g.attempt, g.units])).toEqual([
      ['art_new', 'partial', 1, 1],
      ['art_old', 'generated', 2, 11],
      ['art_old', 'retry', 1, 0],
    ]);
    expect(generations[0]).toMatchObject({ reason: 'The AI provider refused the request (HTTP 400).', createdAt: '2026-11-25T12:03:00.000Z' });
    expect(generations[0]!.variantTitle).toBeUndefined();
    expect(generations[1]).toMatchObject({ variantTitle: 'Robots, for Acme', articleVersion: '2026-11-25T00:00:00.000Z' });
    expect(generations[1]!.reason).toBeUndefined();
    expect(generations[1]!.id).toMatch(/^aig_/);
  });

  it('answers 20 by default and at most `limit`, an empty list for a Site without any, and refuses a limit over 100', async () => {
    const site = `site_gens_${process.pid}_b`;
    for (let i = 0; i < 25; i++) await attempt(site, `art_${i}`, i);
    const all = (await list('dashboard', site)).generations;
    expect(all).toHaveLength(20);
    expect(all[0]!.articleId).toBe('art_24');
    expect((await list('dashboard', site, 3)).generations.map((g) => g.articleId)).toEqual(['art_24', 'art_23', 'art_22']);
    expect((await list('dashboard', site, 100)).generations).toHaveLength(25);
    expect((await list('dashboard', `site_gens_${process.pid}_none`)).generations).toEqual([]);
    await expect(list('dashboard', site, 101)).rejects.toMatchObject({ code: 'MALFORMED_REQUEST' });
  });

  it('is for the dashboard only: the gateway and the operator CLI are refused', async () => {
    for (const caller of ['gateway', 'admin'] as const) {
      const err = (await list(caller, 'site_x').catch((e: unknown) => e)) as DomainError;
      expect(err, caller).toBeInstanceOf(DomainError);
      expect((err.cause as grpc.ServiceError | undefined)?.code, caller).toBe(grpc.status.PERMISSION_DENIED);
    }
  });
});
