/**
 * The address guard when a delivery connects: with private networks not allowed (the default of a
 * deployment), an endpoint whose host is a name passes creation, and its delivery is refused when
 * the name resolves to a loopback address: nothing reaches the receiver listening there, the
 * attempt has no status. `localhost` is resolved from the machine's hosts file, so no query leaves
 * it; the receiver is on 127.0.0.1. The webhooks service runs in this process, in a schema of its own.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callUnary, createClient, type GrpcServer } from '@cfs/common/grpc';
import { createLogger } from '@cfs/common/logger';
import { applyMigrations } from '@cfs/common/migrate';
import { newServiceTokens, ServiceCallers } from '@cfs/common/service-auth';
import { loadProtos } from '@cfs/protos';
import type { WebhooksServiceClient } from '@cfs/protos/generated/cfs/webhooks/v1/WebhooksService.js';
import { createWebhooksService, WEBHOOKS_MIGRATIONS_DIR, webhooksEnvSchema } from '@cfs/webhooks';

const site = { siteId: 'site_webhooks_guard', customerId: 'cus_webhooks_guard' };
let server: GrpcServer;
let client: WebhooksServiceClient;
let receiver: Server;
let hits = 0;

beforeAll(async () => {
  const database = { connectionString: inject('databaseUrl'), schema: `whguard_${process.pid}_${Date.now().toString(36)}` };
  await applyMigrations({ target: database, migrationsDir: WEBHOOKS_MIGRATIONS_DIR });
  const { tokens } = newServiceTokens();
  server = await createWebhooksService(
    webhooksEnvSchema.parse({ WEBHOOKS_ALLOW_HTTP: 'true', WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'false', WEBHOOK_RETRY_SCHEDULE: '' }),
    { logger: createLogger('test', { level: process.env.TEST_LOG_LEVEL ?? 'silent' }), database, poolSize: 2, callers: ServiceCallers.ofTokens(tokens) },
  );
  const port = await server.listen('127.0.0.1:0');
  client = createClient(loadProtos().cfs.webhooks.v1.WebhooksService, `127.0.0.1:${port}`, tokens.gateway);
  receiver = createServer((_req, res) => {
    hits += 1;
    res.writeHead(204).end();
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
}, 60_000);

afterAll(async () => {
  client?.close();
  await server?.shutdown(1000);
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
});

describe('without private networks', () => {
  it('refuses a literal loopback address at creation, and a name resolving to one when connecting', async () => {
    const port = (receiver.address() as AddressInfo).port;
    await expect(
      callUnary(client, 'CreateEndpoint', { ...site, url: `http://127.0.0.1:${port}/hook`, events: ['feed.changed'], description: '' }, { deadlineMs: 10_000 }),
    ).rejects.toMatchObject({ code: 'MALFORMED_REQUEST' });

    const { endpoint } = await callUnary(
      client,
      'CreateEndpoint',
      { ...site, url: `http://localhost:${port}/hook`, events: ['feed.changed'], description: '' },
      { deadlineMs: 10_000 },
    );
    await callUnary(client, 'SendTest', { ...site, endpointId: endpoint!.id }, { deadlineMs: 10_000 });
    const last = async () =>
      (await callUnary(client, 'ListDeliveries', { ...site, endpointId: endpoint!.id, limit: 1, cursor: '' }, { deadlineMs: 10_000 })).deliveries[0]!;
    await expect.poll(async () => (await last()).status, { timeout: 15_000 }).toBe('failed');
    const delivery = await last();
    expect(delivery.attempts).toBe(1);
    expect(delivery.responseStatus ?? null).toBeNull();
    expect(hits).toBe(0);
  });
});
