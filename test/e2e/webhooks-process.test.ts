/**
 * The webhooks deployable as its own process (services/webhooks/src/index.ts), in a schema of its
 * own, killed with SIGKILL while a delivery is owed: started again, it delivers it. Its Prometheus
 * endpoint (OTEL_METRICS_EXPORTER=prometheus) shows attempts and deliveries by outcome, attempt
 * durations, endpoints by status and the oldest pending delivery. The receiver is on 127.0.0.1.
 */
import { createServer, type Server } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callUnary, createClient, waitForServing } from '@cfs/common/grpc';
import { newServiceTokens } from '@cfs/common/service-auth';
import { loadProtos } from '@cfs/protos';
import type { WebhooksServiceClient } from '@cfs/protos/generated/cfs/webhooks/v1/WebhooksService.js';
import { samplesOf, scrape, valueOf } from '../support/metrics.ts';
import { freePort, startDeployable, type RunningProcess } from '../support/processes.ts';

const site = { siteId: 'site_webhooks_process', customerId: 'cus_webhooks_process' };
let env: NodeJS.ProcessEnv;
let service: RunningProcess | undefined;
let client: WebhooksServiceClient;
let grpcPort: number;
let metricsPort: number;
let receiver: Server | undefined;
const received: Array<{ headers: Record<string, string>; body: string }> = [];

async function start(): Promise<void> {
  service = startDeployable('services/webhooks', env);
  await waitForServing(`127.0.0.1:${grpcPort}`, 60_000);
}

async function listen(port: number): Promise<void> {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += String(c)));
    req.on('end', () => {
      received.push({ headers: req.headers as Record<string, string>, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver!.listen(port, '127.0.0.1', resolve));
}

beforeAll(async () => {
  [grpcPort, metricsPort] = [await freePort(), await freePort()];
  const database = new URL(inject('databaseUrl'));
  database.searchParams.set('schema', `whproc_${process.pid}_${Date.now().toString(36)}`);
  const { tokens, callers } = newServiceTokens();
  env = {
    DATABASE_URL: database.toString(),
    SERVICE_CALLERS: callers,
    WEBHOOKS_GRPC_HOST: '127.0.0.1',
    WEBHOOKS_GRPC_PORT: String(grpcPort),
    WEBHOOKS_ALLOW_HTTP: 'true',
    WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true',
    WEBHOOK_RETRY_SCHEDULE: '2,2,2',
    WEBHOOK_SWEEP_MS: '1000',
    OTEL_METRICS_EXPORTER: 'prometheus',
    OTEL_EXPORTER_PROMETHEUS_HOST: '127.0.0.1',
    OTEL_EXPORTER_PROMETHEUS_PORT: String(metricsPort),
  };
  await start();
  client = createClient(loadProtos().cfs.webhooks.v1.WebhooksService, `127.0.0.1:${grpcPort}`, tokens.gateway);
}, 90_000);

afterAll(async () => {
  client?.close();
  await service?.kill();
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
});

describe('the webhooks process', () => {
  it('killed with SIGKILL while a delivery is owed, delivers it once started again; its metrics say so', async () => {
    const port = await freePort(); // nothing listens yet: the first attempt fails
    const { endpoint, secret } = await callUnary(
      client,
      'CreateEndpoint',
      { ...site, url: `http://127.0.0.1:${port}/hook`, events: ['feed.changed'], description: '' },
      { deadlineMs: 10_000 },
    );
    const { delivery } = await callUnary(client, 'SendTest', { ...site, endpointId: endpoint!.id }, { deadlineMs: 10_000 });
    const attempted = async () =>
      (await callUnary(client, 'ListDeliveries', { ...site, endpointId: endpoint!.id, limit: 1, cursor: '' }, { deadlineMs: 10_000 })).deliveries[0]!;
    await expect.poll(async () => (await attempted()).attempts, { timeout: 15_000 }).toBe(1);

    const before = await scrape(metricsPort);
    expect(valueOf(before, 'cfs_webhooks_attempts_total', { outcome: 'failure' })).toBe(1);
    expect(samplesOf(before, 'cfs_webhooks_attempt_duration_seconds_count', { outcome: 'failure' })[0]?.value).toBe(1);
    // The gauges are read at a scrape: one pending delivery, a few seconds old at most.
    expect(valueOf(before, 'cfs_webhooks_endpoints', { status: 'enabled' })).toBe(1);
    expect(valueOf(before, 'cfs_webhooks_pending_deliveries')).toBe(1);
    expect(valueOf(before, 'cfs_webhooks_oldest_pending_delivery_seconds')).toBeGreaterThan(0);

    await service!.kill('SIGKILL');
    await listen(port);
    await start();
    await expect.poll(() => received.length, { timeout: 20_000 }).toBe(1);
    expect(received[0]!.headers['webhook-id']).toBe(delivery!.id);
    expect(new Webhook(secret).verify(received[0]!.body, received[0]!.headers)).toMatchObject({ type: 'webhook.test' });
    await expect.poll(async () => (await attempted()).status, { timeout: 5000 }).toBe('succeeded');

    // A new process: its counters started at zero.
    const after = await scrape(metricsPort);
    expect(valueOf(after, 'cfs_webhooks_attempts_total', { outcome: 'success' })).toBe(1);
    expect(valueOf(after, 'cfs_webhooks_deliveries_total', { outcome: 'succeeded' })).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 10_500)); // the gauges' reads are 10 s apart at most
    const settled = await scrape(metricsPort);
    expect(valueOf(settled, 'cfs_webhooks_pending_deliveries')).toBe(0);
    expect(valueOf(settled, 'cfs_webhooks_oldest_pending_delivery_seconds')).toBe(0);
  }, 90_000);
});
