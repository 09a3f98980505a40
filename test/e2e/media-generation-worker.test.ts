/**
 * Where generation runs when one media process serves the API too (MEDIA_ROLE=all, as `npm start`
 * runs it; services/media/README.md#where-generation-runs): the media deployable as a real process
 * against the OpenAI API stand-in, read from outside through /proc. The jobs run in a child
 * process at a lower scheduling priority (its nice value in /proc/<pid>/stat) that is restarted
 * when it dies, and that is gone once its parent stopped (SIGTERM) or was killed (SIGKILL).
 * Linux only, like the niced child itself.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callUnary, createClient, waitForServing } from '@cfs/common/grpc';
import { newServiceTokens } from '@cfs/common/service-auth';
import { loadProtos } from '@cfs/protos';
import type { MediaAdminServiceClient } from '@cfs/protos/generated/cfs/media/v1/MediaAdminService.js';
import { startAiFactsStandIn, type AiFactsStandIn } from '../support/ai-facts-standin.ts';
import { startOpenAiStandIn, type OpenAiStandIn } from '../support/openai-standin.ts';
import { eventually, freePort, startDeployable, type RunningProcess } from '../support/processes.ts';

/** Fields of /proc/<pid>/stat after the command name (which may hold spaces): state, ppid, … nice is field 19. */
function stat(pid: number): { state: string; ppid: number; nice: number } | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0]!, ppid: Number(fields[1]), nice: Number(fields[16]) };
  } catch {
    return undefined;
  }
}

/** The live processes whose parent is `ppid` and whose command line names the generation worker's entry. */
function generationChildren(ppid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => {
      const s = stat(pid);
      if (!s || s.ppid !== ppid || s.state === 'Z') return false;
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('generation-worker');
      } catch {
        return false;
      }
    });
}

/** Gone, or a zombie no one reaps (a container's init may not): either way it runs nothing. */
const stopped = (pid: number) => !existsSync(`/proc/${pid}`) || stat(pid)?.state === 'Z' || stat(pid) === undefined;

let standin: OpenAiStandIn;
let facts: AiFactsStandIn;
const tokens = newServiceTokens();
const schema = `genworker_${process.pid}_${Date.now().toString(36)}`;
const database = new URL(inject('databaseUrl'));
database.searchParams.set('schema', schema);
const running: RunningProcess[] = [];

async function startMedia(): Promise<{ media: RunningProcess; admin: MediaAdminServiceClient }> {
  const [grpcPort, httpPort] = [await freePort(), await freePort()];
  const media = startDeployable('services/media', {
    DATABASE_URL: database.toString(),
    MIGRATE_ON_START: 'true',
    SERVICE_CALLERS: tokens.callers,
    SERVICE_TOKEN: tokens.tokens.media,
    ACCOUNT_ADDR: facts.address,
    FEED_ADDR: facts.address,
    SEO_ADDR: facts.address,
    MEDIA_GRPC_HOST: '127.0.0.1',
    MEDIA_GRPC_PORT: String(grpcPort),
    MEDIA_HTTP_HOST: '127.0.0.1',
    MEDIA_HTTP_PORT: String(httpPort),
    MEDIA_DIR: mkdtempSync(path.join(tmpdir(), 'cfs-genworker-')),
    AI_PROVIDER: 'openai',
    AI_API_URL: standin.baseURL,
    AI_API_KEY: 'sk-test',
    MEDIA_ROLE: 'all',
  });
  running.push(media);
  await waitForServing(`127.0.0.1:${grpcPort}`, 60_000);
  return { media, admin: createClient(loadProtos().cfs.media.v1.MediaAdminService, `127.0.0.1:${grpcPort}`, tokens.tokens.admin) };
}

async function oneChild(parent: number): Promise<number> {
  let children: number[] = [];
  await eventually(async () => (children = generationChildren(parent)).length === 1, 60_000, 'one generation worker process');
  return children[0]!;
}

beforeAll(async () => {
  standin = await startOpenAiStandIn();
  facts = await startAiFactsStandIn({ tokens: tokens.tokens, profileVersion: 'p1' });
}, 60_000);

afterAll(async () => {
  await Promise.all(running.map((p) => p.kill()));
  await standin?.close();
  await facts?.close();
  const client = new pg.Client({ connectionString: inject('databaseUrl') });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await client.query(`DROP SCHEMA IF EXISTS "${schema}_jobs" CASCADE`);
  await client.end();
});

describe.runIf(process.platform === 'linux')('generation in a niced child process of the media process (MEDIA_ROLE=all)', () => {
  it('runs the jobs in a child at a lower priority, restarts it when it dies, and leaves none behind after SIGTERM', async () => {
    const { media, admin } = await startMedia();
    const parent = media.process.pid!;
    const child = await oneChild(parent);
    const [parentNice, childNice] = [stat(parent)!.nice, stat(child)!.nice];
    expect(childNice).toBeGreaterThan(parentNice);
    expect(childNice).toBe(Math.min(19, parentNice + 10));

    // A job queued through the API is generated (text and image from the stand-in) by the worker.
    facts.budgets.set('site_gw_1', 1000);
    await callUnary(
      admin,
      'QueueGenerations',
      {
        jobs: [
          {
            siteId: 'site_gw_1',
            budget: 1000,
            period: 'month',
            article: { id: 'art_gw_1', version: '2026-11-26T00:00:00.000Z', title: 'Robots', summary: 'Robots write news.', categories: ['tech'] },
            profile: { version: 'p1', siteName: 'Acme', locale: 'en-GB', keywords: ['ai'], tone: 'friendly', topics: ['technology'] },
          },
        ],
      },
      { deadlineMs: 10_000 },
    );
    const db = new pg.Client({ connectionString: inject('databaseUrl') });
    await db.connect();
    try {
      await eventually(
        async () => (await db.query(`SELECT 1 FROM "${schema}".ai_variants WHERE site_id = 'site_gw_1' AND image_key IS NOT NULL`)).rowCount === 1,
        60_000,
        'the variant, generated by the worker process',
      );
    } finally {
      await db.end();
    }
    admin.close();

    // Killed, it is started again: a new child, niced like the first.
    process.kill(child, 'SIGKILL');
    await eventually(async () => stopped(child), 30_000, 'the killed child gone');
    const second = await oneChild(parent);
    expect(second).not.toBe(child);
    expect(stat(second)!.nice).toBe(childNice);

    await media.kill('SIGTERM');
    await eventually(async () => stopped(second), 30_000, 'the child stopped with its parent (SIGTERM)');
  }, 180_000);

  it('leaves no worker behind when the parent is killed (SIGKILL)', async () => {
    const { media, admin } = await startMedia();
    admin.close();
    const child = await oneChild(media.process.pid!);
    await media.kill('SIGKILL');
    await eventually(async () => stopped(child), 30_000, 'the orphaned child gone (its IPC channel closed)');
  }, 120_000);
});
