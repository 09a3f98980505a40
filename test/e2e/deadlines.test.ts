/**
 * A 503 means nothing changed, also when a dependency is merely slow: for each failpoint in front
 * of a commit a client may retry, a delay longer than the call's budget gives 503 soon after the
 * deadline, the state is exactly as before, and the retry succeeds exactly once. Also when the
 * service's clock runs behind the gateway's (real processes).
 */
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAdminClients, createAdminClients, runAdminCommand, type AdminClients } from '@cfs/admin';
import { setFailpoints } from '@cfs/common/failpoints';
import { waitForServing } from '@cfs/common/grpc';
import { createCustomer, type Owner } from '../support/customers.ts';
import { tempFile } from '../support/files.ts';
import { expectError, request, type Answer } from '../support/http.ts';
import { eventually, freePort, processSystemEnv, startDeployable, type RunningProcess } from '../support/processes.ts';
import { ROOT } from '../support/services.ts';
import { createTestDatabase, startSystem, TEST_CURSOR_SECRET, TEST_PEPPER, type TestSystem } from '../support/system.ts';

const DEADLINE_MS = 500;
const DELAY = `1*delay(${DEADLINE_MS * 6})`;
const timings: Array<{ failpoint: string; ms: number }> = [];

let system: TestSystem;
let owner: Owner;
/** The operator CLI with the gateway's budget, for the writes only operators make. */
let operator: AdminClients;
// A database of its own: the AI image status is one platform-wide row other test files change.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase('deadlines');
  system = await startSystem({ databaseUrl: database.url, gatewayEnv: { GRPC_DEADLINE_MS: String(DEADLINE_MS) } });
  owner = await createCustomer(system);
  operator = createAdminClients({
    ...system.addresses,
    deadlineMs: DEADLINE_MS,
    serviceToken: system.serviceTokens.admin,
    dashboardUrl: `${system.baseUrl}/dashboard/`,
  });
});
afterAll(async () => {
  setFailpoints('');
  if (operator) closeAdminClients(operator);
  await system?.stop();
  await database?.drop();
  // The figures quoted in docs/performance.md#deadlines.
  // eslint-disable-next-line no-console -- a measurement this test exists to report
  console.log(`time to 503 with a ${DEADLINE_MS} ms budget:\n${timings.map((t) => `  ${t.failpoint}: ${t.ms} ms`).join('\n')}`);
});

const as = (token: string) => ({ token });
const api = (method: string, path: string, options: Parameters<typeof request>[3] = {}) =>
  request(system.baseUrl, method, path, { token: owner.credential.secret, ...options });
const credentials = async () => ((await api('GET', `/api/v1/account/sites/${owner.site.id}/credentials`)).body as { data: unknown[] }).data.length;
/** Rows of the identity service's table no API lists (connection codes, invitations), counted in its database. */
async function countRows(sql: string, params: unknown[]): Promise<number> {
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  try {
    return Number((await db.query<{ n: string }>(sql, params)).rows[0]!.n);
  } finally {
    await db.end();
  }
}
const connectionCodes = () => countRows('SELECT count(*) AS n FROM identity.connection_codes WHERE site_id = $1', [owner.site.id]);
const invitations = (email: string) =>
  countRows('SELECT count(*) AS n FROM identity.user_invitations i JOIN identity.dashboard_users u ON u.id = i.user_id WHERE u.email = $1', [email]);

/** Runs `send` with the failpoint delaying past the budget, and the time it took. */
async function delayed<T>(failpoint: string, send: () => Promise<T>): Promise<T> {
  setFailpoints(`${failpoint}=${DELAY}`);
  const started = Date.now();
  try {
    return await send();
  } finally {
    timings.push({ failpoint, ms: Date.now() - started });
    setFailpoints('');
  }
}

/** Sends `send` with the failpoint delaying past the budget: 503. */
async function slowly(failpoint: string, send: () => Promise<Answer>): Promise<void> {
  expectError(await delayed(failpoint, send), 503, 'SERVICE_UNAVAILABLE');
}

/** Runs an operator command with the failpoint delaying past the budget: SERVICE_UNAVAILABLE (503). */
async function slowlyAsOperator(failpoint: string, ...argv: string[]): Promise<void> {
  const err = await delayed(failpoint, () => runAdminCommand(argv, operator).catch((e: unknown) => e));
  expect(err).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
}

describe('a write slower than its budget', () => {
  it('identity.redeem.beforeCommit: the code stays unused and redeems once', async () => {
    const { code } = (await api('POST', `/api/v1/account/sites/${owner.site.id}/connection-codes`)).body as { code: string };
    const before = await credentials();
    await slowly('identity.redeem.beforeCommit', () => request(system.baseUrl, 'POST', '/connect/cms/redeem', { body: { code } }));
    expect(await credentials()).toBe(before);
    expect((await request(system.baseUrl, 'POST', '/connect/cms/redeem', { body: { code } })).status).toBe(201);
    expectError(await request(system.baseUrl, 'POST', '/connect/cms/redeem', { body: { code } }), 401, 'UNAUTHENTICATED');
    expect(await credentials()).toBe(before + 1);
  });

  it('identity.revoke.beforeCommit: the Credential keeps working until the retry revokes it', async () => {
    const made = (await api('POST', `/api/v1/account/sites/${owner.site.id}/credentials`, { body: { name: 'to revoke', scopes: ['account.read'] } })).body as {
      id: string;
      secret: string;
    };
    expect((await request(system.baseUrl, 'GET', '/api/v1/me', as(made.secret))).status).toBe(200);
    const revoke = () => api('POST', `/api/v1/account/sites/${owner.site.id}/credentials/${made.id}/revoke`);
    await slowly('identity.revoke.beforeCommit', revoke);
    expect((await request(system.baseUrl, 'GET', '/api/v1/me', as(made.secret))).status).toBe(200);
    const revoked = await revoke();
    expect(revoked.status).toBe(200);
    expect((revoked.body as { revokedAt: string | null }).revokedAt).not.toBeNull();
    expectError(await request(system.baseUrl, 'GET', '/api/v1/me', as(made.secret)), 401, 'UNAUTHENTICATED');
  });

  it('identity.credential.beforeCommit: no Credential is created, and the retry creates one', async () => {
    const before = await credentials();
    const create = () => api('POST', `/api/v1/account/sites/${owner.site.id}/credentials`, { body: { name: 'slow', scopes: ['account.read'] } });
    await slowly('identity.credential.beforeCommit', create);
    expect(await credentials()).toBe(before);
    expect((await create()).status).toBe(201);
    expect(await credentials()).toBe(before + 1);
  });

  it('identity.invite.beforeCommit: no User or invitation is made, and the retry invites once', async () => {
    const email = 'slow-invite@example.com';
    await slowlyAsOperator('identity.invite.beforeCommit', 'user', 'invite', '--customer', owner.customer.id, '--email', email);
    expect(await countRows('SELECT count(*) AS n FROM identity.dashboard_users WHERE email = $1', [email])).toBe(0);
    await runAdminCommand(['user', 'invite', '--customer', owner.customer.id, '--email', email], operator);
    expect(await invitations(email)).toBe(1);
  });

  it('identity.connectionCode.beforeCommit: no code is made, and the retry makes one that redeems', async () => {
    const before = await connectionCodes();
    const mint = () => api('POST', `/api/v1/account/sites/${owner.site.id}/connection-codes`);
    await slowly('identity.connectionCode.beforeCommit', mint);
    expect(await connectionCodes()).toBe(before);
    const { code } = (await mint()).body as { code: string };
    expect(await connectionCodes()).toBe(before + 1);
    expect((await request(system.baseUrl, 'POST', '/connect/cms/redeem', { body: { code } })).status).toBe(201);
  });

  it('account.site.beforeCommit: no Site is created or renamed, and the retries do it once', async () => {
    const sites = async () => ((await api('GET', '/api/v1/account/sites')).body as { data: Array<{ id: string; name: string }> }).data;
    const before = await sites();
    await slowly('account.site.beforeCommit', () => api('POST', '/api/v1/account/sites', { body: { name: 'Slow Site', url: 'https://slow.example.com' } }));
    expect(await sites()).toEqual(before);
    expect((await api('POST', '/api/v1/account/sites', { body: { name: 'Slow Site', url: 'https://slow.example.com' } })).status).toBe(201);
    expect((await sites()).length).toBe(before.length + 1);

    const rename = () => api('PUT', `/api/v1/account/sites/${owner.site.id}`, { body: { name: 'Renamed', url: 'https://renamed.example.com' } });
    await slowly('account.site.beforeCommit', rename);
    expect((await sites()).find((s) => s.id === owner.site.id)?.name).toBe(before.find((s) => s.id === owner.site.id)?.name);
    expect((await rename()).status).toBe(200);
    expect((await sites()).find((s) => s.id === owner.site.id)?.name).toBe('Renamed');
  });

  it('feed.subscriptions.beforeCommit: the subscriptions stay as they were', async () => {
    expect((await api('PUT', '/api/v1/subscriptions', { body: { categories: ['technology'] } })).status).toBe(200);
    const change = () => api('PUT', '/api/v1/subscriptions', { body: { categories: ['science', 'technology'] } });
    await slowly('feed.subscriptions.beforeCommit', change);
    expect((await api('GET', '/api/v1/subscriptions')).body).toEqual({ categories: ['technology'] });
    expect((await change()).body).toEqual({ categories: ['science', 'technology'] });
  });

  it('billing.checkout.beforeCommit: no subscription exists, the plan is unchanged, and the retry subscribes once', async () => {
    const customer = await createCustomer(system);
    const billing = (method: string, path: string, body?: unknown) =>
      request(system.baseUrl, method, path, { token: customer.credential.secret, ...(body ? { body } : {}) });
    const plan = async () => ((await billing('GET', '/api/v1/me')).body as { site: { plan: string } }).site.plan;
    const before = await plan();
    await slowly('billing.checkout.beforeCommit', () => billing('POST', '/api/v1/billing/checkout', { plan: 'pro' }));
    expectError(await billing('GET', '/api/v1/billing/subscription'), 404, 'NOT_FOUND');
    expect(await plan()).toBe(before);
    expect((await billing('POST', '/api/v1/billing/checkout', { plan: 'pro' })).status).toBe(201);
    expectError(await billing('POST', '/api/v1/billing/checkout', { plan: 'pro' }), 409, 'CONFLICT');
  });

  it('billing.cancel.beforeCommit: the subscription stays active on its plan, and the retry cancels once', async () => {
    const customer = await createCustomer(system);
    const billing = (method: string, path: string, body?: unknown) =>
      request(system.baseUrl, method, path, { token: customer.credential.secret, ...(body ? { body } : {}) });
    const plan = async () => ((await billing('GET', '/api/v1/me')).body as { site: { plan: string } }).site.plan;
    expect((await billing('POST', '/api/v1/billing/checkout', { plan: 'pro' })).status).toBe(201);
    expect(await plan()).toBe('pro');
    await slowly('billing.cancel.beforeCommit', () => billing('POST', '/api/v1/billing/subscription/cancel'));
    expect((await billing('GET', '/api/v1/billing/subscription')).body).toMatchObject({ status: 'active', plan: 'pro' });
    expect(await plan()).toBe('pro');
    expect((await billing('POST', '/api/v1/billing/subscription/cancel')).body).toMatchObject({ status: 'canceled' });
    expect(await plan()).not.toBe('pro');
    expectError(await billing('POST', '/api/v1/billing/subscription/cancel'), 409, 'CONFLICT');
  });
});

describe('a write slower than its budget: the account, SEO and media writes', () => {
  it('account.customer.beforeCommit: the Customer keeps its name and e-mail, and the retry replaces them', async () => {
    const account = async () => (await api('GET', '/api/v1/account')).body as { name: string; email: string };
    const before = await account();
    const replace = () => api('PUT', '/api/v1/account', { body: { name: 'Slow Co', email: `slow-${owner.customer.id}@example.com` } });
    await slowly('account.customer.beforeCommit', replace);
    expect(await account()).toEqual(before);
    expect((await replace()).status).toBe(200);
    expect(await account()).toMatchObject({ name: 'Slow Co', email: `slow-${owner.customer.id}@example.com` });
  });

  it('seo.profile.beforeCommit: no profile is created or replaced, and the retries do it', async () => {
    const pro = await createCustomer(system, '--plan', 'pro');
    const seo = (method: string, body?: unknown) =>
      request(system.baseUrl, method, '/api/v1/seo-profile', { token: pro.credential.secret, ...(body ? { body } : {}) });
    const profile = { siteName: 'Slow News', locale: 'en-GB', keywords: ['slow'], tone: 'calm', topics: ['technology'] };
    await slowly('seo.profile.beforeCommit', () => seo('PUT', profile));
    expectError(await seo('GET'), 404, 'NOT_FOUND');
    expect((await seo('PUT', profile)).status).toBe(200);
    const stored = (await seo('GET')).body;
    await slowly('seo.profile.beforeCommit', () => seo('PUT', { ...profile, locale: 'pt-BR' }));
    expect((await seo('GET')).body).toEqual(stored);
    expect((await seo('PUT', { ...profile, locale: 'pt-BR' })).body).toMatchObject({ locale: 'pt-BR' });
  });

  it('media.object.beforeCommit: the object is not served, and the retry stores it once', async () => {
    const key = `slow/${owner.site.id}.png`;
    const file = tempFile('slow.png', Buffer.from('\x89PNG slow bytes'));
    await slowlyAsOperator('media.object.beforeCommit', 'media', 'put', '--key', key, '--file', file);
    expectError(await request(system.baseUrl, 'GET', `/media/generated/${key}`), 404, 'NOT_FOUND');
    expect(await runAdminCommand(['media', 'put', '--key', key, '--file', file], operator)).toMatchObject({ key });
    expect((await fetch(`${system.baseUrl}/media/generated/${key}`)).status).toBe(200);
  });

  it('media.usage.beforeCommit: no usage is recorded, and the retry records it once', async () => {
    const starter = await createCustomer(system, '--plan', 'starter');
    const used = async () => ((await request(system.baseUrl, 'GET', '/api/v1/ai-usage', { token: starter.credential.secret })).body as { used: number }).used;
    const record = ['ai-usage', 'record', '--site', starter.site.id, '--units', '5'];
    await slowlyAsOperator('media.usage.beforeCommit', ...record);
    expect(await used()).toBe(0);
    await runAdminCommand(record, operator);
    expect(await used()).toBe(5);
  });

  it('media.imagesStatus.beforeCommit: the AI image status stays, and the retry sets it', async () => {
    const pro = await createCustomer(system, '--plan', 'pro');
    // This system has no AI provider, so the status shown is paused whatever the operator set:
    // the operator's setting shows in updatedAt. checkedAt is the time of each answer.
    const status = async () => {
      const { checkedAt: _, ...rest } = (await request(system.baseUrl, 'GET', '/api/v1/ai-images', { token: pro.credential.secret })).body as {
        status: string;
        updatedAt: string;
        checkedAt: string;
      };
      return rest;
    };
    const before = await status();
    await slowlyAsOperator('media.imagesStatus.beforeCommit', 'ai-images', 'set-status', '--status', 'degraded');
    expect(await status()).toEqual(before);
    const set = (await runAdminCommand(['ai-images', 'set-status', '--status', 'degraded'], operator)) as { status: string; updatedAt: string };
    expect(set.status).toBe('degraded');
    expect((await status()).updatedAt).toBe(set.updatedAt);
    expect(set.updatedAt).not.toBe(before.updatedAt);
  });
});

describe("a service whose clock runs behind the gateway's", () => {
  // Behind by more than the verdict grace (1 s), and slow work that ends after the gateway's wait
  // (budget + grace) but within budget + offset: a service that took the gateway's deadline as a
  // time on its own clock would commit it after the gateway answered 503.
  const OFFSET_MS = 2000;
  const SLOW_MS = 2000;
  const procs: RunningProcess[] = [];
  let base: string;
  let token: string;

  beforeAll(async () => {
    const ports = { identity: await freePort(), account: await freePort(), feed: await freePort(), gateway: await freePort() };
    const env = processSystemEnv('clock-behind', { pepper: TEST_PEPPER, cursorSecret: TEST_CURSOR_SECRET });
    procs.push(startDeployable('services/identity', env.identity(ports.identity)));
    procs.push(
      startDeployable('services/account', {
        ...env.common,
        ACCOUNT_GRPC_PORT: String(ports.account),
        NODE_OPTIONS: `--import ${path.join(ROOT, 'test/support/clock-offset.mjs')}`,
        CFS_TEST_CLOCK_OFFSET_MS: String(-OFFSET_MS),
        CFS_FAILPOINTS: `account.customer.beforeCommit=1*delay(${SLOW_MS})`,
      }),
    );
    procs.push(startDeployable('gateway', env.gateway(ports, { GRPC_DEADLINE_MS: String(DEADLINE_MS), RATE_LIMIT_PER_MINUTE: '0' })));
    await Promise.all([ports.identity, ports.account].map((p) => waitForServing(env.addr(p), 30_000)));
    base = `http://127.0.0.1:${ports.gateway}`;
    await eventually(async () => (await fetch(`${base}/docs/public.json`)).ok, 30_000, 'gateway up');
    const clients = createAdminClients({
      identity: env.addr(ports.identity),
      account: env.addr(ports.account),
      feed: env.addr(ports.feed),
      media: env.addr(1),
      deadlineMs: 10_000,
      serviceToken: env.tokens.admin,
    });
    try {
      const made = (await runAdminCommand(['customer', 'create', '--name', 'Clock Co', '--email', 'clock@example.com'], clients)) as {
        credential: { secret: string };
      };
      token = made.credential.secret;
    } finally {
      closeAdminClients(clients);
    }
  }, 90_000);

  afterAll(async () => {
    await Promise.all(procs.map((p) => p.kill()));
  });

  it("answers 503 at the gateway's deadline, and the write never lands", async () => {
    const account = async () => (await request(base, 'GET', '/api/v1/account', { token })).body as { name: string; email: string };
    const before = await account();
    const replace = () => request(base, 'PUT', '/api/v1/account', { token, body: { name: 'Clock Co renamed', email: 'clock-renamed@example.com' } });
    const started = Date.now();
    const answer = await replace();
    timings.push({ failpoint: `account.customer.beforeCommit, the service's clock ${OFFSET_MS} ms behind`, ms: Date.now() - started });
    expectError(answer, 503, 'SERVICE_UNAVAILABLE');
    // Past the end of the slow work (and a commit's slack): it was cut short, nothing landed.
    await sleep(SLOW_MS + 500);
    expect(await account()).toEqual(before);
    expect((await replace()).status).toBe(200);
    expect(await account()).toMatchObject({ name: 'Clock Co renamed' });
  });
});
