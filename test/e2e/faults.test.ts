/**
 * Fault suite: a service process killed under load, Redis restarted, PostgreSQL connections
 * dropped during writes, and retries after injected failures.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setFailpoints } from '@cfs/common/failpoints';
import { waitForServing } from '@cfs/common/grpc';
import { closeAdminClients, createAdminClients, runAdminCommand } from '@cfs/admin';
import { createCustomer } from '../support/customers.ts';
import { expectError, request } from '../support/http.ts';
import { eventually, freePort, processSystemEnv, startDeployable, type RunningProcess } from '../support/processes.ts';
import { createTestDatabase, startSystem, TEST_CURSOR_SECRET, TEST_PEPPER } from '../support/system.ts';

describe('a service process killed under load, then restarted', () => {
  const procs: RunningProcess[] = [];
  let feed: RunningProcess;
  let feedEnv: NodeJS.ProcessEnv;
  let base: string;
  let token: string;
  const DEADLINE_MS = 1000;

  beforeAll(async () => {
    const ports = { identity: await freePort(), account: await freePort(), feed: await freePort(), gateway: await freePort() };
    const env = processSystemEnv('faults', { pepper: TEST_PEPPER, cursorSecret: TEST_CURSOR_SECRET });
    const { tokens, common, addr } = env;
    procs.push(startDeployable('services/identity', env.identity(ports.identity)));
    procs.push(startDeployable('services/account', { ...common, ACCOUNT_GRPC_PORT: String(ports.account) }));
    feedEnv = env.feed(ports.feed);
    feed = startDeployable('services/feed', feedEnv);
    // No feed page cache: every request below must reach the feed service (a cached page would be
    // served without it; test/e2e/feed-cache.test.ts covers that).
    procs.push(
      startDeployable('gateway', env.gateway(ports, { GRPC_DEADLINE_MS: String(DEADLINE_MS), RATE_LIMIT_PER_MINUTE: '0', FEED_PAGE_CACHE_TTL_MS: '0' })),
    );
    await Promise.all([ports.identity, ports.account, ports.feed].map((p) => waitForServing(addr(p), 30_000)));
    base = `http://127.0.0.1:${ports.gateway}`;
    await eventually(async () => (await fetch(`${base}/docs/public.json`)).ok, 30_000, 'gateway up');
    const clients = createAdminClients({
      identity: addr(ports.identity),
      account: addr(ports.account),
      feed: addr(ports.feed),
      media: addr(1),
      deadlineMs: 10_000,
      serviceToken: tokens.admin,
    });
    const owner = (await runAdminCommand(['customer', 'create', '--name', 'Fault Co', '--email', 'f@example.com', '--plan', 'pro'], clients)) as {
      credential: { secret: string };
    };
    closeAdminClients(clients);
    token = owner.credential.secret;
    expect((await request(base, 'PUT', '/api/v1/subscriptions', { token, body: { categories: ['technology'] } })).status).toBe(200);
  }, 90_000);

  afterAll(async () => {
    await Promise.all([...procs, feed].map((p) => p?.kill()));
  });

  it('answers 503 within the deadline while the service is gone, and 200 again once it is back', async () => {
    const results: Array<{ at: number; status: number; ms: number }> = [];
    const started = Date.now();
    let stop = false;
    const worker = async () => {
      while (!stop) {
        const t = Date.now();
        const res = await fetch(`${base}/api/v1/feed?limit=5`, { headers: { authorization: `Bearer ${token}` } });
        await res.arrayBuffer();
        results.push({ at: t - started, status: res.status, ms: Date.now() - t });
      }
    };
    const workers = Array.from({ length: 4 }, worker);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const killedAt = Date.now() - started;
    await feed.kill('SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const restartedAt = Date.now() - started;
    feed = startDeployable('services/feed', feedEnv);
    await waitForServing(`127.0.0.1:${feedEnv.FEED_GRPC_PORT}`, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    stop = true;
    await Promise.all(workers);

    expect(new Set(results.map((r) => r.status))).toEqual(new Set([200, 503]));
    const during = results.filter((r) => r.at > killedAt + 50 && r.at < restartedAt);
    expect(during.length).toBeGreaterThan(0);
    expect(during.every((r) => r.status === 503)).toBe(true);
    // Never a hang: every answer within the call deadline (plus scheduling slack on a busy machine).
    expect(Math.max(...results.map((r) => r.ms))).toBeLessThan(DEADLINE_MS + 1000);
    const last = results.slice(-20);
    expect(last.every((r) => r.status === 200)).toBe(true);
  }, 90_000);
});

describe('Redis restarted', () => {
  let redis: ChildProcess;
  let redisPort: number;
  let gateway: RunningProcess;
  let base: string;
  let token: string;
  let system: Awaited<ReturnType<typeof startSystem>>;

  const startRedis = async () => {
    redis = spawn('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    await eventually(
      async () => {
        const net = await import('node:net');
        return new Promise<boolean>((resolve) => {
          const s = net.connect(redisPort, '127.0.0.1', () => s.write('PING\r\n'));
          s.on('data', (d) => {
            resolve(String(d).includes('PONG'));
            s.destroy();
          });
          s.on('error', () => resolve(false));
        });
      },
      10_000,
      'redis up',
    );
  };

  beforeAll(async () => {
    redisPort = await freePort();
    await startRedis();
    system = await startSystem();
    const owner = await createCustomer(system, '--plan', 'pro');
    token = owner.credential.secret;
    const port = await freePort();
    gateway = startDeployable('gateway', {
      PORT: String(port),
      HOST: '127.0.0.1',
      IDENTITY_ADDR: system.addresses.identity,
      ACCOUNT_ADDR: system.addresses.account,
      FEED_ADDR: system.addresses.feed,
      CURSOR_SECRET: TEST_CURSOR_SECRET,
      SERVICE_TOKEN: system.serviceTokens.gateway,
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      RATE_LIMIT_PER_MINUTE: '10000',
    });
    base = `http://127.0.0.1:${port}`;
    await eventually(async () => (await fetch(`${base}/docs/public.json`)).ok, 30_000, 'gateway up');
  }, 90_000);

  afterAll(async () => {
    await gateway?.kill();
    redis?.kill('SIGKILL');
    await system?.stop();
  });

  it('keeps answering while Redis is down (as documented) and recovers when it is back', async () => {
    const me = () => request(base, 'GET', '/api/v1/me', { token });
    const feed = () => request(base, 'GET', '/api/v1/feed?limit=3', { token });
    expect((await me()).headers.get('ratelimit-limit')).toBe('10000');
    expect((await feed()).status).toBe(200);

    redis.kill('SIGKILL');
    await once(redis, 'exit');
    const down = await me();
    expect(down.status).toBe(200);
    expect(down.headers.get('ratelimit-limit')).toBeNull();
    expectError(await feed(), 503, 'SERVICE_UNAVAILABLE');

    await startRedis();
    await eventually(async () => (await feed()).status === 200, 15_000, 'feed back after Redis returned');
    expect((await me()).headers.get('ratelimit-limit')).toBe('10000');
  }, 60_000);
});

describe('PostgreSQL connections dropped during writes', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let system: Awaited<ReturnType<typeof startSystem>>;

  beforeAll(async () => {
    db = await createTestDatabase('dropped');
    system = await startSystem({ databaseUrl: db.url });
  }, 60_000);
  afterAll(async () => {
    await system?.stop();
    await db?.drop();
  });

  it('leaves no partial state: every replacement is whole, every customer has its site', async () => {
    const owners = await Promise.all(Array.from({ length: 5 }, () => createCustomer(system)));
    const sets = [['technology'], ['business', 'science'], ['health', 'sports', 'culture'], [], ['technology', 'business', 'science', 'health']];
    const killer = new pg.Client({ connectionString: db.url });
    await killer.connect();
    let killing = true;
    let killed = 0;
    const kill = (async () => {
      while (killing) {
        const { rowCount } = await killer.query(
          "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name IN ('cfs-feed', 'cfs-account') AND pid <> pg_backend_pid()",
        );
        killed += rowCount ?? 0;
        await new Promise((resolve) => setTimeout(resolve, 15));
      }
    })();
    const writes = owners.flatMap((o) =>
      sets.flatMap((categories) => [
        request(system.baseUrl, 'PUT', '/api/v1/subscriptions', { token: o.credential.secret, body: { categories } }),
        system.admin('customer', 'create', '--name', `Dropped ${Math.random()}`, '--email', 'd@example.com').catch((e: unknown) => e),
      ]),
    );
    const answers = await Promise.all(writes);
    killing = false;
    await kill;
    expect(killed).toBeGreaterThan(0);
    for (const a of answers) {
      if (a && typeof a === 'object' && 'status' in a) expect([200, 503]).toContain((a as { status: number }).status);
    }
    // Every Site holds exactly one of the sets it was sent (or none yet), never a mix.
    for (const o of owners) {
      const res = await request(system.baseUrl, 'GET', '/api/v1/subscriptions', { token: o.credential.secret });
      const got = (res.body as { categories: string[] }).categories;
      expect([[], ...sets.map((s) => [...s].sort())]).toContainEqual(got);
    }
    const { rows } = await killer.query(
      'SELECT count(*)::int AS n FROM account.customers c WHERE NOT EXISTS (SELECT 1 FROM account.sites s WHERE s.customer_id = c.id)',
    );
    expect(rows[0].n).toBe(0);
    await killer.end();
  }, 60_000);
});

describe('retries after injected failures', () => {
  let system: Awaited<ReturnType<typeof startSystem>>;
  beforeAll(async () => {
    system = await startSystem();
  });
  afterAll(async () => {
    setFailpoints('');
    await system?.stop();
  });

  async function retry(fn: () => Promise<{ status: number }>): Promise<Array<{ status: number }>> {
    const answers: Array<{ status: number }> = [];
    for (let i = 0; i < 10; i++) {
      const a = await fn();
      answers.push(a);
      if (a.status < 500) break;
    }
    return answers;
  }

  it('a redeem retried through three transient failures succeeds exactly once', async () => {
    const owner = await createCustomer(system);
    const auth = { token: owner.credential.secret };
    const { code } = (await request(system.baseUrl, 'POST', `/api/v1/account/sites/${owner.site.id}/connection-codes`, auth)).body as { code: string };
    setFailpoints('identity.redeem.beforeCommit=3*unavailable');
    const answers = await retry(() => request(system.baseUrl, 'POST', '/connect/cms/redeem', { body: { code } }));
    expect(answers.map((a) => a.status)).toEqual([503, 503, 503, 201]);
    const list = (await request(system.baseUrl, 'GET', `/api/v1/account/sites/${owner.site.id}/credentials`, auth)).body as { data: Array<{ name: string }> };
    expect(list.data.filter((c) => c.name === 'CMS connector')).toHaveLength(1);
    expect((await request(system.baseUrl, 'POST', '/connect/cms/redeem', { body: { code } })).status).toBe(401);
  });

  it('a checkout retried with one Idempotency-Key through three provider failures succeeds exactly once', async () => {
    const owner = await createCustomer(system);
    const headers = { 'idempotency-key': `retry-${Date.now()}` };
    setFailpoints('billing.provider=3*unavailable');
    const answers = await retry(() =>
      request(system.baseUrl, 'POST', '/api/v1/billing/checkout', { token: owner.credential.secret, body: { plan: 'starter' }, headers }),
    );
    expect(answers.map((a) => a.status)).toEqual([503, 503, 503, 201]);
    const again = await request(system.baseUrl, 'POST', '/api/v1/billing/checkout', { token: owner.credential.secret, body: { plan: 'starter' }, headers });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const me = (await request(system.baseUrl, 'GET', '/api/v1/me', { token: owner.credential.secret })).body as { site: { plan: string } };
    expect(me.site.plan).toBe('starter');
  });
});
