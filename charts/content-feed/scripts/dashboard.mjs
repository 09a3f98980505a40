#!/usr/bin/env node
// The Grafana dashboard of the chart (files/grafana-dashboard.json), generated so that every deployable's
// row is built from the same panels (no copy-paste across eight rows). The series are those of
// docs/operations.md#observability; test/e2e/monitoring-metrics.test.ts checks every name against a
// running system. `__NAMESPACE__` and `__FULLNAME__` are replaced by templates/grafana-dashboard.yaml
// with the release's namespace and object prefix (Prometheus' job label is the Service's name), and
// `__SOURCES_JOB__` with the Service of the pods that run the Sources' schedule (the ingest role, or
// feed's own pods with `ingest.enabled: false`), `__GENERATION_JOB__` with that of the pods that generate
// (media-worker, or media's own with `mediaWorker.enabled: false`).
//   node charts/content-feed/scripts/dashboard.mjs          # write
//   node charts/content-feed/scripts/dashboard.mjs --check  # exit 1 when the file is stale
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const CHART = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FILE = path.join(CHART, 'files', 'grafana-dashboard.json');

/** The row of the Sources' schedule: its job is chosen by the template (see above). */
const SOURCES = 'sources';
/** The row of AI generation (the consumers and the renders): the media-worker pods, or media's own without them. */
const GENERATION = 'generation';
const jobOf = (component) => (component === SOURCES ? '__SOURCES_JOB__' : component === GENERATION ? '__GENERATION_JOB__' : `__FULLNAME__-${component}`);
const sel = (component, extra = '') => `{namespace="__NAMESPACE__",job="${jobOf(component)}"${extra ? `,${extra}` : ''}}`;
const rate = (metric, component, extra) => `rate(${metric}${sel(component, extra)}[$__rate_interval])`;
const datasource = { type: 'prometheus', uid: '${datasource}' };

let id = 0;
let y = 0;
const panels = [];

function row(title) {
  panels.push({ type: 'row', title, id: ++id, collapsed: false, gridPos: { h: 1, w: 24, x: 0, y: y++ }, panels: [] });
  x = 0;
}
let x = 0;
function panel(title, unit, targets, description) {
  if (x >= 24) {
    x = 0;
    y += 8;
  }
  panels.push({
    type: 'timeseries',
    title,
    description,
    id: ++id,
    datasource,
    gridPos: { h: 8, w: 8, x, y },
    fieldConfig: { defaults: { unit }, overrides: [] },
    options: { legend: { displayMode: 'table', placement: 'bottom', calcs: ['lastNotNull', 'max'] }, tooltip: { mode: 'multi', sort: 'desc' } },
    targets: targets.map(([expr, legendFormat], i) => ({ refId: String.fromCharCode(65 + i), datasource, expr, legendFormat })),
  });
  x += 8;
}
const endRow = () => {
  y += 8;
  x = 0;
};
const quantiles = (metric, component, by, scale = '') =>
  [0.5, 0.9, 0.99].map((q) => [`histogram_quantile(${q}, sum by (le${by ? `, ${by}` : ''}) (${rate(`${metric}_bucket`, component)}))${scale}`, `p${q * 100}${by ? ` {{${by}}}` : ''}`]);

function http(component, what) {
  panel(`${what}: requests by route and code`, 'reqps', [[`sum by (http_route, http_response_status_code) (${rate('http_server_request_duration_count', component)})`, '{{http_route}} {{http_response_status_code}}']]);
  panel(`${what}: errors (5xx) by route`, 'reqps', [
    [`sum by (http_route, http_response_status_code) (${rate('http_server_request_duration_count', component, 'http_response_status_code=~"5.."')})`, '{{http_route}} {{http_response_status_code}}'],
  ]);
  panel(`${what}: latency percentiles`, 's', quantiles('http_server_request_duration', component, ''));
}
const grpcServer = (component) => {
  panel('gRPC served by method and code', 'reqps', [[`sum by (rpc_method, rpc_grpc_status_code) (${rate('rpc_server_duration_count', component)})`, '{{rpc_method}} {{rpc_grpc_status_code}}']]);
  panel('gRPC served: p99 by method', 'ms', [[`histogram_quantile(0.99, sum by (le, rpc_method) (${rate('rpc_server_duration_bucket', component)}))`, '{{rpc_method}}']]);
};
const grpcClient = (component) => {
  panel('gRPC calls made by method and code', 'reqps', [
    [`sum by (rpc_service, rpc_method, rpc_grpc_status_code) (${rate('rpc_client_duration_count', component)})`, '{{rpc_service}}/{{rpc_method}} {{rpc_grpc_status_code}}'],
  ]);
  panel('gRPC calls made: p99 by method', 'ms', [[`histogram_quantile(0.99, sum by (le, rpc_method) (${rate('rpc_client_duration_bucket', component)}))`, '{{rpc_method}}']]);
};
const runtime = (component) => {
  panel('V8 heap used by pod', 'bytes', [[`sum by (pod) (v8js_memory_heap_used${sel(component)})`, '{{pod}}']]);
  panel('Event-loop delay p99 by pod', 's', [[`max by (pod) (nodejs_eventloop_delay_p99${sel(component)})`, '{{pod}}']]);
};

row('gateway');
http('gateway', 'API');
panel('Cache hit ratio by cache', 'percentunit', [
  [
    `sum by (cache) (${rate('cfs_cache_lookups_total', 'gateway', 'result="hit"')}) / sum by (cache) (${rate('cfs_cache_lookups_total', 'gateway')})`,
    '{{cache}}',
  ],
]);
panel('Quota and rate-limit refusals', 'reqps', [
  [`sum by (capability) (${rate('cfs_quota_refusals_total', 'gateway')})`, 'quota {{capability}}'],
  [`sum by (bucket) (${rate('cfs_rate_limit_refusals_total', 'gateway')})`, 'rate limit {{bucket}}'],
]);
grpcClient('gateway');
runtime('gateway');
endRow();

for (const service of ['identity', 'account', 'feed', 'billing', 'seo']) {
  row(service);
  grpcServer(service);
  if (service === 'billing') grpcClient(service);
  runtime(service);
  endRow();
}

row('media');
grpcServer('media');
http('media', 'Generated media');
panel('AI queue: jobs by state, oldest job age', 'short', [
  [`sum by (state) (cfs_ai_queue_jobs${sel('media')})`, '{{state}}'],
  [`max(cfs_ai_queue_oldest_job_age_seconds${sel('media')})`, 'oldest job age (s)'],
]);
grpcClient('media');
runtime('media');
endRow();

// AI generation where it runs (budget units the operator records are counted by media's API pods).
row(GENERATION);
panel('AI generations by kind and outcome', 'ops', [[`sum by (kind, outcome, reason) (${rate('cfs_ai_generations_total', GENERATION)})`, '{{kind}} {{outcome}} {{reason}}']]);
panel('AI budget units by operation', 'short', [[`sum by (op) (${rate('cfs_ai_budget_units_total', GENERATION)})`, '{{op}}']]);
panel('AI provider call p95 by kind', 's', [
  [`histogram_quantile(0.95, sum by (le, kind) (${rate('cfs_ai_provider_call_duration_seconds_bucket', GENERATION)}))`, '{{kind}}'],
]);
runtime(GENERATION);
endRow();

// Sources: every ingest pod reports the same Source counts (read from the database), hence max, not sum.
row(SOURCES);
panel('Source fetches by outcome', 'ops', [[`sum by (outcome) (${rate('cfs_sources_fetches_total', SOURCES)})`, '{{outcome}}']]);
panel('Failed fetches by code', 'ops', [[`sum by (code) (${rate('cfs_sources_fetches_total', SOURCES, 'outcome="failed"')})`, '{{code}}']]);
panel('Feed items by result', 'ops', [[`sum by (result) (${rate('cfs_sources_items_total', SOURCES)})`, '{{result}}']]);
panel('Source fetch duration percentiles', 's', quantiles('cfs_sources_fetch_duration_seconds', SOURCES, ''));
panel('Sources by status', 'short', [[`max by (status) (cfs_sources_count${sel(SOURCES)})`, '{{status}}']]);
panel('Oldest overdue fetch', 's', [[`max(cfs_sources_oldest_overdue_fetch_seconds${sel(SOURCES)})`, 'oldest overdue fetch']]);
runtime(SOURCES);
// Webhooks (services/webhooks/src/webhook-metrics.ts): the counters are each replica's attempts, hence
// sum; the gauges are read from the database by every replica alike, hence max, not sum.
row('webhooks');
panel('Webhook deliveries by outcome', 'ops', [[`sum by (outcome) (${rate('cfs_webhooks_deliveries_total', 'webhooks')})`, '{{outcome}}']]);
panel('Webhook attempts by outcome', 'ops', [[`sum by (outcome) (${rate('cfs_webhooks_attempts_total', 'webhooks')})`, '{{outcome}}']]);
panel('Webhook attempt latency', 's', [
  [`histogram_quantile(0.5, sum by (le) (${rate('cfs_webhooks_attempt_duration_seconds_bucket', 'webhooks')}))`, 'p50'],
  [`histogram_quantile(0.99, sum by (le) (${rate('cfs_webhooks_attempt_duration_seconds_bucket', 'webhooks')}))`, 'p99'],
]);
panel('Webhook endpoints by status', 'short', [[`max by (status) (cfs_webhooks_endpoints${sel('webhooks')})`, '{{status}}']]);
panel('Pending webhook deliveries', 'short', [[`max(cfs_webhooks_pending_deliveries${sel('webhooks')})`, 'pending']]);
panel('Oldest pending webhook delivery', 's', [[`max(cfs_webhooks_oldest_pending_delivery_seconds${sel('webhooks')})`, 'oldest pending delivery']]);
grpcServer('webhooks');
runtime('webhooks');
endRow();

row('dashboard');
http('dashboard', 'Dashboard');
grpcClient('dashboard');
runtime('dashboard');
endRow();

// Rows hold no nested panels while expanded (Grafana's own format).
const dashboard = {
  title: 'Content Feed Service (__NAMESPACE__/__FULLNAME__)',
  uid: '__UID__',
  description: 'Requests, errors, latency, caches, refusals, gRPC, AI generation, Sources, webhooks and runtime of every deployable. Generated by charts/content-feed/scripts/dashboard.mjs.',
  tags: ['content-feed'],
  timezone: 'utc',
  schemaVersion: 39,
  version: 1,
  editable: true,
  refresh: '30s',
  time: { from: 'now-6h', to: 'now' },
  templating: { list: [{ name: 'datasource', label: 'Prometheus', type: 'datasource', query: 'prometheus', current: {}, hide: 0 }] },
  annotations: { list: [] },
  panels,
};
const text = `${JSON.stringify(dashboard, null, 2)}\n`;
if (process.argv.includes('--check')) {
  if (!existsSync(FILE) || readFileSync(FILE, 'utf8') !== text) {
    process.stderr.write('charts/content-feed/files/grafana-dashboard.json is stale (run node charts/content-feed/scripts/dashboard.mjs)\n');
    process.exit(1);
  }
  process.stdout.write('Grafana dashboard up to date\n');
} else {
  writeFileSync(FILE, text);
  process.stdout.write(`wrote files/grafana-dashboard.json (${panels.length} panels)\n`);
}
