/**
 * The chart's Prometheus Operator objects (values `metrics.*`): a ServiceMonitor per component, the
 * PrometheusRule of the SLO and operational alerts, and the Grafana dashboard ConfigMap. Each is
 * rendered with helm and validated against its CRD schema (support/kube-schema.ts); the PromQL they
 * hold is parsed in support/promql.ts, and test/e2e/monitoring-metrics.test.ts checks every metric
 * they name against the scrape of a running system.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { problemsOf, type KubeObject } from './support/kube-schema.ts';
import { CHART_DIR, COMPONENTS, deploymentOf, helm, helmTemplate, helmTemplateArgs, ofKind } from './support/render.ts';

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
    const expected = COMPONENTS.filter((c) => c !== 'billing');
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

  it('is on in ci/production-values.yaml, whose objects all validate (chart.test.ts)', () => {
    expect(ofKind(helmTemplate([PRODUCTION]), 'ServiceMonitor').length).toBe(COMPONENTS.length);
  });
});
