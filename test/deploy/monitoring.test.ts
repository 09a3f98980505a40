/**
 * The chart's Prometheus Operator objects (values `metrics.*`): a ServiceMonitor per component, the
 * PrometheusRule of the SLO and operational alerts, and the Grafana dashboard ConfigMap. Each is
 * rendered with helm and validated against its CRD schema (support/kube-schema.ts); the PromQL they
 * hold is parsed in support/promql.ts, and test/e2e/monitoring-metrics.test.ts checks every metric
 * they name against the scrape of a running system.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { problemsOf, type KubeObject } from './support/kube-schema.ts';
import { dashboardsOf, expressionsOf, panelsOf, parsePromQL, rulesOf } from './support/promql.ts';
import { CHART_DIR, COMPONENTS, DEPLOYED, ROLES, deploymentOf, helm, helmTemplate, helmTemplateArgs, ofKind } from './support/render.ts';
import { REPO_ROOT } from './support/tools.ts';

const DEFAULTS = path.join(CHART_DIR, 'ci', 'default-values.yaml');
const PRODUCTION = path.join(CHART_DIR, 'ci', 'production-values.yaml');
const set = (pairs: Record<string, string>) => Object.entries(pairs).flatMap(([k, v]) => ['--set', `${k}=${v}`]);
const METRICS_ON = { 'metrics.enabled': 'true', 'metrics.serviceMonitor.enabled': 'true' };

interface ServiceMonitorSpec {
  selector: { matchLabels: Record<string, string> };
  namespaceSelector: { matchNames?: string[]; any?: boolean };
  endpoints: Array<{ port: string; path: string; interval?: string; scrapeTimeout?: string }>;
}
interface ServiceSpec {
  selector: Record<string, string>;
  ports: Array<{ name: string; port: number; targetPort: string | number }>;
}

describe('metrics.serviceMonitor', () => {
  it('is off by default, also with metrics.enabled: no ServiceMonitor and no metrics port on the Services', () => {
    for (const objects of [helmTemplate([DEFAULTS]), helmTemplate([DEFAULTS], set({ 'metrics.enabled': 'true' }))]) {
      expect(objects.filter((o) => o.apiVersion.startsWith('monitoring.coreos.com/'))).toEqual([]);
      for (const svc of ofKind(objects, 'Service')) expect((svc.spec as ServiceSpec).ports.map((p) => p.name)).not.toContain('metrics');
    }
  });

  it("renders one ServiceMonitor per enabled component that selects exactly that component's Service and scrapes the pods' metrics port", () => {
    const objects = helmTemplate([DEFAULTS], [...set(METRICS_ON), ...set({ 'components.billing.enabled': 'false' })]);
    const monitors = ofKind(objects, 'ServiceMonitor');
    const expected = DEPLOYED.filter((c) => c !== 'billing');
    expect(monitors.map((m) => m.metadata.labels!['app.kubernetes.io/component']).sort()).toEqual([...expected].sort());
    expect(ofKind(objects, 'PodMonitor'), 'every component has a Service').toEqual([]);
    for (const component of expected) {
      const monitor = monitors.find((m) => m.metadata.labels!['app.kubernetes.io/component'] === component)!;
      const spec = monitor.spec as ServiceMonitorSpec;
      const selected = ofKind(objects, 'Service').filter((s) => Object.entries(spec.selector.matchLabels).every(([k, v]) => s.metadata.labels?.[k] === v));
      expect(
        selected.map((s) => s.metadata.name),
        `${component}: the ServiceMonitor selects its Service only`,
      ).toEqual([monitor.metadata.name]);
      expect(spec.namespaceSelector).toEqual({ matchNames: ['content-feed'] });
      expect(spec.endpoints).toEqual([{ port: 'metrics', path: '/metrics', scheme: 'http', interval: '30s', scrapeTimeout: '10s' }]);
      // The Service's `metrics` port leads to the container port the exporter listens on (OTEL_EXPORTER_PROMETHEUS_PORT).
      const port = (selected[0]!.spec as ServiceSpec).ports.find((p) => p.name === 'metrics');
      expect(port, `${component}: Service port "metrics"`).toMatchObject({ port: 9464, targetPort: 'metrics' });
      const container = (
        deploymentOf(objects, component)!.spec as {
          template: { spec: { containers: Array<{ ports: Array<{ name: string; containerPort: number }>; env: Array<{ name: string; value?: string }> }> } };
        }
      ).template.spec.containers[0]!;
      expect(container.ports.find((p) => p.name === 'metrics')?.containerPort).toBe(9464);
      expect(container.env.find((e) => e.name === 'OTEL_EXPORTER_PROMETHEUS_PORT')?.value).toBe('9464');
    }
    const problems = monitors.flatMap((m) => problemsOf(m));
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('takes its interval, scrape timeout, labels and namespace selector from values', () => {
    const objects = helmTemplate(
      [DEFAULTS],
      set({
        ...METRICS_ON,
        'metrics.port': '9500',
        'metrics.serviceMonitor.interval': '15s',
        'metrics.serviceMonitor.scrapeTimeout': '',
        'metrics.serviceMonitor.labels.release': 'kube-prometheus-stack',
        'metrics.serviceMonitor.namespaceSelector.any': 'true',
      }),
    );
    const monitor = ofKind(objects, 'ServiceMonitor').find((m) => m.metadata.name === 'cfs-content-feed-gateway')!;
    expect(monitor.metadata.labels).toMatchObject({ release: 'kube-prometheus-stack', 'app.kubernetes.io/component': 'gateway' });
    expect(monitor.spec).toMatchObject({ namespaceSelector: { any: true }, endpoints: [{ port: 'metrics', interval: '15s' }] });
    expect((monitor.spec as ServiceMonitorSpec).endpoints[0]).not.toHaveProperty('scrapeTimeout');
    const svc = ofKind(objects, 'Service').find((s) => s.metadata.name === 'cfs-content-feed-gateway')!;
    expect((svc.spec as ServiceSpec).ports.find((p) => p.name === 'metrics')?.port).toBe(9500);
  });

  it('is validated against the CRD schema: a malformed ServiceMonitor is refused, not passed', () => {
    const monitor = ofKind(helmTemplate([DEFAULTS], set(METRICS_ON)), 'ServiceMonitor')[0]!;
    const broken = (spec: object): KubeObject => ({ ...monitor, spec: { ...(monitor.spec as object), ...spec } });
    expect(problemsOf(broken({ endpoints: [{ port: 'metrics', interval: 'every minute' }] })).join('\n')).toMatch(/interval/);
    expect(problemsOf(broken({ endpoints: [{ port: 'metrics', scrapeIntervall: '30s' }] })).join('\n')).toMatch(/scrapeIntervall: unknown field/);
    expect(problemsOf(broken({ selector: 'gateway' })).join('\n')).toMatch(/selector/);
  });

  it('refuses to render without metrics.enabled (the pods would serve nothing to scrape), and unknown keys', () => {
    const without = helm(helmTemplateArgs([DEFAULTS], set({ 'metrics.serviceMonitor.enabled': 'true' })));
    expect(without.status).not.toBe(0);
    expect(without.stderr).toContain('metrics.serviceMonitor.enabled needs metrics.enabled=true');
    const typo = helm(helmTemplateArgs([DEFAULTS], set({ ...METRICS_ON, 'metrics.serviceMonitor.intervall': '30s' })));
    expect(typo.status).not.toBe(0);
  });

  it('is on in ci/production-values.yaml, with the rules and the dashboard, whose objects all validate (chart.test.ts)', () => {
    const objects = helmTemplate([PRODUCTION]);
    expect(ofKind(objects, 'ServiceMonitor').length).toBe(DEPLOYED.length);
    expect(ofKind(objects, 'PrometheusRule').length).toBe(1);
    expect(dashboardsOf(objects).length).toBe(1);
  });
});

const RUNBOOKS = 'https://github.com/acme/content-feed/blob/v1/docs/operations.md';
const RULES_ON = { 'metrics.prometheusRule.enabled': 'true', 'metrics.prometheusRule.runbookBaseUrl': RUNBOOKS };
/** The SRE workbook's three alerts per SLO: long window, short window, budget factor, severity. */
const BURNS = [
  { suffix: 'FastBurn', long: '1h', short: '5m', factor: 14.4, severity: 'critical' },
  { suffix: 'SlowBurn', long: '6h', short: '30m', factor: 6, severity: 'critical' },
  { suffix: 'BudgetDrain', long: '3d', short: '6h', factor: 1, severity: 'warning' },
];

describe('metrics.prometheusRule', () => {
  const rendered = () => helmTemplate([DEFAULTS], set(RULES_ON));

  it('is off by default, and refuses to render without a runbook address', () => {
    expect(ofKind(helmTemplate([DEFAULTS]), 'PrometheusRule')).toEqual([]);
    const without = helm(helmTemplateArgs([DEFAULTS], set({ 'metrics.prometheusRule.enabled': 'true' })));
    expect(without.status).not.toBe(0);
    expect(without.stderr).toContain('metrics.prometheusRule.runbookBaseUrl');
  });

  it('renders one PrometheusRule that validates against the CRD schema; a malformed rule is refused', () => {
    const [rule, ...more] = ofKind(rendered(), 'PrometheusRule');
    expect(more).toEqual([]);
    expect(problemsOf(rule!)).toEqual([]);
    expect(problemsOf({ ...rule!, spec: { groups: [{ name: 'x', rules: [{ alert: 'X', expr: 'up', for: 'ten minutes' }] }] } }).join('\n')).toMatch(/for/);
    expect(problemsOf({ ...rule!, spec: { groups: [{ rules: [] }] } }).join('\n')).toMatch(/name/);
  });

  it('holds only PromQL that parses (a broken expression is caught)', () => {
    const expressions = expressionsOf(rendered());
    expect(expressions.length).toBeGreaterThan(20);
    for (const { where, expr } of expressions) expect(parsePromQL(expr).errors, `${where}: ${expr}`).toEqual([]);
    expect(parsePromQL('sum(rate(http_server_request_duration_count{job="x"}[5m])').errors).not.toEqual([]);
    expect(parsePromQL('rate(x[5m]) >').errors).not.toEqual([]);
  });

  it('alerts on both SLOs in the multi-window, multi-burn-rate form, from recording rules of every window', () => {
    const rules = rulesOf(rendered());
    const recorded = new Set(rules.flatMap((r) => (r.record ? [r.record] : [])));
    for (const [slo, ratio, objective] of [
      ['Availability', 'cfs:api_availability:error_ratio', 0.999],
      ['Latency', 'cfs:api_latency:slow_ratio', 0.99],
    ] as const) {
      for (const b of BURNS) {
        const alert = rules.find((r) => r.alert === `CfsApi${slo}${b.suffix}`);
        expect(alert, `CfsApi${slo}${b.suffix}`).toBeDefined();
        const { selectors } = parsePromQL(alert!.expr);
        expect(selectors.map((s) => s.metric).sort()).toEqual([`${ratio}_rate${b.long}`, `${ratio}_rate${b.short}`].sort());
        for (const s of selectors) expect(recorded, `${s.metric} is recorded`).toContain(s.metric);
        // Both windows compare with factor × (1 − objective).
        expect(alert!.expr.match(/> \(([\d.]+) \* \(1 - ([\d.]+)\)\)/g)).toEqual([
          `> (${b.factor} * (1 - ${objective}))`,
          `> (${b.factor} * (1 - ${objective}))`,
        ]);
        expect(alert!.labels?.severity).toBe(b.severity);
      }
    }
    const availability = rules.find((r) => r.record === 'cfs:api_availability:error_ratio_rate5m')!;
    expect(availability.expr).toContain('http_route=~"/api/v1/.*",http_response_status_code=~"5.."}[5m]');
    expect(parsePromQL(availability.expr).selectors.every((s) => s.equals.job === 'cfs-content-feed-gateway' && s.equals.namespace === 'content-feed')).toBe(
      true,
    );
    const latency = rules.find((r) => r.record === 'cfs:api_latency:slow_ratio_rate1h')!;
    expect(parsePromQL(latency.expr).selectors.find((s) => s.metric === 'http_server_request_duration_bucket')?.equals.le).toBe('0.5');
  });

  it('takes the objectives and thresholds from values', () => {
    const rules = rulesOf(
      helmTemplate(
        [DEFAULTS],
        [
          ...set({ ...RULES_ON, 'metrics.prometheusRule.aiQueueOldestJobAgeSeconds': '600', 'metrics.prometheusRule.podNotReadyFor': '5m' }),
          // --set reads 0.995 as a string; the schema wants numbers.
          '--set-json',
          'metrics.prometheusRule.slo={"availability":0.995,"latency":0.95,"latencyThresholdSeconds":2.5}',
        ],
      ),
    );
    expect(rules.find((r) => r.alert === 'CfsApiAvailabilityFastBurn')!.expr).toContain('> (14.4 * (1 - 0.995))');
    expect(rules.find((r) => r.alert === 'CfsApiLatencySlowBurn')!.expr).toContain('> (6 * (1 - 0.95))');
    expect(rules.find((r) => r.record === 'cfs:api_latency:slow_ratio_rate5m')!.expr).toContain('le="2.5"');
    expect(rules.find((r) => r.alert === 'CfsAiQueueStalled')!.expr).toMatch(/> 600$/);
    expect(rules.find((r) => r.alert === 'CfsPodNotReady')!.for).toBe('5m');
    const sources = rulesOf(
      helmTemplate([DEFAULTS], set({ ...RULES_ON, 'metrics.prometheusRule.sourcesFailingFor': '2h', 'metrics.prometheusRule.sourcesOverdueSeconds': '3600' })),
    );
    expect(sources.find((r) => r.alert === 'CfsSourcesFailing')!.for).toBe('2h');
    expect(sources.find((r) => r.alert === 'CfsSourcesFetchOverdue')!.expr).toMatch(/> 3600$/);
    expect(helm(helmTemplateArgs([DEFAULTS], set({ ...RULES_ON, 'metrics.prometheusRule.sourcesFailingFor': 'an hour' }))).status).not.toBe(0);
    // A threshold that is no bucket bound of the histogram would match no series: refused.
    expect(helm(helmTemplateArgs([DEFAULTS], [...set(RULES_ON), '--set-json', 'metrics.prometheusRule.slo.latencyThresholdSeconds=0.3'])).status).not.toBe(0);
  });

  it('alerts when Sources stay failing for an hour and when fetches run late, on the pods that run the schedule', () => {
    const alertsOf = (extra: Record<string, string> = {}) => {
      const rules = rulesOf(helmTemplate([DEFAULTS], set({ ...RULES_ON, ...extra })));
      return { failing: rules.find((r) => r.alert === 'CfsSourcesFailing')!, overdue: rules.find((r) => r.alert === 'CfsSourcesFetchOverdue')! };
    };
    const { failing, overdue } = alertsOf();
    // The metrics count Sources by status (no per-Source series): at least one failing, at every evaluation for 1 h.
    expect(failing.for).toBe('1h');
    expect(failing.expr).toMatch(/\) > 0$/);
    expect(parsePromQL(failing.expr).selectors).toEqual([
      { metric: 'cfs_sources_count', equals: { namespace: 'content-feed', job: 'cfs-content-feed-ingest', status: 'failing' } },
    ]);
    // Twice the default poll interval (900 s), for 15 minutes.
    expect(overdue.for).toBe('15m');
    expect(overdue.expr).toMatch(/> 1800$/);
    expect(parsePromQL(overdue.expr).selectors).toEqual([
      { metric: 'cfs_sources_oldest_overdue_fetch_seconds', equals: { namespace: 'content-feed', job: 'cfs-content-feed-ingest' } },
    ]);
    for (const a of [failing, overdue]) expect(a.labels?.severity).toBe('warning');
    // Without the ingest role, feed's pods run the schedule and export its series.
    const single = alertsOf({ 'ingest.enabled': 'false' });
    for (const a of [single.failing, single.overdue]) expect(parsePromQL(a.expr).selectors[0]!.equals.job).toBe('cfs-content-feed-feed');
  });

  it('alerts when the oldest pending webhook delivery is older than its threshold, and when most attempts fail, on the webhooks pods', () => {
    const alertsOf = (extra: Record<string, string> = {}) => {
      const rules = rulesOf(helmTemplate([DEFAULTS], set({ ...RULES_ON, ...extra })));
      return { stuck: rules.find((r) => r.alert === 'CfsWebhooksDeliveryStuck')!, failing: rules.find((r) => r.alert === 'CfsWebhooksFailing')! };
    };
    const { stuck, failing } = alertsOf();
    // The gauge is read from the database by every replica alike: max, above an hour, for 15 minutes.
    expect(stuck.for).toBe('15m');
    expect(stuck.expr).toMatch(/^max by \(namespace, job\) \(.*\) > 3600$/);
    expect(parsePromQL(stuck.expr).selectors).toEqual([
      { metric: 'cfs_webhooks_oldest_pending_delivery_seconds', equals: { namespace: 'content-feed', job: 'cfs-content-feed-webhooks' } },
    ]);
    expect(parsePromQL(failing.expr).errors).toEqual([]);
    expect(parsePromQL(failing.expr).selectors).toEqual([
      { metric: 'cfs_webhooks_attempts_total', equals: { namespace: 'content-feed', job: 'cfs-content-feed-webhooks', outcome: 'failure' } },
      { metric: 'cfs_webhooks_attempts_total', equals: { namespace: 'content-feed', job: 'cfs-content-feed-webhooks' } },
    ]);
    expect(failing.expr.trim()).toMatch(/> 0\.5$/);
    for (const a of [stuck, failing]) expect(a.labels?.severity).toBe('warning');
    // The thresholds are values.
    const customRules = rulesOf(
      helmTemplate(
        [DEFAULTS],
        [
          ...set({ ...RULES_ON, 'metrics.prometheusRule.webhooksOldestPendingSeconds': '600', 'metrics.prometheusRule.webhooksStuckFor': '5m' }),
          '--set-json',
          'metrics.prometheusRule.webhooksFailureRatio=0.8',
        ],
      ),
    );
    const custom = {
      stuck: customRules.find((r) => r.alert === 'CfsWebhooksDeliveryStuck')!,
      failing: customRules.find((r) => r.alert === 'CfsWebhooksFailing')!,
    };
    expect(custom.stuck.expr).toMatch(/> 600$/);
    expect(custom.stuck.for).toBe('5m');
    expect(custom.failing.expr.trim()).toMatch(/> 0\.8$/);
    expect(helm(helmTemplateArgs([DEFAULTS], set({ ...RULES_ON, 'metrics.prometheusRule.webhooksStuckFor': 'a while' }))).status).not.toBe(0);
  });

  it('gives every alert a severity and a runbook_url at its own anchor of docs/operations.md, which exists', () => {
    const alerts = rulesOf(rendered()).filter((r) => r.alert);
    expect(alerts.map((a) => a.alert).sort()).toEqual(
      [
        ...['Availability', 'Latency'].flatMap((s) => BURNS.map((b) => `CfsApi${s}${b.suffix}`)),
        'CfsGrpcDependencyErrors',
        'CfsAiQueueStalled',
        'CfsAiGenerationFailures',
        'CfsWebhookFailures',
        'CfsWebhooksDeliveryStuck',
        'CfsWebhooksFailing',
        'CfsSourcesFailing',
        'CfsSourcesFetchOverdue',
        'CfsPodNotReady',
      ].sort(),
    );
    const anchors = markdownAnchors(readFileSync(path.join(REPO_ROOT, 'docs', 'operations.md'), 'utf8'));
    for (const a of alerts) {
      expect(['critical', 'warning'], `${a.alert} severity`).toContain(a.labels?.severity);
      expect(a.annotations?.runbook_url).toBe(`${RUNBOOKS}#${a.alert!.toLowerCase()}`);
      expect(anchors, `docs/operations.md has a section for ${a.alert}`).toContain(a.alert!.toLowerCase());
      expect(a.annotations?.summary).toBeTruthy();
    }
  });
});

/** GitHub's anchors of a Markdown file's headings. */
function markdownAnchors(markdown: string): string[] {
  return [...markdown.matchAll(/^#{1,6} (.+)$/gm)].map((m) =>
    m[1]!
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-'),
  );
}

describe('metrics.grafanaDashboard', () => {
  const DASHBOARD_ON = { 'metrics.grafanaDashboard.enabled': 'true' };
  const dashboardOf = (objects: KubeObject[]) => {
    const [one, ...more] = dashboardsOf(objects);
    expect(more).toEqual([]);
    return one!;
  };

  it('is off by default', () => {
    expect(dashboardsOf(helmTemplate([DEFAULTS]))).toEqual([]);
  });

  it("is a ConfigMap labelled for Grafana's sidecar (label, value, namespace and annotations from values), valid", () => {
    const objects = helmTemplate([DEFAULTS], set(DASHBOARD_ON));
    const map = ofKind(objects, 'ConfigMap').find((c) => c.metadata.name === 'cfs-content-feed-grafana-dashboard')!;
    expect(map.metadata.labels).toMatchObject({ grafana_dashboard: '1' });
    expect(map.metadata.namespace).toBe('content-feed');
    expect(problemsOf(map)).toEqual([]);
    const custom = helmTemplate(
      [DEFAULTS],
      set({
        ...DASHBOARD_ON,
        'metrics.grafanaDashboard.label': 'dashboards',
        'metrics.grafanaDashboard.labelValue': 'cfs',
        'metrics.grafanaDashboard.namespace': 'monitoring',
        'metrics.grafanaDashboard.annotations.grafana_folder': 'Content Feed',
      }),
    );
    const moved = ofKind(custom, 'ConfigMap').find((c) => c.metadata.name === 'cfs-content-feed-grafana-dashboard')!;
    expect(moved.metadata.labels).toMatchObject({ dashboards: 'cfs' });
    expect(moved.metadata.labels).not.toHaveProperty('grafana_dashboard');
    expect(moved.metadata).toMatchObject({ namespace: 'monitoring', annotations: { grafana_folder: 'Content Feed' } });
  });

  it('has one row per deployable, one for Sources and one for AI generation, with the panels the platform guide promises, all querying this release', () => {
    const { json } = dashboardOf(helmTemplate([DEFAULTS], set(DASHBOARD_ON)));
    const rows = json.panels.filter((p) => p.type === 'row').map((p) => p.title);
    expect([...rows].sort()).toEqual([...COMPONENTS, 'sources', 'generation'].sort());
    const titles = panelsOf(json)
      .filter((p) => p.type !== 'row')
      .map((p) => p.title!);
    for (const wanted of [
      /requests by route and code/,
      /errors \(5xx\) by route/,
      /latency percentiles/,
      /Cache hit ratio/,
      /Quota and rate-limit refusals/,
      /gRPC served by method/,
      /gRPC calls made by method/,
      /AI generations/,
      /AI budget units/,
      /AI queue/,
      /V8 heap used/,
      /Event-loop delay/,
      /Source fetches by outcome/,
      /Failed fetches by code/,
      /Feed items by result/,
      /Source fetch duration/,
      /Sources by status/,
      /Oldest overdue fetch/,
      /Webhook deliveries by outcome/,
      /Webhook attempt latency/,
      /Webhook endpoints by status/,
      /Pending webhook deliveries/,
      /Oldest pending webhook delivery/,
    ])
      expect(
        titles.some((t) => wanted.test(t)),
        String(wanted),
      ).toBe(true);
    // Every deployable's row has its runtime panels, and so have the Sources' and generation's (the pods that run them).
    expect(titles.filter((t) => t.startsWith('V8 heap used')).length).toBe(COMPONENTS.length + 2);
    const text = JSON.stringify(json);
    expect(text).not.toMatch(/__(NAMESPACE|FULLNAME|UID)__/);
    expect(json.uid).toMatch(/^cfs-[0-9a-f]{20}$/);
    for (const { where, expr } of expressionsOf(helmTemplate([DEFAULTS], set(DASHBOARD_ON)))) {
      const { errors, selectors } = parsePromQL(expr);
      expect(errors, `${where}: ${expr}`).toEqual([]);
      for (const s of selectors) {
        expect(s.equals.namespace, `${where}: ${s.metric}`).toBe('content-feed');
        expect(s.equals.job, `${where}: ${s.metric}`).toMatch(new RegExp(`^cfs-content-feed-(${[...COMPONENTS, ...ROLES].join('|')})$`));
      }
    }
  });

  it("reads the Sources' series from the pods that run the schedule: the ingest role, or feed's without it", () => {
    const sourcesJobs = (extra: Record<string, string> = {}) => {
      const { json } = dashboardOf(helmTemplate([DEFAULTS], set({ ...DASHBOARD_ON, ...extra })));
      const jobs = new Set<string>();
      for (const p of panelsOf(json))
        for (const t of p.targets ?? []) for (const s of parsePromQL(t.expr!).selectors) if (s.metric.startsWith('cfs_sources_')) jobs.add(s.equals.job!);
      return [...jobs];
    };
    expect(sourcesJobs()).toEqual(['cfs-content-feed-ingest']);
    expect(sourcesJobs({ 'ingest.enabled': 'false' })).toEqual(['cfs-content-feed-feed']);
  });

  it('has a webhooks row with deliveries by outcome, attempt latency p50 and p99, endpoints by status, pending deliveries and the oldest pending, from the webhooks pods', () => {
    const { json } = dashboardOf(helmTemplate([DEFAULTS], set(DASHBOARD_ON)));
    const metricsOf = (title: string) => {
      const panel = panelsOf(json).find((p) => p.title === title);
      expect(panel, title).toBeDefined();
      return (panel!.targets ?? []).flatMap((t) => parsePromQL(t.expr!).selectors.map((s) => ({ metric: s.metric, job: s.equals.job, expr: t.expr! })));
    };
    const expected: Record<string, string> = {
      'Webhook deliveries by outcome': 'cfs_webhooks_deliveries_total',
      'Webhook attempts by outcome': 'cfs_webhooks_attempts_total',
      'Webhook attempt latency': 'cfs_webhooks_attempt_duration_seconds_bucket',
      'Webhook endpoints by status': 'cfs_webhooks_endpoints',
      'Pending webhook deliveries': 'cfs_webhooks_pending_deliveries',
      'Oldest pending webhook delivery': 'cfs_webhooks_oldest_pending_delivery_seconds',
    };
    for (const [title, metric] of Object.entries(expected)) {
      const selectors = metricsOf(title);
      expect(selectors.map((s) => s.metric)).toEqual(expect.arrayContaining([metric]));
      for (const s of selectors) expect(s.job, title).toBe('cfs-content-feed-webhooks');
    }
    const latency = metricsOf('Webhook attempt latency').map((s) => s.expr);
    expect(latency.some((e) => e.startsWith('histogram_quantile(0.5,'))).toBe(true);
    expect(latency.some((e) => e.startsWith('histogram_quantile(0.99,'))).toBe(true);
  });

  it('gets a uid of its own per release', () => {
    const uid = (release: string[]) => dashboardOf(helmTemplate([DEFAULTS], [...set(DASHBOARD_ON), ...release])).json.uid;
    expect(uid([])).not.toBe(uid(['--namespace', 'other']));
  });

  it('is generated: files/grafana-dashboard.json is what scripts/dashboard.mjs writes (--check)', () => {
    const result = spawnSync(process.execPath, [path.join(CHART_DIR, 'scripts', 'dashboard.mjs'), '--check'], { encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
  });
});
