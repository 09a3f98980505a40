/**
 * The ingest role as its own process: the feed service run twice from its entrypoint, once as
 * `api` (the operator's RPCs, no schedule) and once as `ingest` (the schedule), on a schema of its
 * own. Scheduled fetches happen in the ingest process only, are counted in its metrics, and a fetch
 * that fell due while it was down (killed, not stopped) happens as soon as it is back.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { waitForServing } from '@cfs/common/grpc';
import { newServiceTokens } from '@cfs/common/service-auth';
import { closeAdminClients, createAdminClients, runAdminCommand, type AdminClients } from '@cfs/admin';
import { scrape, valueOf } from '../support/metrics.ts';
import { eventually, freePort, startDeployable, type RunningProcess } from '../support/processes.ts';
import { rss, startPublisher, type Publisher } from '../support/publisher.ts';
import { TEST_CURSOR_SECRET } from '../support/system.ts';

let api: RunningProcess;
let ingest: RunningProcess | undefined;
let publisher: Publisher;
let clients: AdminClients;
let metricsPort: number;
let ingestEnv: NodeJS.ProcessEnv;

beforeAll(async () => {
  publisher = await startPublisher();
  const database = new URL(inject('databaseUrl'));
  database.searchParams.set('schema', `ingest_${process.pid}_${Date.now().toString(36)}`);
  const { tokens, callers } = newServiceTokens();
  const common = {
    DATABASE_URL: database.toString(),
    SERVICE_CALLERS: callers,
    FEED_GRPC_HOST: '127.0.0.1',
    CURSOR_SECRET: TEST_CURSOR_SECRET,
    SOURCES_ALLOW_PRIVATE_NETWORKS: 'true',
    SOURCES_MIN_INTERVAL_SECONDS: '1',
    SOURCES_SWEEP_SECONDS: '1',
  };
  const apiPort = await freePort();
  api = startDeployable('services/feed', { ...common, FEED_ROLE: 'api', MIGRATE_ON_START: 'true', FEED_GRPC_PORT: String(apiPort) });
  await waitForServing(`127.0.0.1:${apiPort}`, 60_000);
  metricsPort = await freePort();
  ingestEnv = {
    ...common,
    FEED_ROLE: 'ingest',
    MIGRATE_ON_START: 'false',
    FEED_GRPC_PORT: String(await freePort()),
    OTEL_METRICS_EXPORTER: 'prometheus',
    OTEL_EXPORTER_PROMETHEUS_HOST: '127.0.0.1',
    OTEL_EXPORTER_PROMETHEUS_PORT: String(metricsPort),
  };
  const feed = `127.0.0.1:${apiPort}`;
  clients = createAdminClients({ identity: feed, account: feed, feed, media: feed, deadlineMs: 30_000, serviceToken: tokens.admin });
}, 90_000);

afterAll(async () => {
  if (clients) closeAdminClients(clients);
  await ingest?.kill();
  await api?.kill();
  await publisher?.close();
});

async function startIngest(): Promise<RunningProcess> {
  const running = startDeployable('services/feed', ingestEnv);
  await waitForServing(`127.0.0.1:${ingestEnv.FEED_GRPC_PORT}`, 60_000);
  return running;
}

const admin = (...argv: string[]) => runAdminCommand(argv, clients);

describe('the ingest role', () => {
  it('fetches on schedule in its own process, and loses no fetch across a kill and restart', async () => {
    publisher.serve('/ingest.xml', { body: rss([{ title: 'Scheduled', link: 'https://news.example.com/scheduled', guid: 's1' }]), etag: '"e1"' });
    const { source } = (await admin('source', 'add', '--url', publisher.url('/ingest.xml'), '--categories', 'technology', '--interval', '2')) as {
      source: { id: string };
    };
    // The api role runs no schedule: nothing but the first fetch while no ingest process runs.
    await new Promise((resolve) => setTimeout(resolve, 4000));
    expect(publisher.requestsTo('/ingest.xml')).toHaveLength(1);

    ingest = await startIngest();
    await eventually(async () => publisher.requestsTo('/ingest.xml').length >= 2, 20_000, 'fetched on schedule');
    expect(publisher.requestsTo('/ingest.xml')[1]!.headers['if-none-match']).toBe('"e1"');
    await eventually(
      async () => {
        const text = await scrape(metricsPort);
        return valueOf(text, 'cfs_sources_fetches_total', { outcome: 'not_modified' }) >= 1 && valueOf(text, 'cfs_sources_count', { status: 'active' }) === 1;
      },
      30_000,
      'counted in the metrics',
    );
    const text = await scrape(metricsPort);
    expect(valueOf(text, 'cfs_sources_fetch_duration_seconds_count')).toBeGreaterThanOrEqual(1);
    expect(text).toContain('cfs_sources_oldest_overdue_fetch_seconds');

    // Killed: the fetches that fall due meanwhile are not lost, they run once it is back.
    await ingest.kill('SIGKILL');
    ingest = undefined;
    const seen = publisher.requestsTo('/ingest.xml').length;
    await new Promise((resolve) => setTimeout(resolve, 4000));
    expect(publisher.requestsTo('/ingest.xml')).toHaveLength(seen);
    const { source: overdue } = (await admin('source', 'show', '--id', source.id)) as { source: { nextFetchAt: string } };
    expect(Date.parse(overdue.nextFetchAt)).toBeLessThan(Date.now());

    ingest = await startIngest();
    await eventually(async () => publisher.requestsTo('/ingest.xml').length > seen, 20_000, 'fetched after the restart');
    await admin('source', 'remove', '--id', source.id, '--remove-articles');
  }, 120_000);
});
