/**
 * Health and metrics of running processes: the gateway's /healthz and /readyz (503 while
 * a service it needs is down, and from SIGTERM on, before the server closes), outside the rate limit
 * and the API description; and the Prometheus scrape endpoint of the gateway and of a service
 * (OTEL_METRICS_EXPORTER=prometheus) with the HTTP, gRPC, runtime and the system's own series.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForServing } from '@cfs/common/grpc';
import { closeAdminClients, createAdminClients, runAdminCommand } from '@cfs/admin';
import { request } from '../support/http.ts';
import { eventually, freePort, processSystemEnv, startDeployable, type RunningProcess } from '../support/processes.ts';
import { TEST_CURSOR_SECRET, TEST_PEPPER } from '../support/system.ts';

const procs: Record<string, RunningProcess> = {};
const ports = { identity: 0, account: 0, feed: 0, gateway: 0, gatewayMetrics: 0, accountMetrics: 0 };
let base: string;
let token: string;
let env: { common: NodeJS.ProcessEnv; identity: NodeJS.ProcessEnv };
const addr = (p: number) => `127.0.0.1:${p}`;
const scrape = async (port: number) => (await fetch(`http://127.0.0.1:${port}/metrics`)).text();

beforeAll(async () => {
  for (const k of Object.keys(ports) as Array<keyof typeof ports>) ports[k] = await freePort();
  const system = processSystemEnv('health', { pepper: TEST_PEPPER, cursorSecret: TEST_CURSOR_SECRET });
  const { tokens, common } = system;
  env = { common, identity: system.identity(ports.identity) };
  procs.identity = startDeployable('services/identity', env.identity);
  procs.account = startDeployable('services/account', {
    ...common,
    ACCOUNT_GRPC_PORT: String(ports.account),
    OTEL_METRICS_EXPORTER: 'prometheus',
    OTEL_EXPORTER_PROMETHEUS_HOST: '127.0.0.1',
    OTEL_EXPORTER_PROMETHEUS_PORT: String(ports.accountMetrics),
  });
  procs.feed = startDeployable('services/feed', system.feed(ports.feed));
  procs.gateway = startDeployable('gateway', {
    ...system.gateway(ports),
    RATE_LIMIT_PER_MINUTE: '3',
    SHUTDOWN_DRAIN_DELAY_MS: '1500',
    OTEL_METRICS_EXPORTER: 'prometheus',
    OTEL_EXPORTER_PROMETHEUS_HOST: '127.0.0.1',
    OTEL_EXPORTER_PROMETHEUS_PORT: String(ports.gatewayMetrics),
  });
  await Promise.all([ports.identity, ports.account, ports.feed].map((p) => waitForServing(addr(p), 30_000)));
  base = `http://127.0.0.1:${ports.gateway}`;
  await eventually(async () => (await fetch(`${base}/readyz`)).ok, 30_000, 'gateway ready');
  const clients = createAdminClients({
    identity: addr(ports.identity),
    account: addr(ports.account),
    feed: addr(ports.feed),
    media: addr(1),
    deadlineMs: 10_000,
    serviceToken: tokens.admin,
  });
  token = ((await runAdminCommand(['customer', 'create', '--name', 'Health Co', '--email', 'h@example.com'], clients)) as { credential: { secret: string } })
    .credential.secret;
  closeAdminClients(clients);
}, 90_000);

afterAll(async () => {
  await Promise.all(Object.values(procs).map((p) => p.kill()));
});

describe('/healthz and /readyz', () => {
  it('answer 200 outside the rate limit (3 a minute here) and are absent from the API description', async () => {
    for (let i = 0; i < 6; i++) {
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      expect(await (await fetch(`${base}/readyz`)).json()).toEqual({ status: 'ready' });
    }
    const paths = Object.keys(((await (await fetch(`${base}/docs/public.json`)).json()) as { paths: object }).paths);
    // The payment provider's and WebSub hubs' callbacks (/webhooks/…, /websub/…) are not the API's.
    expect(paths.filter((p) => /healthz|readyz|^\/webhooks\/|^\/websub\//.test(p))).toEqual([]);
  });

  it('readiness turns 503 while identity is down and back when it returns; liveness stays 200', async () => {
    await procs.identity!.kill();
    await eventually(async () => (await fetch(`${base}/readyz`)).status === 503, 10_000, 'not ready');
    const answer = await request(base, 'GET', '/readyz');
    expect(answer.body).toEqual({ error: { code: 'SERVICE_UNAVAILABLE', message: 'Not ready: not reachable: identity.' } });
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    procs.identity = startDeployable('services/identity', env.identity);
    await eventually(async () => (await fetch(`${base}/readyz`)).ok, 30_000, 'ready again');
  }, 60_000);
});

describe('metrics (OTEL_METRICS_EXPORTER=prometheus)', () => {
  it('the gateway exposes HTTP server, gRPC client, Node runtime, cache and rate-limit series', async () => {
    await request(base, 'GET', '/api/v1/me', { token });
    await request(base, 'GET', '/api/v1/me', { token });
    for (let i = 0; i < 4; i++) await request(base, 'GET', '/api/v1/me', { token });
    let text = '';
    await eventually(
      async () => {
        text = await scrape(ports.gatewayMetrics);
        return text.includes('rpc_client_duration') && text.includes('cfs_rate_limit_refusals');
      },
      10_000,
      'gateway series',
    );
    // One HTTP series, by method, route template and status (the servers record it; no instrumentation's copy beside it).
    expect(text).toMatch(
      /^http_server_request_duration_count\{[^}]*http_request_method="GET"[^}]*http_response_status_code="200"[^}]*http_route="\/api\/v1\/me"[^}]*\} [1-9]/m,
    );
    // Refused by the rate limit before any route matched: no route.
    expect(text).toMatch(/^http_server_request_duration_count\{http_request_method="GET",http_response_status_code="429",otel_scope_name="cfs"\} [1-9]/m);
    expect(text.match(/^# TYPE http_server\w* histogram$/gm)).toEqual(['# TYPE http_server_request_duration histogram']);
    expect(text).toMatch(/rpc_client_duration\w*\{[^}]*rpc_method="Authenticate"/);
    expect(text).toMatch(/^(nodejs|v8js)_\w+/m);
    expect(text).toMatch(/cfs_cache_lookups_total\{[^}]*cache="gateway\.authentications"[^}]*result="hit"/);
    expect(text).toMatch(/cfs_rate_limit_refusals_total\{[^}]*bucket="cred"/);
  });

  it('a service exposes gRPC server series by method and status code', async () => {
    let text = '';
    await eventually(async () => (text = await scrape(ports.accountMetrics)).includes('rpc_server_duration'), 10_000, 'account series');
    expect(text).toMatch(/rpc_server_duration\w*\{[^}]*rpc_method="ResolveSite"[^}]*rpc_grpc_status_code="0"/);
  });
});

describe('shutdown', () => {
  it('on SIGTERM readiness turns 503 at once while requests are still served, then the server closes', async () => {
    procs.gateway!.process.kill('SIGTERM');
    await eventually(async () => (await fetch(`${base}/readyz`)).status === 503, 1000, 'draining');
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    await eventually(
      async () =>
        !(await fetch(`${base}/healthz`)
          .then(() => true)
          .catch(() => false)),
      10_000,
      'closed',
    );
  });
});
