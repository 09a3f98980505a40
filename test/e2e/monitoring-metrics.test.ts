/**
 * Every metric the chart's PrometheusRule and Grafana dashboard name is one the system really exports:
 * the chart is rendered with both switched on, its PromQL parsed (test/deploy/support/promql.ts), and
 * each selector's metric looked for in the scrapes of running processes (OTEL_METRICS_EXPORTER=prometheus):
 * the gateway (HTTP, gRPC client, caches, rate-limit and quota refusals), account and feed (gRPC
 * server; cfs_sources_* with a Source fetched from the publisher stand-in, the schedule in the same
 * process), media generating against the OpenAI API stand-in (cfs_ai_*) and webhooks delivering a
 * test event to a receiver on 127.0.0.1 (cfs_webhooks_*). A name the rules record
 * themselves counts, and so does one of EXTERNAL_METRICS (kube-state-metrics); nothing else.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callUnary, createClient, waitForServing } from '@cfs/common/grpc';
import { closeAdminClients, createAdminClients, runAdminCommand } from '@cfs/admin';
import { loadProtos } from '@cfs/protos';
import type { MediaAdminServiceClient } from '@cfs/protos/generated/cfs/media/v1/MediaAdminService.js';
import type { WebhooksServiceClient } from '@cfs/protos/generated/cfs/webhooks/v1/WebhooksService.js';
import { EXTERNAL_METRICS, dashboardsOf, expressionsOf, parsePromQL, rulesOf } from '../deploy/support/promql.ts';
import { CHART_DIR, helmTemplate } from '../deploy/support/render.ts';
import { startAiFactsStandIn, type AiFactsStandIn } from '../support/ai-facts-standin.ts';
import { request } from '../support/http.ts';
import { scrape } from '../support/metrics.ts';
import { startOpenAiStandIn, type OpenAiStandIn } from '../support/openai-standin.ts';
import { eventually, freePort, processSystemEnv, startDeployable, type RunningProcess } from '../support/processes.ts';
import { rss, startPublisher, type Publisher } from '../support/publisher.ts';
import { TEST_CURSOR_SECRET, TEST_PEPPER } from '../support/system.ts';
import { Receiver } from '../support/webhook-receiver.ts';

const procs: RunningProcess[] = [];
const ports = { identity: 0, account: 0, feed: 0, gateway: 0, mediaGrpc: 0, mediaHttp: 0, webhooks: 0 };
const metricsPorts = { gateway: 0, account: 0, feed: 0, media: 0, webhooks: 0 };
let standin: OpenAiStandIn;
let publisher: Publisher;
// What the generation job asks account, feed and seo when it runs (media is started alone here).
let facts: AiFactsStandIn;
let media: MediaAdminServiceClient;
let webhooks: WebhooksServiceClient;
let receiver: Receiver;
let base: string;
let token: string;

const prometheusEnv = (port: number) => ({
  OTEL_METRICS_EXPORTER: 'prometheus',
  OTEL_EXPORTER_PROMETHEUS_HOST: '127.0.0.1',
  OTEL_EXPORTER_PROMETHEUS_PORT: String(port),
});

/** The series names of a scrape (`name{labels} value` lines). */
const seriesNames = (text: string) => new Set([...text.matchAll(/^([a-zA-Z_:][a-zA-Z0-9_:]*)[{ ]/gm)].map((m) => m[1]!));

beforeAll(async () => {
  for (const k of Object.keys(ports) as Array<keyof typeof ports>) ports[k] = await freePort();
  for (const k of Object.keys(metricsPorts) as Array<keyof typeof metricsPorts>) metricsPorts[k] = await freePort();
  standin = await startOpenAiStandIn();
  publisher = await startPublisher();
  publisher.serve('/monitoring.xml', { body: rss([{ title: 'Monitored', link: 'https://news.example.com/monitored', guid: 'm1' }]) });
  const system = processSystemEnv('monitoring', { pepper: TEST_PEPPER, cursorSecret: TEST_CURSOR_SECRET });
  const { tokens, common, addr } = system;
  facts = await startAiFactsStandIn({ tokens, profileVersion: 'p1' });
  // A plan with a feed quota of 1 a day: the second feed page is refused (cfs_quota_refusals_total).
  const plans = path.join(mkdtempSync(path.join(tmpdir(), 'cfs-monitoring-')), 'plans.json');
  writeFileSync(plans, JSON.stringify({ defaultPlan: 'tiny', plans: { tiny: { name: 'Tiny', capabilities: { feed: { quota: 1, period: 'day' } } } } }));
  procs.push(startDeployable('services/identity', system.identity(ports.identity)));
  procs.push(
    startDeployable('services/account', { ...common, ACCOUNT_GRPC_PORT: String(ports.account), PLANS_FILE: plans, ...prometheusEnv(metricsPorts.account) }),
  );
  // FEED_ROLE defaults to `all`: the Sources' schedule, and its gauges, run in this process too.
  procs.push(startDeployable('services/feed', system.feed(ports.feed, { SOURCES_ALLOW_PRIVATE_NETWORKS: 'true', ...prometheusEnv(metricsPorts.feed) })));
  procs.push(startDeployable('gateway', { ...system.gateway(ports), RATE_LIMIT_PER_MINUTE: '5', ...prometheusEnv(metricsPorts.gateway) }));
  const database = new URL(inject('databaseUrl'));
  database.searchParams.set('schema', `monitoring_${process.pid}_${Date.now().toString(36)}`);
  procs.push(
    startDeployable('services/media', {
      DATABASE_URL: database.toString(),
      MIGRATE_ON_START: 'true',
      SERVICE_CALLERS: common.SERVICE_CALLERS,
      SERVICE_TOKEN: tokens.media,
      ACCOUNT_ADDR: facts.address,
      FEED_ADDR: facts.address,
      SEO_ADDR: facts.address,
      MEDIA_GRPC_HOST: '127.0.0.1',
      MEDIA_GRPC_PORT: String(ports.mediaGrpc),
      MEDIA_HTTP_HOST: '127.0.0.1',
      MEDIA_HTTP_PORT: String(ports.mediaHttp),
      MEDIA_DIR: mkdtempSync(path.join(tmpdir(), 'cfs-monitoring-media-')),
      AI_PROVIDER: 'openai',
      AI_API_URL: standin.baseURL,
      AI_API_KEY: 'sk-test',
      ...prometheusEnv(metricsPorts.media),
    }),
  );
  // webhooks in a schema of its own, delivering to a receiver on 127.0.0.1 (cfs_webhooks_*).
  receiver = await new Receiver().start();
  const webhooksDatabase = new URL(inject('databaseUrl'));
  webhooksDatabase.searchParams.set('schema', `monitoring_wh_${process.pid}_${Date.now().toString(36)}`);
  procs.push(
    startDeployable('services/webhooks', {
      DATABASE_URL: webhooksDatabase.toString(),
      MIGRATE_ON_START: 'true',
      SERVICE_CALLERS: common.SERVICE_CALLERS,
      WEBHOOKS_GRPC_HOST: '127.0.0.1',
      WEBHOOKS_GRPC_PORT: String(ports.webhooks),
      WEBHOOKS_ALLOW_HTTP: 'true',
      WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true',
      ...prometheusEnv(metricsPorts.webhooks),
    }),
  );
  await Promise.all([ports.identity, ports.account, ports.feed, ports.mediaGrpc, ports.webhooks].map((p) => waitForServing(addr(p), 30_000)));
  base = `http://127.0.0.1:${ports.gateway}`;
  await eventually(async () => (await fetch(`${base}/readyz`)).ok, 30_000, 'gateway ready');
  const clients = createAdminClients({
    identity: addr(ports.identity),
    account: addr(ports.account),
    feed: addr(ports.feed),
    media: addr(ports.mediaGrpc),
    deadlineMs: 10_000,
    serviceToken: tokens.admin,
  });
  token = (
    (await runAdminCommand(['customer', 'create', '--name', 'Monitoring Co', '--email', 'mon@example.com'], clients)) as { credential: { secret: string } }
  ).credential.secret;
  // A Source added is fetched once (cfs_sources_fetches_total, _items_total, _fetch_duration_seconds).
  await runAdminCommand(['source', 'add', '--url', publisher.url('/monitoring.xml'), '--categories', 'technology'], clients);
  closeAdminClients(clients);
  media = createClient(loadProtos().cfs.media.v1.MediaAdminService, addr(ports.mediaGrpc), tokens.admin);
  webhooks = createClient(loadProtos().cfs.webhooks.v1.WebhooksService, addr(ports.webhooks), tokens.gateway);
}, 120_000);

afterAll(async () => {
  media?.close();
  webhooks?.close();
  await receiver?.stop();
  await Promise.all(procs.map((p) => p.kill()));
  await standin?.close();
  await facts?.close();
  await publisher?.close();
});

/** Traffic that makes every kind of series appear: answers, refusals by quota and rate limit, cache lookups, gRPC calls, AI generations. */
async function exercise(): Promise<string> {
  for (let i = 0; i < 8; i++) await request(base, 'GET', i < 2 ? '/api/v1/feed' : '/api/v1/me', { token });
  await fetch(`${base}/webhooks/stripe`, { method: 'POST', body: '{}' });
  await callUnary(
    media,
    'QueueGenerations',
    {
      jobs: [
        {
          siteId: 'site_monitoring',
          budget: 1000,
          period: 'month',
          article: { id: 'art_monitoring', version: '2026-11-26T00:00:00.000Z', title: 'Robots', summary: 'Robots write news.', categories: ['tech'] },
          profile: { version: 'p1', siteName: 'Acme', locale: 'en-GB', keywords: ['ai'], tone: 'friendly', topics: ['technology'] },
        },
      ],
    },
    { deadlineMs: 10_000 },
  );
  // One delivered webhook: attempts, their duration and deliveries by outcome; the gauges read the tables.
  const site = { siteId: 'site_monitoring', customerId: 'cus_monitoring' };
  const { endpoint } = await callUnary(
    webhooks,
    'CreateEndpoint',
    { ...site, url: receiver.url(), events: ['feed.changed'], description: '' },
    { deadlineMs: 10_000 },
  );
  await callUnary(webhooks, 'SendTest', { ...site, endpointId: endpoint!.id }, { deadlineMs: 10_000 });
  let all = new Set<string>();
  await eventually(
    async () => {
      const texts = await Promise.all(Object.values(metricsPorts).map((p) => scrape(p)));
      all = new Set(texts.flatMap((t) => [...seriesNames(t)]));
      return [
        'cfs_quota_refusals_total',
        'cfs_rate_limit_refusals_total',
        'cfs_ai_generations_total',
        'rpc_server_duration_count',
        'cfs_sources_fetches_total',
        'cfs_sources_count',
        'cfs_webhooks_deliveries_total',
        'cfs_webhooks_oldest_pending_delivery_seconds',
      ].every((n) => all.has(n));
    },
    20_000,
    'every kind of series',
  );
  return [...all].sort().join('\n');
}

describe("the chart's rules and dashboard", () => {
  it('name only metrics that the running system exports (or that the rules record, or EXTERNAL_METRICS)', async () => {
    const exported = new Set((await exercise()).split('\n'));
    const objects = helmTemplate(
      [path.join(CHART_DIR, 'ci', 'default-values.yaml')],
      [
        '--set',
        'metrics.enabled=true',
        '--set',
        'metrics.prometheusRule.enabled=true',
        '--set',
        'metrics.prometheusRule.runbookBaseUrl=https://example.com/operations.md',
        '--set',
        'metrics.grafanaDashboard.enabled=true',
      ],
    );
    expect(rulesOf(objects).length).toBeGreaterThan(0);
    expect(dashboardsOf(objects).length).toBe(1);
    const recorded = new Set(rulesOf(objects).flatMap((r) => (r.record ? [r.record] : [])));
    const expressions = expressionsOf(objects);
    const missing: string[] = [];
    const used = new Set<string>();
    for (const { where, expr } of expressions) {
      const { errors, selectors } = parsePromQL(expr);
      expect(errors, `${where}: ${expr}`).toEqual([]);
      for (const { metric, equals } of selectors) {
        used.add(metric);
        if (!exported.has(metric) && !recorded.has(metric) && !(metric in EXTERNAL_METRICS)) missing.push(`${where}: ${metric}`);
        // A histogram bucket bound the system does not use would select nothing.
        if (equals.le !== undefined && !new RegExp(`^${metric}\\{[^}]*le="${equals.le.replace('.', '\\.')}"`, 'm').test(await scrapeAll()))
          missing.push(`${where}: ${metric}{le="${equals.le}"}`);
      }
    }
    expect(missing, `exported:\n${[...exported].join('\n')}`).toEqual([]);
    expect(used.size).toBeGreaterThan(5);
  }, 60_000);

  it('would catch a metric the system does not export', async () => {
    const exported = new Set((await exercise()).split('\n'));
    const { selectors } = parsePromQL('sum(rate(http_server_requests_total[5m])) / sum(rate(http_server_request_duration_count[5m]))');
    expect(selectors.map((s) => exported.has(s.metric))).toEqual([false, true]);
  });
});

async function scrapeAll(): Promise<string> {
  return (await Promise.all(Object.values(metricsPorts).map((p) => scrape(p)))).join('\n');
}
