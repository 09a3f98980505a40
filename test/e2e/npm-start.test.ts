/**
 * `npm start` as people run it. First the newcomer's way: no environment at all (embedded
 * defaults), then the README quickstart's commands exactly as printed. Then the operator's way:
 * real child processes from the built bundles against the run's PostgreSQL, traced into a stand-in
 * collector, with the admin CLI as a real process. Both stop cleanly on a signal and free every
 * port. And the embedded mode beside programs on the ports it once fixed. (One file: the `npm start`
 * runs share the build and must not overlap.)
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import net from 'node:net';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readLocalRun } from '@cfs/common/local-run';
import { acceptInvitationOverHttp } from '../support/dashboard-http.ts';
import { expectError, request } from '../support/http.ts';
import { eventually, freePort, portIsFree } from '../support/processes.ts';
import { rss, startPublisher } from '../support/publisher.ts';
import { ROOT } from '../support/services.ts';

const run = promisify(execFile);

const README = path.join(ROOT, 'README.md');

/** The README's quickstart commands, one shell line each (comments and blank lines dropped). */
function quickstartCommands(): string[] {
  const text = readFileSync(README, 'utf8');
  const block = /<!-- quickstart:begin -->\s*```sh\n([\s\S]*?)```\s*<!-- quickstart:end -->/.exec(text)?.[1];
  if (!block) throw new Error('README has no quickstart block');
  return block
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#') && !line.startsWith('export CFS_TOKEN='));
}

/** The environment of a machine with nothing else: no database, Redis, S3, telemetry or failpoints. */
const bare = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/(DATABASE_URL|REDIS_URL|^S3_|^OTEL_|^CFS_)/.test(k)));

/** `npm start` on embedded defaults in `dataDir`, once it printed the demo credential and links. */
async function startEmbedded(dataDir: string, env: NodeJS.ProcessEnv = {}): Promise<{ child: ChildProcess; out: () => string; token: string }> {
  const started = Date.now();
  const child = spawn('npm', ['start'], { cwd: ROOT, env: { ...bare, DATA_DIR: dataDir, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let out = '';
  let err = '';
  child.stdout!.on('data', (c) => (out += String(c)));
  child.stderr!.on('data', (c) => (err = (err + String(c)).slice(-4000)));
  try {
    // The last line it prints once up.
    while (!/Dashboard for the demo customer: \S+\n/.test(out)) {
      if (child.exitCode !== null) throw new Error(`npm start exited: ${out}${err}`);
      if (Date.now() - started > 60_000) throw new Error('not up within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } catch (e) {
    stopNow(child);
    throw e;
  }
  return { child, out: () => out, token: /Demo credential .*: (cfs_\S+)/.exec(out)![1]! };
}

/** npm's children too (the whole process group), whatever happened. */
function stopNow(child: ChildProcess): void {
  if (child.exitCode === null) process.kill(-child.pid!, 'SIGKILL');
}

/** Fields of /proc/<pid>/stat (or a thread's) after the command name, which may hold spaces: state is [0], pgrp [2], nice [16]. */
function statFields(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return text.slice(text.lastIndexOf(')') + 2).split(' ');
}

/** The live processes of a process group (npm, its shell, the launcher). */
function processGroup(pgid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => {
      try {
        return Number(statFields(`/proc/${pid}/stat`)[2]) === pgid;
      } catch {
        return false;
      }
    });
}

const commandLine = (pid: number): string => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
};

/** The threads of a process: their kernel id, name (comm) and nice value. */
function threadsOf(pid: number): Array<{ tid: number; name: string; nice: number }> {
  return readdirSync(`/proc/${pid}/task`).map((tid) => ({
    tid: Number(tid),
    name: readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim(),
    nice: Number(statFields(`/proc/${pid}/task/${tid}/stat`)[16]),
  }));
}

/** The ports a running embedded system in `dataDir` announced to the CLI (its gRPC services, PORT). */
function announcedPorts(dataDir: string): number[] {
  const run = readLocalRun(dataDir);
  if (!run) throw new Error(`no running system announced in ${dataDir}`);
  return Object.values(run).map((address) => Number(/:(\d+)/.exec(address)![1]));
}

describe('npm ci && npm start on a machine with nothing else: the README quickstart', () => {
  it('comes up on embedded defaults, prints a demo credential once, answers every quickstart command, and stops cleanly', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cfs-quickstart-'));
    const { child, out: output, token } = await startEmbedded(dataDir);
    try {
      const work = mkdtempSync(path.join(tmpdir(), 'cfs-quickstart-run-'));
      // One shell runs the block as printed (variables carry over); a marker line separates the answers.
      const commands = quickstartCommands();
      const script = commands.map((c, i) => `echo; echo "@@@${i}"; ${c}`).join('\n');
      const { stdout: all } = await run('bash', ['-e', '-c', script], { cwd: work, env: { ...bare, CFS_TOKEN: token } });
      const answers = all.split(/\n@@@\d+\n/).slice(1);
      expect(answers).toHaveLength(commands.length);
      for (const [i, command] of commands.entries()) {
        const answer = answers[i]!;
        if (command.startsWith('CURSOR=')) continue;
        if (command.includes('-o story-1.png')) {
          expect(answer.trim()).toBe('200 image/png');
          expect(readFileSync(path.join(work, 'story-1.png')).subarray(1, 4).toString()).toBe('PNG');
          continue;
        }
        const body = JSON.parse(answer) as Record<string, unknown>;
        expect(body, command).not.toHaveProperty('error');
        if (command.includes('/feed?limit=5&cursor=')) expect((body.data as unknown[]).length).toBe(5);
      }
      // The printed dashboard link opens the demo customer's invitation (it sets the password).
      const dashboardLink = /Dashboard for the demo customer: (\S+)/.exec(output())?.[1];
      expect(dashboardLink).toMatch(/^http:\/\/127\.0\.0\.1:8080\/dashboard\/invitations\/cfi_/);
      const invitation = await fetch(dashboardLink!);
      expect(invitation.status).toBe(200);
      expect(await invitation.text()).toContain('Set your password');
      // The printed API reference link answers the page the build made (npm start builds first).
      const referenceLink = /API reference: (\S+)/.exec(output())?.[1];
      expect(referenceLink).toBe('http://127.0.0.1:8080/docs/');
      const reference = await fetch(referenceLink!);
      expect(reference.status).toBe(200);
      expect(await reference.text()).toContain('<title>Content Feed Service Public API</title>');
      // Signed in, the demo Site's usage page shows the quickstart's feed requests: the dashboard
      // reads the gateway's counters in memory (no Redis in embedded mode).
      const demoSite = /Demo site: (site_\S+)/.exec(output())![1]!;
      const dashboardSession = await acceptInvitationOverHttp(dashboardLink!, 'the demo password, long enough');
      const usage = await dashboardSession.get(`/sites/${demoSite}/usage`);
      expect(usage.status).toBe(200);
      expect(Number(/Feed requests<\/span>\s*<strong>(\d+)<\/strong>\s*used/.exec(usage.text)?.[1])).toBe(
        commands.filter((c) => c.includes('/api/v1/feed')).length,
      );
      // The operator CLI on the same machine works with no extra step: it finds its service token
      // and the services' addresses in the data folder; without the token every service refuses the call.
      const siteId = /Demo site: (site_\S+)/.exec(output())![1]!;
      const cli = (extra: NodeJS.ProcessEnv) =>
        run('npm', ['run', '-s', 'admin', '--', 'site', 'set-plan', '--site', siteId, '--plan', 'pro'], { cwd: ROOT, env: { ...bare, ...extra } });
      expect(JSON.parse((await cli({ DATA_DIR: dataDir })).stdout)).toMatchObject({ site: { id: siteId, plan: 'pro' } });
      const noToken = { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cfs-no-token-')), ...readLocalRun(dataDir) };
      const refused = (await cli(noToken).catch((e: unknown) => e)) as { code: number; stderr: string };
      expect(refused.code).toBe(1);
      expect(JSON.parse(refused.stderr.trim().split('\n').pop()!)).toMatchObject({ error: { code: 'INTERNAL_ERROR' } });
      // The content loop on the built-in provider: the demo Site's newest items are
      // personalized for its SEO profile, each with a generated PNG, within seconds of the start.
      let newest: { personalized?: { title: string; imageUrl: string | null } } | undefined;
      for (const end = Date.now() + 30_000; !newest?.personalized?.imageUrl && Date.now() < end; await new Promise((r) => setTimeout(r, 250))) {
        const page = await fetch('http://127.0.0.1:8080/api/v1/feed?limit=1', { headers: { authorization: `Bearer ${token}` } });
        newest = ((await page.json()) as { data: (typeof newest)[] }).data[0];
      }
      expect(newest?.personalized?.imageUrl).toMatch(/^\/media\/generated\/ai\/[0-9a-f]{64}\.png$/);
      const image = await fetch(`http://127.0.0.1:8080${newest!.personalized!.imageUrl!}`);
      expect(image.headers.get('content-type')).toBe('image/png');
      expect(
        Buffer.from(await image.arrayBuffer())
          .subarray(1, 4)
          .toString(),
      ).toBe('PNG');
      // Where that image was drawn (services/media/README.md#where-generation-runs): in a thread
      // of the launcher's own process at AI_WORKER_NICE (10) above the rest, whose main thread, the
      // one that answers requests, kept its priority; no second node process runs generation.
      if (process.platform === 'linux') {
        const group = processGroup(child.pid!);
        const launcher = group.find((pid) => commandLine(pid).includes('services/launcher/dist/index.js'));
        expect(launcher).toBeDefined();
        expect(group.filter((pid) => commandLine(pid).includes('generation-worker'))).toEqual([]);
        const threads = threadsOf(launcher!);
        const renders = threads.filter((t) => t.name === 'cfs-render');
        expect(renders.length).toBeGreaterThan(0);
        expect(threads.find((t) => t.tid === launcher)?.nice).toBe(getPriority());
        for (const render of renders) expect(render.nice).toBe(Math.min(19, getPriority() + 10));
      }
      const ports = announcedPorts(dataDir);
      expect(ports).toContain(8080);
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      expect((await exited)[0]).toBe(0);
      for (const port of ports) expect(await portIsFree(port), `port ${port}`).toBe(true);
      expect(readLocalRun(dataDir)).toBeUndefined();
      expect(output().match(/Demo credential/g)).toHaveLength(1);
    } finally {
      stopNow(child);
    }
  }, 120_000);
});

describe('npm start beside other programs', () => {
  /** A listener on `port`; undefined when another program holds it already (occupied all the same). */
  const occupy = (port: number) =>
    new Promise<net.Server | undefined>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(undefined));
      server.listen(port, '127.0.0.1', () => resolve(server));
    });

  it('takes free ports for its internal servers: with the ports it once fixed held, it serves /api/v1/me and its CLI finds it', async () => {
    // The gRPC services', media's HTTP, the dashboard's and the embedded PostgreSQL's old ports.
    const held = [7001, 7002, 7003, 7004, 7005, 7006, 7016, 7020, 54329];
    const blockers = await Promise.all(held.map(occupy));
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cfs-beside-'));
    const port = await freePort();
    let child: ChildProcess | undefined;
    try {
      const started = await startEmbedded(dataDir, { PORT: String(port) });
      child = started.child;
      const base = `http://127.0.0.1:${port}`;
      const me = await request(base, 'GET', '/api/v1/me', { token: started.token });
      expect(me.status).toBe(200);
      for (const used of announcedPorts(dataDir)) expect(held).not.toContain(used);
      // The operator CLI reaches this system's identity service through the data folder alone.
      const siteId = /Demo site: (site_\S+)/.exec(started.out())![1]!;
      const { stdout: made } = await run('npm', ['run', '-s', 'admin', '--', 'credential', 'create', '--site', siteId, '--scopes', 'account.read'], {
        cwd: ROOT,
        env: { ...bare, DATA_DIR: dataDir },
      });
      expect((await request(base, 'GET', '/api/v1/me', { token: (JSON.parse(made) as { secret: string }).secret })).status).toBe(200);
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      expect((await exited)[0]).toBe(0);
      expect(readLocalRun(dataDir)).toBeUndefined();
    } finally {
      if (child) stopNow(child);
      for (const blocker of blockers) blocker?.close();
    }
  }, 120_000);
});

describe('Sources on the embedded system (PGlite)', () => {
  it('source add against a publisher on 127.0.0.1 fills the demo feed, and the ingest role in the one process fetches on schedule', async () => {
    const publisher = await startPublisher();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cfs-sources-'));
    let child: ChildProcess | undefined;
    try {
      const port = await freePort();
      const started = await startEmbedded(dataDir, { PORT: String(port), SOURCES_MIN_INTERVAL_SECONDS: '1', SOURCES_SWEEP_SECONDS: '1' });
      child = started.child;
      publisher.serve('/embedded.xml', {
        body: rss([{ title: 'Embedded story', link: 'https://news.example.com/embedded', guid: 'e1', description: 'Read on PGlite.' }], 'Embedded'),
        etag: '"e1"',
      });
      const cli = async (...argv: string[]) =>
        JSON.parse((await run('npm', ['run', '-s', 'admin', '--', ...argv], { cwd: ROOT, env: { ...bare, DATA_DIR: dataDir } })).stdout) as Record<
          string,
          unknown
        >;
      const { source } = (await cli('source', 'add', '--url', publisher.url('/embedded.xml'), '--categories', 'technology', '--interval', '2')) as {
        source: { id: string; status: string; articles: number };
      };
      expect(source).toMatchObject({ status: 'active', articles: 1 });
      const feed = await request(`http://127.0.0.1:${port}`, 'GET', '/api/v1/feed?limit=100', { token: started.token });
      expect((feed.body as { data: Array<{ title: string }> }).data.map((a) => a.title)).toContain('Embedded story');
      await eventually(async () => publisher.requestsTo('/embedded.xml').length >= 2, 30_000, 'fetched on schedule');
      expect(publisher.requestsTo('/embedded.xml')[1]!.headers['if-none-match']).toBe('"e1"');
      expect(await cli('source', 'list')).toMatchObject({ data: [{ id: source.id, status: 'active' }] });
      expect(await cli('source', 'remove', '--id', source.id, '--remove-articles')).toEqual({ removed: true, articlesRemoved: 1 });
      // Refusals and unknown ids: a JSON error on stderr and exit 1.
      for (const [argv, code] of [
        [['source', 'add', '--url', 'http://169.254.169.254/latest/meta-data/', '--categories', 'technology'], 'MALFORMED_REQUEST'],
        [['source', 'show', '--id', source.id], 'NOT_FOUND'],
      ] as const) {
        const failed = await run('npm', ['run', '-s', 'admin', '--', ...argv], { cwd: ROOT, env: { ...bare, DATA_DIR: dataDir } }).catch(
          (e: { code: number; stdout: string; stderr: string }) => e,
        );
        expect((failed as { code?: number }).code, argv.join(' ')).toBe(1);
        expect(JSON.parse((failed as { stderr: string }).stderr.trim().split('\n').pop()!)).toMatchObject({ error: { code } });
      }
      expect(await cli('source', 'list')).toEqual({ data: [] });
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      expect((await exited)[0]).toBe(0);
    } finally {
      if (child) stopNow(child);
      await publisher.close();
    }
  }, 120_000);
});

let system: ChildProcess;
let stdout = '';
let stderr = '';

/** A stand-in OpenTelemetry collector (OTLP/HTTP JSON) that keeps every span it receives. */
interface ReceivedSpan {
  service: string;
  traceId: string;
  name: string;
  scope: string;
}
const spans: ReceivedSpan[] = [];
let collector: Server;

async function startCollector(): Promise<number> {
  collector = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (req.url === '/v1/traces') {
        const payload = JSON.parse(body) as {
          resourceSpans: Array<{
            resource: { attributes: Array<{ key: string; value: { stringValue?: string } }> };
            scopeSpans: Array<{ scope: { name: string }; spans: Array<{ traceId: string; name: string }> }>;
          }>;
        };
        for (const rs of payload.resourceSpans) {
          const service = rs.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue ?? '';
          for (const ss of rs.scopeSpans) for (const span of ss.spans) spans.push({ service, traceId: span.traceId, name: span.name, scope: ss.scope.name });
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  collector.listen(0, '127.0.0.1');
  await once(collector, 'listening');
  return (collector.address() as net.AddressInfo).port;
}
const ports = {
  PORT: 0,
  IDENTITY_GRPC_PORT: 0,
  ACCOUNT_GRPC_PORT: 0,
  FEED_GRPC_PORT: 0,
  BILLING_GRPC_PORT: 0,
  SEO_GRPC_PORT: 0,
  MEDIA_GRPC_PORT: 0,
  MEDIA_HTTP_PORT: 0,
  DASHBOARD_HTTP_PORT: 0,
};
let env: NodeJS.ProcessEnv;

async function startOnPostgres() {
  for (const key of Object.keys(ports) as Array<keyof typeof ports>) ports[key] = await freePort();
  const collectorPort = await startCollector();
  env = {
    ...process.env,
    DATABASE_URL: inject('databaseUrl'),
    CREDENTIAL_PEPPER: 'npm-start-test-pepper-0123456789abcdef',
    PORT: String(ports.PORT),
    IDENTITY_GRPC_PORT: String(ports.IDENTITY_GRPC_PORT),
    ACCOUNT_GRPC_PORT: String(ports.ACCOUNT_GRPC_PORT),
    DASHBOARD_HTTP_PORT: String(ports.DASHBOARD_HTTP_PORT),
    // Where customers open the dashboard: the admin CLI's invitation links point there.
    DASHBOARD_URL: `http://127.0.0.1:${ports.PORT}/dashboard/`,
    IDENTITY_ADDR: `127.0.0.1:${ports.IDENTITY_GRPC_PORT}`,
    ACCOUNT_ADDR: `127.0.0.1:${ports.ACCOUNT_GRPC_PORT}`,
    FEED_ADDR: `127.0.0.1:${ports.FEED_GRPC_PORT}`,
    BILLING_ADDR: `127.0.0.1:${ports.BILLING_GRPC_PORT}`,
    SEO_ADDR: `127.0.0.1:${ports.SEO_GRPC_PORT}`,
    MEDIA_ADDR: `127.0.0.1:${ports.MEDIA_GRPC_PORT}`,
    MEDIA_DIR: mkdtempSync(path.join(tmpdir(), 'cfs-media-')),
    FEED_LOAD_DEMO_ARTICLES: 'false',
    CURSOR_SECRET: 'npm-start-test-cursor-secret-0123456789abcdef',
    LOG_LEVEL: 'info',
    OTEL_TRACES_EXPORTER: 'otlp',
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${collectorPort}`,
    OTEL_METRICS_EXPORTER: 'none',
    OTEL_LOGS_EXPORTER: 'none',
    OTEL_BSP_SCHEDULE_DELAY: '200',
  };
  system = spawn('npm', ['start', '--silent'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  system.stdout!.on('data', (chunk) => (stdout += String(chunk)));
  system.stderr!.on('data', (chunk) => (stderr += String(chunk)));
  const deadline = Date.now() + 90_000;
  while (!stdout.includes('is running on')) {
    if (system.exitCode !== null) throw new Error('npm start exited early');
    if (Date.now() > deadline) throw new Error('npm start did not come up in 90 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

afterAll(() => {
  if (system && system.exitCode === null) process.kill(-system.pid!, 'SIGKILL');
  collector?.close();
});

describe('npm start against PostgreSQL', () => {
  beforeAll(startOnPostgres, 120_000);

  it('serves GET /api/v1/me for a customer made with the admin CLI', async () => {
    const base = `http://127.0.0.1:${ports.PORT}`;
    const { stdout: out } = await run('npm', ['run', '-s', 'admin', '--', 'customer', 'create', '--name', 'Start Co', '--email', 'start@example.com'], {
      cwd: ROOT,
      env,
    });
    const created = JSON.parse(out) as { credential: { secret: string }; site: { id: string } };
    const me = await request(base, 'GET', '/api/v1/me', { token: created.credential.secret });
    expect(me.status).toBe(200);
    expect((me.body as { site: { id: string } }).site.id).toBe(created.site.id);
    expectError(await request(base, 'GET', '/api/v1/me'), 401, 'UNAUTHENTICATED');
  });

  it('traces one request from the gateway through the account service to PostgreSQL, and logs carry its trace and request ids', async () => {
    const base = `http://127.0.0.1:${ports.PORT}`;
    const { stdout: out } = await run('npm', ['run', '-s', 'admin', '--', 'customer', 'create', '--name', 'Trace Co', '--email', 'trace@example.com'], {
      cwd: ROOT,
      env,
    });
    const token = (JSON.parse(out) as { credential: { secret: string } }).credential.secret;
    const res = await request(base, 'GET', '/api/v1/me', { token, headers: { 'x-request-id': 'trace-me-1' } });
    expect(res.status).toBe(200);
    // The gateway's access log line of this request carries the request id and the trace id.
    let logLine: string | undefined;
    for (let i = 0; i < 50 && !logLine; i++) {
      logLine = stderr.split('\n').find((line) => line.includes('"trace-me-1"') && line.includes('"service":"gateway"'));
      if (!logLine) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const traceId = /"trace_id":"([0-9a-f]{32})"/.exec(logLine ?? '')?.[1];
    expect(traceId).toBeDefined();
    // That one trace spans gateway (HTTP, gRPC client) → account (gRPC server) → PostgreSQL.
    let trace: ReceivedSpan[] = [];
    for (let i = 0; i < 50; i++) {
      trace = spans.filter((s) => s.traceId === traceId);
      if (trace.some((s) => s.service === 'account' && s.scope.includes('pg')) && trace.some((s) => s.service === 'gateway')) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(trace.some((s) => s.service === 'gateway' && s.scope.includes('http'))).toBe(true);
    expect(trace.some((s) => s.service === 'gateway' && s.scope.includes('grpc'))).toBe(true);
    expect(trace.some((s) => s.service === 'account' && s.name.includes('ResolveSite'))).toBe(true);
    expect(trace.some((s) => s.service === 'account' && s.scope.includes('pg'))).toBe(true);
    expect(logLine).not.toContain(token);
  });

  it("admits only the callers each RPC names: the gateway's service token cannot change a plan", async () => {
    const { callUnary, createClient } = await import('@cfs/common/grpc');
    const { localServiceTokenFile } = await import('@cfs/common/service-auth');
    const { loadProtos } = await import('@cfs/protos');
    const dataDir = path.join(ROOT, '.cfs-data');
    const token = (caller: 'gateway' | 'admin') => readFileSync(localServiceTokenFile(dataDir, caller), 'utf8').trim();
    const { stdout: out } = await run('npm', ['run', '-s', 'admin', '--', 'customer', 'create', '--name', 'Auth Co', '--email', 'auth@example.com'], {
      cwd: ROOT,
      env,
    });
    const { site } = JSON.parse(out) as { site: { id: string } };
    const asGateway = createClient(loadProtos().cfs.account.v1.AccountAdminService, env.ACCOUNT_ADDR!, token('gateway'));
    const err = (await callUnary(asGateway, 'SetSitePlan', { siteId: site.id, plan: 'pro' }, { deadlineMs: 5000 }).catch((e: unknown) => e)) as {
      cause?: { code?: number };
    };
    asGateway.close();
    expect(err.cause?.code).toBe(7); // PERMISSION_DENIED
  });

  it('serves the dashboard through the gateway: the invitation of `customer create` sets a password and signs in', async () => {
    const { stdout: out } = await run(
      'npm',
      ['run', '-s', 'admin', '--', 'customer', 'create', '--name', 'Board Co', '--email', 'board@example.com', '--site-name', 'Board site'],
      { cwd: ROOT, env },
    );
    const { invite } = JSON.parse(out) as { invite: { url: string } };
    expect(invite.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${ports.PORT}/dashboard/invitations/cfi_`));
    const session = await acceptInvitationOverHttp(invite.url, 'a long enough password');
    const sites = await session.get('/sites');
    expect(sites.status).toBe(200);
    expect(sites.text).toContain('Board site');
  });

  it('reports CLI failures as a JSON error on stderr with a non-zero exit', async () => {
    const failed = await run('npm', ['run', '-s', 'admin', '--', 'site', 'set-plan', '--site', 'site_nope', '--plan', 'pro'], { cwd: ROOT, env }).catch(
      (e: unknown) => e,
    );
    const { code, stdout: out, stderr } = failed as { code: number; stdout: string; stderr: string };
    expect(code).toBe(1);
    expect(out).toBe('');
    expect(JSON.parse(stderr.trim().split('\n').pop()!)).toEqual({ error: { code: 'NOT_FOUND', message: 'The site was not found.' } });
  });

  it('stops every child and frees every port on SIGTERM', async () => {
    const exited = once(system, 'exit');
    system.kill('SIGTERM');
    const [code] = await exited;
    expect(code).toBe(0);
    for (const port of Object.values(ports)) expect(await portIsFree(port), `port ${port}`).toBe(true);
  }, 30_000);
});
