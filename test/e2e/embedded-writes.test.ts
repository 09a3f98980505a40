/**
 * Every write route of the public API (each POST, PUT and DELETE of the route table, so a new one is covered
 * without touching this file) against the embedded system that `npm start` runs with no
 * DATABASE_URL: PGlite, one session shared by every service's connections, started here in this
 * process on a temporary data folder. Each answers its documented 2xx, none a 5xx. Raw SQL that
 * names a table without its schema works on a real PostgreSQL (each pool sets its search_path) and
 * fails only here, where another service's connection may have set the shared one. And an import
 * reaches a webhook receiver on 127.0.0.1 as a feed.changed (the feed's outbox relay, in process).
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressesOf, DEPLOYABLES } from '@cfs/common/deployables';
import { readLocalRun } from '@cfs/common/local-run';
import { createLogger } from '@cfs/common/logger';
import { localServiceTokenFile } from '@cfs/common/service-auth';
import { closeAdminClients, createAdminClients, runAdminCommand, type AdminClients } from '@cfs/admin';
import { buildOpenApi, publicRoutes } from '@cfs/gateway';
import { runEmbedded } from '@cfs/launcher/embedded';
import { launcherEnvSchema } from '@cfs/launcher/env';
import { Webhook } from 'standardwebhooks';
import type { Owner } from '../support/customers.ts';
import { jsonl, tempFile } from '../support/files.ts';
import { request } from '../support/http.ts';
import { eventually } from '../support/processes.ts';
import { Receiver } from '../support/webhook-receiver.ts';

const WRITES = publicRoutes.filter((r) => r.method !== 'GET');
const description = buildOpenApi(publicRoutes, { version: 'test' }) as unknown as {
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { example?: unknown }> } }>>;
};
const keyOf = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

/** The request body the API reference shows for a route (its example), as a client would copy it. */
function documentedBody(route: (typeof WRITES)[number]): Record<string, unknown> | undefined {
  const openApiPath = route.path.replace(/:(\w+)/g, '{$1}');
  const example = description.paths[openApiPath]?.[route.method.toLowerCase()]?.requestBody?.content['application/json']?.example;
  if (example === undefined) return undefined;
  const body = structuredClone(example) as Record<string, unknown>;
  // An example's fixed date passes one day; a client sends one ahead.
  if (typeof body.expiresAt === 'string') body.expiresAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
  return body;
}

/** What earlier answers gave (ids, a code) for the routes that act on them. */
type State = Record<string, string>;

/**
 * The few routes whose request depends on an earlier answer: what they need besides their path's
 * parameters, the body they then send instead of the example (a code is single-use and secret), and
 * the Credential they send when it is not the owner's (a route that ends its caller ends the
 * connector's Credential that the redeem gave, as a connector's Disconnect does).
 */
const NEEDS: Record<string, { needs: string[]; body?: (state: State) => unknown; token?: (state: State) => string }> = {
  'POST /connect/cms/redeem': { needs: ['code'], body: (s) => ({ code: s.code }) },
  'POST /api/v1/billing/subscription/cancel': { needs: ['subscriptionId'] },
  'POST /api/v1/me/revoke': { needs: ['connectorSecret'], token: (s) => s.connectorSecret! },
  // A receiver on this machine that is not there (the discard port): the test event's attempts stay on 127.0.0.1.
  'POST /api/v1/webhooks': { needs: [], body: () => ({ url: 'https://127.0.0.1:9/hook', events: ['feed.changed'] }) },
  // Deleted last, once the routes acting on the endpoint have run.
  'DELETE /api/v1/webhooks/:id': { needs: ['retried'] },
};

/** What an answer gives later routes. */
function learn(route: (typeof WRITES)[number], body: Record<string, unknown>, state: State): void {
  if (route.path.endsWith('/credentials') && typeof body.id === 'string') state.credentialId = body.id;
  if (route.path.endsWith('/connection-codes') && typeof body.code === 'string') state.code = body.code;
  const subscription = body.subscription as { id?: string } | undefined;
  if (route.path.endsWith('/checkout') && typeof subscription?.id === 'string') state.subscriptionId = subscription.id;
  const redeemed = body.credential as { secret?: string } | undefined;
  if (route.path.endsWith('/redeem') && typeof redeemed?.secret === 'string') state.connectorSecret = redeemed.secret;
  if (route.path === '/api/v1/webhooks' && typeof body.id === 'string') state.id = body.id;
  if (route.path.endsWith('/:id/test') && typeof body.id === 'string') state.deliveryId = body.id;
  if (route.path.endsWith('/retry')) state.retried = 'yes';
}

let stop: (() => Promise<void>) | undefined;
let clients: AdminClients;
let baseUrl: string;

beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cfs-embedded-writes-'));
  stop = await runEmbedded({
    env: launcherEnvSchema.parse({ PORT: '0', FEED_LOAD_DEMO_ARTICLES: 'false' }),
    dataDir,
    logger: createLogger('test', { level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
  });
  const run = readLocalRun(dataDir)!;
  baseUrl = run.DASHBOARD_URL.replace(/\/dashboard\/$/, '');
  clients = createAdminClients({
    ...addressesOf(run, DEPLOYABLES.admin.calls),
    deadlineMs: 30_000,
    serviceToken: readFileSync(localServiceTokenFile(dataDir, 'admin'), 'utf8').trim(),
    dashboardUrl: run.DASHBOARD_URL,
  });
}, 180_000);

afterAll(async () => {
  if (clients) closeAdminClients(clients);
  await stop?.();
});

describe('the embedded system (npm start without DATABASE_URL) answers every write route of the API', () => {
  it('finds the write routes in the route table', () => {
    expect(WRITES.length).toBeGreaterThanOrEqual(11);
  });

  it('answers each its documented 2xx and none a 5xx, on a Customer the operator CLI made (every capability: the plan pro)', async () => {
    const owner = (await runAdminCommand(
      ['customer', 'create', '--name', 'Embedded Writes', '--email', 'writes@example.com', '--plan', 'pro'],
      clients,
    )) as unknown as Owner;
    const state: State = { siteId: owner.site.id };
    const answered: Record<string, number> = {};
    let pending = [...WRITES];
    // Each pass runs the routes whose needs earlier answers met; a pass that runs none ends it.
    while (pending.length > 0) {
      const ready = pending.filter((route) => {
        const params = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
        return [...params, ...(NEEDS[keyOf(route)]?.needs ?? [])].every((name) => state[name] !== undefined);
      });
      if (ready.length === 0) break;
      for (const route of ready) {
        const url = route.path.replace(/:(\w+)/g, (_m, name: string) => state[name]!);
        const need = NEEDS[keyOf(route)];
        const body = need?.body ? need.body(state) : documentedBody(route);
        const token = need?.token ? need.token(state) : owner.credential.secret;
        const answer = await request(baseUrl, route.method, url, { ...(route.auth === 'credential' ? { token } : {}), body });
        answered[keyOf(route)] = answer.status;
        expect.soft(answer.status, `${keyOf(route)}: ${answer.text}`).toBe(route.response.status);
        if (answer.status < 300) learn(route, answer.body as Record<string, unknown>, state);
      }
      pending = pending.filter((route) => !ready.includes(route));
    }
    expect(pending.map(keyOf), 'routes never run: nothing before them gave what they need').toEqual([]);
    expect(Object.entries(answered).filter(([, status]) => status >= 500)).toEqual([]);
    expect(Object.keys(answered).sort()).toEqual(WRITES.map(keyOf).sort());
  });
});

describe('the embedded system delivers webhook events', () => {
  it('sends feed.changed to a receiver on this machine after an import, its since reading the article', async () => {
    const owner = (await runAdminCommand(
      ['customer', 'create', '--name', 'Embedded Webhooks', '--email', 'hooks@example.com', '--plan', 'pro'],
      clients,
    )) as unknown as Owner;
    const token = owner.credential.secret;
    const receiver = await new Receiver().start();
    try {
      const created = await request(baseUrl, 'POST', '/api/v1/webhooks', { token, body: { url: receiver.url(), events: ['feed.changed'] } });
      expect(created.status, created.text).toBe(201);
      const wh = new Webhook((created.body as { secret: string }).secret);
      const category = ((await request(baseUrl, 'GET', '/api/v1/taxonomy', { token })).body as { categories: Array<{ key: string }> }).categories[0]!.key;
      expect((await request(baseUrl, 'PUT', '/api/v1/subscriptions', { token, body: { categories: [category] } })).status).toBe(200);
      const id = `embedded-hook-${Date.now().toString(36)}`;
      const line = { id, title: 'Embedded story', url: `https://news.example.com/${id}`, publishedAt: new Date().toISOString(), categories: [category] };
      await runAdminCommand(['articles', 'import', '--file', tempFile('embedded-hook.jsonl', jsonl([line]))], clients);
      // Each event verified, then read from its since as a receiver would, until one brings the article.
      await eventually(
        async () => {
          for (const r of receiver.received) {
            const { data } = wh.verify(r.body, r.headers) as { data: { since: string } };
            const read = await request(baseUrl, 'GET', `/api/v1/feed/changes?limit=100&since=${encodeURIComponent(data.since)}`, { token });
            if ((read.body as { data: Array<{ article?: { id: string } }> }).data.some((c) => c.article?.id === id)) return true;
          }
          return false;
        },
        60_000,
        'a feed.changed that brings the imported article',
      );
    } finally {
      await receiver.stop();
    }
  }, 90_000);
});
