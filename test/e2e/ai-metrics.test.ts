/**
 * The AI generation metrics (services/media/README.md#metrics-of-ai-generation), scraped from the Prometheus endpoint of a media
 * process (OTEL_METRICS_EXPORTER=prometheus) generating against the OpenAI API stand-in, in a schema
 * of its own: generations by kind and outcome, budget units by operation, provider call durations,
 * and the queue's depth and oldest job age. Counters are read as differences between two scrapes.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callUnary, createClient, waitForServing } from '@cfs/common/grpc';
import { newServiceTokens } from '@cfs/common/service-auth';
import { loadProtos } from '@cfs/protos';
import type { GenerationJob } from '@cfs/protos/generated/cfs/media/v1/GenerationJob.js';
import type { MediaAdminServiceClient } from '@cfs/protos/generated/cfs/media/v1/MediaAdminService.js';
import { startAiFactsStandIn, type AiFactsStandIn } from '../support/ai-facts-standin.ts';
import { samplesOf, scrape, valueOf } from '../support/metrics.ts';
import { startOpenAiStandIn, type OpenAiStandIn } from '../support/openai-standin.ts';
import { eventually, freePort, startDeployable, type RunningProcess } from '../support/processes.ts';

let media: RunningProcess;
let standin: OpenAiStandIn;
// Account, feed and seo, which a job asks for the Site's budget and the current versions when it runs.
let facts: AiFactsStandIn;
let client: MediaAdminServiceClient;
let metricsPort: number;

beforeAll(async () => {
  standin = await startOpenAiStandIn();
  const [grpcPort, httpPort] = [await freePort(), await freePort()];
  metricsPort = await freePort();
  const database = new URL(inject('databaseUrl'));
  database.searchParams.set('schema', `aimetrics_${process.pid}_${Date.now().toString(36)}`);
  const { tokens, callers } = newServiceTokens();
  facts = await startAiFactsStandIn({ tokens, profileVersion: 'p1' });
  media = startDeployable('services/media', {
    DATABASE_URL: database.toString(),
    MIGRATE_ON_START: 'true',
    SERVICE_CALLERS: callers,
    SERVICE_TOKEN: tokens.media,
    ACCOUNT_ADDR: facts.address,
    FEED_ADDR: facts.address,
    SEO_ADDR: facts.address,
    MEDIA_GRPC_HOST: '127.0.0.1',
    MEDIA_GRPC_PORT: String(grpcPort),
    MEDIA_HTTP_HOST: '127.0.0.1',
    MEDIA_HTTP_PORT: String(httpPort),
    MEDIA_DIR: mkdtempSync(path.join(tmpdir(), 'cfs-aimetrics-')),
    AI_PROVIDER: 'openai',
    AI_API_URL: standin.baseURL,
    AI_API_KEY: 'sk-test',
    OTEL_METRICS_EXPORTER: 'prometheus',
    OTEL_EXPORTER_PROMETHEUS_HOST: '127.0.0.1',
    OTEL_EXPORTER_PROMETHEUS_PORT: String(metricsPort),
  });
  await waitForServing(`127.0.0.1:${grpcPort}`, 30_000);
  client = createClient(loadProtos().cfs.media.v1.MediaAdminService, `127.0.0.1:${grpcPort}`, tokens.admin);
}, 60_000);

afterAll(async () => {
  client?.close();
  await media?.kill();
  await standin?.close();
  await facts?.close();
});

let seq = 0;
const job = (articleId: string, budget = 1000): GenerationJob => {
  const siteId = `site_metrics_${++seq}`;
  facts.budgets.set(siteId, budget);
  return {
    siteId,
    budget,
    period: 'month',
    article: { id: articleId, version: '2026-11-26T00:00:00.000Z', title: `Robots ${articleId}`, summary: 'Robots write news.', categories: ['tech'] },
    profile: { version: 'p1', siteName: 'Acme', locale: 'en-GB', keywords: ['ai'], tone: 'friendly', topics: ['technology'] },
  };
};
const queue = (...jobs: GenerationJob[]) => callUnary(client, 'QueueGenerations', { jobs }, { deadlineMs: 10_000 });

type Labels = Record<string, string>;
/** What moved between two scrapes. */
function delta(before: string, after: string) {
  return (name: string, labels: Labels = {}) => valueOf(after, name, labels) - valueOf(before, name, labels);
}
const generations = 'cfs_ai_generations_total';
const units = 'cfs_ai_budget_units_total';
const calls = 'cfs_ai_provider_call_duration_seconds_count';
const ops = (d: ReturnType<typeof delta>) => Object.fromEntries(['reserved', 'settled', 'released', 'denied'].map((op) => [op, d(units, { op })]));

/** Queues the jobs, then scrapes until `done` holds for what moved since (the metrics are recorded as the job goes). */
async function moved(jobs: GenerationJob[], done: (d: ReturnType<typeof delta>) => boolean): Promise<ReturnType<typeof delta>> {
  const before = await scrape(metricsPort);
  await queue(...jobs);
  let d = delta(before, before);
  await eventually(async () => done((d = delta(before, await scrape(metricsPort)))), 30_000, 'the metrics of the generation');
  return d;
}

describe('AI generation metrics on the media process (OTEL_METRICS_EXPORTER=prometheus)', () => {
  it('a generation counts its text and image, reserves and settles the article cost (11), and times both calls', async () => {
    const d = await moved([job('art_ok')], (d) => d(units, { op: 'settled' }) === 11);
    expect(d(generations, { provider: 'openai', kind: 'text', outcome: 'generated' })).toBe(1);
    expect(d(generations, { provider: 'openai', kind: 'image', outcome: 'generated' })).toBe(1);
    expect(d(generations)).toBe(2);
    expect(ops(d)).toEqual({ reserved: 11, settled: 11, released: 0, denied: 0 });
    expect(d(calls, { kind: 'text', outcome: 'generated' })).toBe(1);
    expect(d(calls, { kind: 'image', outcome: 'generated' })).toBe(1);
    expect(d('cfs_ai_provider_call_duration_seconds_sum', { kind: 'image' })).toBeGreaterThan(0);
    const text = await scrape(metricsPort);
    expect(text).toContain('# TYPE cfs_ai_provider_call_duration_seconds histogram');
    expect(text).toContain('# TYPE cfs_ai_generations_total counter');
    expect(text).toContain('# TYPE cfs_ai_budget_units_total counter');
  });

  it('a failing call (HTTP 500) is counted transient with its reason, its reservation released, and the retry settles', async () => {
    standin.next({ status: 500 });
    const d = await moved([job('art_retry')], (d) => d(units, { op: 'settled' }) === 11);
    expect(d(generations, { kind: 'text', outcome: 'transient', reason: 'provider_error' })).toBe(1);
    expect(d(generations, { kind: 'text', outcome: 'generated' })).toBe(1);
    expect(d(generations, { kind: 'image', outcome: 'generated' })).toBe(1);
    expect(ops(d)).toEqual({ reserved: 22, settled: 11, released: 11, denied: 0 });
    expect(d(calls, { kind: 'text', outcome: 'transient' })).toBe(1);
  });

  it('an image refused for content policy is counted permanent, and the rest of the reservation is released', async () => {
    standin.next({}, { status: 400, errorCode: 'content_policy_violation' });
    const d = await moved([job('art_refused')], (d) => d(units, { op: 'settled' }) === 1);
    expect(d(generations, { kind: 'image', outcome: 'permanent', reason: 'refused' })).toBe(1);
    expect(d(generations, { kind: 'text', outcome: 'generated' })).toBe(1);
    expect(ops(d)).toEqual({ reserved: 11, settled: 1, released: 10, denied: 0 });
  });

  it('an article the budget cannot hold is counted as denied units, with no provider call', async () => {
    const d = await moved([job('art_poor', 5)], (d) => d(units, { op: 'denied' }) === 11);
    expect(ops(d)).toEqual({ reserved: 0, settled: 0, released: 0, denied: 11 });
    expect(d(generations)).toBe(0);
  });

  it('the queue gauges show jobs queued and active and the oldest job age while a slow call holds the worker, then an empty queue', async () => {
    // The worker takes 5 jobs at a time and completes them together: while one call waits 8 s, five are
    // active and two queued. The gauges are read at most every 5 s, so 8 s leaves a reading inside.
    standin.next({ delayMs: 8000 });
    await queue(...Array.from({ length: 7 }, (_, i) => job(`art_q${i}`)));
    let text = '';
    await eventually(
      async () => {
        text = await scrape(metricsPort);
        return valueOf(text, 'cfs_ai_queue_jobs', { state: 'queued' }) >= 1 && valueOf(text, 'cfs_ai_queue_jobs', { state: 'active' }) >= 1;
      },
      8000,
      'jobs queued and active',
    );
    expect(valueOf(text, 'cfs_ai_queue_oldest_job_age_seconds')).toBeGreaterThan(0);
    expect(
      samplesOf(text, 'cfs_ai_queue_jobs')
        .map((s) => s.labels.state)
        .sort(),
    ).toEqual(['active', 'deferred', 'queued']);
    expect(text).toContain('# TYPE cfs_ai_queue_oldest_job_age_seconds gauge');
    await eventually(
      async () => {
        text = await scrape(metricsPort);
        return valueOf(text, 'cfs_ai_queue_jobs') === 0 && valueOf(text, 'cfs_ai_queue_oldest_job_age_seconds') === 0;
      },
      30_000,
      'an empty queue',
    );
  }, 60_000);
});
