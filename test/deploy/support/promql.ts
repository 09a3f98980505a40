/**
 * PromQL of the chart's monitoring objects, read with Prometheus' own grammar (@prometheus-io/lezer-promql,
 * the parser of the Prometheus UI): syntax errors, and the metric each vector selector names with its
 * equality label matchers, so tests can check names against a scrape (test/e2e/monitoring-metrics.test.ts).
 */
import { parser } from '@prometheus-io/lezer-promql';
import type { KubeObject } from './kube-schema.ts';

export interface Selector {
  metric: string;
  /** Its `label="value"` matchers (the others are not compared). */
  equals: Record<string, string>;
}

export interface ParsedPromQL {
  errors: string[];
  selectors: Selector[];
}

/**
 * Grafana's `$__rate_interval` stands for a range chosen at query time; it is read as 5m. Any other `$`
 * (a dashboard variable) is left in and fails the parse: the chart's expressions use none.
 */
const GRAFANA_RANGE = /\$__rate_interval/g;

export function parsePromQL(expr: string): ParsedPromQL {
  const text = expr.replace(GRAFANA_RANGE, '5m');
  const errors: string[] = [];
  const selectors: Selector[] = [];
  parser.parse(text).iterate({
    enter: (node) => {
      if (node.type.isError) errors.push(`syntax error at ${node.from}: …${text.slice(Math.max(0, node.from - 30), node.from + 10)}…`);
      if (node.name === 'VectorSelector') {
        const name = node.node.getChild('Identifier');
        const equals: Record<string, string> = {};
        for (const m of node.node.getChild('LabelMatchers')?.getChildren('UnquotedLabelMatcher') ?? []) {
          const op = m.getChild('MatchOp');
          const label = m.getChild('LabelName');
          const value = m.getChild('StringLiteral');
          if (op && label && value && text.slice(op.from, op.to) === '=')
            equals[text.slice(label.from, label.to)] = JSON.parse(text.slice(value.from, value.to)) as string;
        }
        if (name) selectors.push({ metric: text.slice(name.from, name.to), equals });
        else errors.push(`a selector without a metric name: ${text.slice(node.from, node.to)}`);
      }
    },
  });
  return { errors, selectors };
}

export interface RuleLike {
  record?: string;
  alert?: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

/** The rules of the rendered PrometheusRules. */
export function rulesOf(objects: KubeObject[]): RuleLike[] {
  return objects.filter((o) => o.kind === 'PrometheusRule').flatMap((o) => (o.spec as { groups: Array<{ rules: RuleLike[] }> }).groups.flatMap((g) => g.rules));
}

interface Panel {
  title?: string;
  type?: string;
  targets?: Array<{ expr?: string }>;
  panels?: Panel[];
}

/** The dashboards of the rendered Grafana ConfigMap (templates/grafana-dashboard.yaml): file name → JSON. */
export function dashboardsOf(objects: KubeObject[]): Array<{ file: string; json: { panels: Panel[]; uid: string; [k: string]: unknown } }> {
  return objects
    .filter((o) => o.kind === 'ConfigMap' && o.metadata.name.endsWith('-grafana-dashboard'))
    .flatMap((o) =>
      Object.entries((o.data as Record<string, string>) ?? {}).map(([file, text]) => ({ file, json: JSON.parse(text) as { panels: Panel[]; uid: string } })),
    );
}

/** Every panel of a dashboard, rows' nested panels included. */
export function panelsOf(dashboard: { panels: Panel[] }): Panel[] {
  return dashboard.panels.flatMap((p) => [p, ...(p.panels ?? [])]);
}

/** Every PromQL expression of the rendered rules and dashboards, with where it is. */
export function expressionsOf(objects: KubeObject[]): Array<{ where: string; expr: string }> {
  return [
    ...rulesOf(objects).map((r) => ({ where: `rule ${r.record ?? r.alert}`, expr: r.expr })),
    ...dashboardsOf(objects).flatMap((d) =>
      panelsOf(d.json).flatMap((p) =>
        (p.targets ?? []).filter((t) => t.expr !== undefined).map((t) => ({ where: `${d.file}: panel "${p.title}"`, expr: t.expr! })),
      ),
    ),
  ];
}

/**
 * Series that come from outside the system, each with where it comes from (docs/operations.md#alerts
 * lists them): a name from here is not looked for in the system's scrape.
 */
export const EXTERNAL_METRICS: Record<string, string> = {
  kube_pod_status_ready: 'kube-state-metrics',
};
