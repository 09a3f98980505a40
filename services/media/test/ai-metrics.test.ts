/**
 * The AI metrics in process, through the real Prometheus exporter (common/telemetry.ts): the
 * provider decorator's counts and durations by kind and outcome (failures rethrown as they were),
 * and the queue gauges, read at most once per period whatever the number of scrapes (and none once
 * unregistered).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger, type Logger } from '@cfs/common/logger';
import { startTelemetry, type Telemetry } from '@cfs/common/telemetry';
import { freePort } from '../../../test/support/processes.ts';
import { samplesOf, scrape, valueOf } from '../../../test/support/metrics.ts';
import { measuredProvider, observeGenerationQueue, type QueueSnapshot } from '../src/ai/metrics.ts';
import { AiProviderError, type AiProvider, type AiRequest } from '../src/ai/providers/index.ts';

let telemetry: Telemetry;
let port: number;
const request: AiRequest = { article: { id: 'a1', title: 'Robots', categories: [] }, profile: null };
const PNG = Buffer.from('89504e470d0a1a0a00', 'hex');

beforeAll(async () => {
  port = await freePort();
  telemetry = await startTelemetry('media-test', {
    env: { OTEL_METRICS_EXPORTER: 'prometheus', OTEL_EXPORTER_PROMETHEUS_HOST: '127.0.0.1', OTEL_EXPORTER_PROMETHEUS_PORT: String(port) },
  });
});
afterAll(() => telemetry?.shutdown());

describe('measuredProvider', () => {
  it('counts and times each call by provider, kind and outcome, with the reason of a failure, and rethrows the failure unchanged', async () => {
    const failures = [new AiProviderError('rate_limited', { status: 429 }), new AiProviderError('refused', { status: 400 }), new TypeError('a bug')];
    const inner: AiProvider = {
      name: 'openai',
      models: { text: 't', image: 'i' },
      generateText: async () => ({ title: 'T', summary: 'S', metaDescription: 'M' }),
      generateImage: async () => {
        const failure = failures.shift();
        if (failure) throw failure;
        await new Promise((r) => setTimeout(r, 30));
        return { bytes: PNG, contentType: 'image/png' };
      },
    };
    const provider = measuredProvider(inner);
    expect(provider.name).toBe('openai');
    expect(provider.models).toBe(inner.models);
    expect(await provider.generateText(request)).toEqual({ title: 'T', summary: 'S', metaDescription: 'M' });
    const thrown: unknown[] = [];
    for (let i = 0; i < 3; i++) await provider.generateImage(request).catch((err: unknown) => thrown.push(err));
    expect((await provider.generateImage(request)).bytes).toBe(PNG);
    expect(thrown.map((e) => (e as Error).name)).toEqual(['AiProviderError', 'AiProviderError', 'TypeError']);

    const text = await scrape(port);
    const generations = (labels: Record<string, string>) => valueOf(text, 'cfs_ai_generations_total', { provider: 'openai', ...labels });
    expect(generations({ kind: 'text', outcome: 'generated' })).toBe(1);
    expect(generations({ kind: 'image', outcome: 'generated' })).toBe(1);
    expect(generations({ kind: 'image', outcome: 'transient', reason: 'rate_limited' })).toBe(1);
    expect(generations({ kind: 'image', outcome: 'permanent', reason: 'refused' })).toBe(1);
    expect(generations({ kind: 'image', outcome: 'transient', reason: 'unexpected' })).toBe(1);
    expect(samplesOf(text, 'cfs_ai_generations_total', { outcome: 'generated' }).every((s) => !('reason' in s.labels))).toBe(true);

    expect(text).toContain('# TYPE cfs_ai_provider_call_duration_seconds histogram');
    const calls = (labels: Record<string, string>) => valueOf(text, 'cfs_ai_provider_call_duration_seconds_count', { provider: 'openai', ...labels });
    expect(calls({ kind: 'text', outcome: 'generated' })).toBe(1);
    expect(calls({ kind: 'image', outcome: 'generated' })).toBe(1);
    expect(calls({ kind: 'image', outcome: 'transient' })).toBe(2);
    expect(calls({ kind: 'image', outcome: 'permanent' })).toBe(1);
    // In seconds, not milliseconds: the image call took at least 30 ms.
    const sum = valueOf(text, 'cfs_ai_provider_call_duration_seconds_sum', { kind: 'image', outcome: 'generated' });
    expect(sum).toBeGreaterThanOrEqual(0.025);
    expect(sum).toBeLessThan(5);
    expect(valueOf(text, 'cfs_ai_provider_call_duration_seconds_bucket', { kind: 'image', outcome: 'generated', le: '0.025' })).toBe(0);
    expect(valueOf(text, 'cfs_ai_provider_call_duration_seconds_bucket', { kind: 'image', outcome: 'generated', le: '+Inf' })).toBe(1);
  });
});

describe('observeGenerationQueue', () => {
  const logger = createLogger('test', { level: 'silent' });

  it('reports the queue by state and the oldest job age, reading the table at most once per period however often it is scraped', async () => {
    let clock = 1_000_000;
    let reads = 0;
    let next: QueueSnapshot = { queued: 3, deferred: 1, active: 5, oldestAgeSeconds: 42.5 };
    const stop = observeGenerationQueue(
      async () => {
        reads += 1;
        await new Promise((r) => setTimeout(r, 50));
        return next;
      },
      { logger, everyMs: 5000, now: () => clock },
    );
    try {
      const [first] = await Promise.all([scrape(port), scrape(port), scrape(port)]);
      expect(reads).toBe(1);
      expect(valueOf(first!, 'cfs_ai_queue_jobs', { state: 'queued' })).toBe(3);
      expect(valueOf(first!, 'cfs_ai_queue_jobs', { state: 'deferred' })).toBe(1);
      expect(valueOf(first!, 'cfs_ai_queue_jobs', { state: 'active' })).toBe(5);
      expect(valueOf(first!, 'cfs_ai_queue_oldest_job_age_seconds')).toBe(42.5);

      next = { queued: 0, deferred: 0, active: 0, oldestAgeSeconds: 0 };
      clock += 4999;
      expect(valueOf(await scrape(port), 'cfs_ai_queue_jobs', { state: 'active' })).toBe(5);
      expect(reads).toBe(1);
      clock += 1;
      const later = await scrape(port);
      expect(reads).toBe(2);
      expect(valueOf(later, 'cfs_ai_queue_jobs', { state: 'active' })).toBe(0);
      expect(samplesOf(later, 'cfs_ai_queue_oldest_job_age_seconds')).toEqual([{ labels: expect.any(Object), value: 0 }]);
    } finally {
      stop();
    }
    clock += 5000;
    await scrape(port);
    expect(reads).toBe(2);
  });

  it('logs a failed reading, keeps the last values read, and does not read again before the period ends', async () => {
    let clock = 0;
    const answers: Array<QueueSnapshot | Error> = [
      { queued: 2, deferred: 0, active: 1, oldestAgeSeconds: 7 },
      new Error('connection refused'),
      { queued: 4, deferred: 0, active: 1, oldestAgeSeconds: 12 },
    ];
    let reads = 0;
    const warn = vi.fn();
    const stop = observeGenerationQueue(
      async () => {
        const answer = answers[reads++]!;
        if (answer instanceof Error) throw answer;
        return answer;
      },
      { logger: { warn } as unknown as Logger, everyMs: 5000, now: () => clock },
    );
    try {
      expect(valueOf(await scrape(port), 'cfs_ai_queue_jobs', { state: 'queued' })).toBe(2);
      clock += 5000;
      const text = await scrape(port);
      expect(reads).toBe(2);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0]![0]).toEqual({ err: { name: 'Error', message: 'connection refused' } });
      expect(valueOf(text, 'cfs_ai_queue_jobs', { state: 'queued' })).toBe(2);
      expect(valueOf(text, 'cfs_ai_queue_oldest_job_age_seconds')).toBe(7);
      await scrape(port);
      expect(reads).toBe(2);
      clock += 5000;
      expect(valueOf(await scrape(port), 'cfs_ai_queue_jobs', { state: 'queued' })).toBe(4);
      expect(reads).toBe(3);
    } finally {
      stop();
    }
  });
});
