/**
 * Validation of rendered Kubernetes objects without a cluster, in two layers:
 *
 * 1. kubernetes-models' JSON-schema validators (one class per apiVersion/kind): types, enums, required
 *    fields; for the Prometheus Operator's kinds, @kubernetes-models/prometheus-operator's, made from
 *    the CRDs' openAPIV3Schema. An apiVersion/kind missing from KINDS is an error, never a pass.
 * 2. Unknown fields. Those validators accept any extra property (the Kubernetes OpenAPI schemas do not
 *    forbid them), while the API server drops or refuses them, so a typo such as
 *    `readOnlyRootFileSystem` would pass silently. The same package's TypeScript declarations describe
 *    every field, so the TypeScript checker walks each object against the declared interface and
 *    reports every property the interface does not have (what `kubectl apply --validate=strict` does).
 */
import path from 'node:path';
import ts from 'typescript';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Namespace } from 'kubernetes-models/v1/Namespace';
import { Secret } from 'kubernetes-models/v1/Secret';
import { Service } from 'kubernetes-models/v1/Service';
import { ServiceAccount } from 'kubernetes-models/v1/ServiceAccount';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { StatefulSet } from 'kubernetes-models/apps/v1/StatefulSet';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { Job } from 'kubernetes-models/batch/v1/Job';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { PodMonitor } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/PodMonitor';
import { PrometheusRule } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/PrometheusRule';
import { ServiceMonitor } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/ServiceMonitor';
import { REPO_ROOT } from './tools.ts';

export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [key: string]: unknown;
}

interface Validatable {
  validate(): void;
}

/** Every kind the chart and the overlays may render: apiVersion/kind → model class and its declaration. */
const KINDS: Record<string, { create: (o: object) => Validatable; module: string; iface: string }> = {
  'v1/ConfigMap': { create: (o) => new ConfigMap(o as never), module: 'kubernetes-models/v1/ConfigMap', iface: 'IConfigMap' },
  'v1/Namespace': { create: (o) => new Namespace(o as never), module: 'kubernetes-models/v1/Namespace', iface: 'INamespace' },
  'v1/Secret': { create: (o) => new Secret(o as never), module: 'kubernetes-models/v1/Secret', iface: 'ISecret' },
  'v1/Service': { create: (o) => new Service(o as never), module: 'kubernetes-models/v1/Service', iface: 'IService' },
  'v1/ServiceAccount': { create: (o) => new ServiceAccount(o as never), module: 'kubernetes-models/v1/ServiceAccount', iface: 'IServiceAccount' },
  'apps/v1/Deployment': { create: (o) => new Deployment(o as never), module: 'kubernetes-models/apps/v1/Deployment', iface: 'IDeployment' },
  'apps/v1/StatefulSet': { create: (o) => new StatefulSet(o as never), module: 'kubernetes-models/apps/v1/StatefulSet', iface: 'IStatefulSet' },
  'autoscaling/v2/HorizontalPodAutoscaler': {
    create: (o) => new HorizontalPodAutoscaler(o as never),
    module: 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler',
    iface: 'IHorizontalPodAutoscaler',
  },
  'batch/v1/Job': { create: (o) => new Job(o as never), module: 'kubernetes-models/batch/v1/Job', iface: 'IJob' },
  'networking.k8s.io/v1/Ingress': { create: (o) => new Ingress(o as never), module: 'kubernetes-models/networking.k8s.io/v1/Ingress', iface: 'IIngress' },
  'networking.k8s.io/v1/NetworkPolicy': {
    create: (o) => new NetworkPolicy(o as never),
    module: 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy',
    iface: 'INetworkPolicy',
  },
  'policy/v1/PodDisruptionBudget': {
    create: (o) => new PodDisruptionBudget(o as never),
    module: 'kubernetes-models/policy/v1/PodDisruptionBudget',
    iface: 'IPodDisruptionBudget',
  },
  // The Prometheus Operator's CRDs (metrics.serviceMonitor, metrics.prometheusRule): the same family of models,
  // generated from the CRDs' openAPIV3Schema by @kubernetes-models/prometheus-operator.
  'monitoring.coreos.com/v1/ServiceMonitor': {
    create: (o) => new ServiceMonitor(o as never),
    module: '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/ServiceMonitor',
    iface: 'IServiceMonitor',
  },
  'monitoring.coreos.com/v1/PodMonitor': {
    create: (o) => new PodMonitor(o as never),
    module: '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/PodMonitor',
    iface: 'IPodMonitor',
  },
  'monitoring.coreos.com/v1/PrometheusRule': {
    create: (o) => new PrometheusRule(o as never),
    module: '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/PrometheusRule',
    iface: 'IPrometheusRule',
  },
};

export const KNOWN_KINDS = Object.keys(KINDS);

// ---------------------------------------------------------------------------------------------
// Unknown-field check: the declared interfaces, loaded once through one small TypeScript program.
// ---------------------------------------------------------------------------------------------

let declared: { checker: ts.TypeChecker; roots: Map<string, ts.Type> } | undefined;

function declarations() {
  if (declared) return declared;
  const entry = path.join(REPO_ROOT, 'test', 'deploy', '__kube_roots__.ts');
  const keys = Object.keys(KINDS);
  const source = [
    ...keys.map((k, i) => `import type { ${KINDS[k]!.iface} as T${i} } from '${KINDS[k]!.module}';`),
    `export interface Roots {`,
    ...keys.map((k, i) => `  ${JSON.stringify(k)}: T${i};`),
    `}`,
  ].join('\n');
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts'],
    types: [],
    strict: true,
    skipLibCheck: true,
    noEmit: true,
  };
  const host = ts.createCompilerHost(options, true);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) =>
    path.resolve(fileName) === entry
      ? ts.createSourceFile(fileName, source, languageVersion, true)
      : getSourceFile(fileName, languageVersion, onError, shouldCreate);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (fileName) => path.resolve(fileName) === entry || fileExists(fileName);
  const program = ts.createProgram({ rootNames: [entry], options, host });
  const problems = ts.getPreEmitDiagnostics(program).filter((d) => d.category === ts.DiagnosticCategory.Error);
  if (problems.length) {
    throw new Error(`cannot load the kubernetes-models declarations:\n${problems.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')).join('\n')}`);
  }
  const checker = program.getTypeChecker();
  const file = program.getSourceFile(entry)!;
  const rootsSymbol = checker.getExportsOfModule(checker.getSymbolAtLocation(file)!).find((s) => s.name === 'Roots')!;
  const rootsType = checker.getDeclaredTypeOfSymbol(rootsSymbol);
  const roots = new Map<string, ts.Type>();
  for (const key of keys) roots.set(key, checker.getTypeOfSymbol(checker.getPropertyOfType(rootsType, key)!));
  declared = { checker, roots };
  return declared;
}

function unknownFields(value: unknown, type: ts.Type, at: string, checker: ts.TypeChecker, out: string[]): void {
  if (value === null || typeof value !== 'object') return;
  let t = checker.getNonNullableType(type);
  if (t.isUnion()) {
    const objects = t.types.filter((m) => m.flags & ts.TypeFlags.Object);
    if (objects.length !== 1) return;
    t = objects[0]!;
  }
  if (Array.isArray(value)) {
    if (checker.isArrayType(t)) {
      const element = checker.getTypeArguments(t as ts.TypeReference)[0];
      if (element) value.forEach((v, i) => unknownFields(v, element, `${at}[${i}]`, checker, out));
    }
    return;
  }
  if (!(t.flags & ts.TypeFlags.Object)) return;
  const index = checker.getIndexInfoOfType(t, ts.IndexKind.String);
  const props = checker.getPropertiesOfType(t);
  if (!props.length && !index) return; // a free-form object
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    const prop = props.find((p) => p.name === key);
    if (prop) unknownFields(v, checker.getTypeOfSymbol(prop), `${at}.${key}`, checker, out);
    else if (index) unknownFields(v, index.type, `${at}.${key}`, checker, out);
    else out.push(`${at}.${key}: unknown field`);
  }
}

/** Every problem of one object (empty when it is valid): schema errors first, then unknown fields. */
export function problemsOf(obj: KubeObject): string[] {
  const key = `${obj.apiVersion}/${obj.kind}`;
  const where = `${obj.kind}/${obj.metadata?.name ?? '?'}`;
  const kind = KINDS[key];
  if (!kind) return [`${where}: no validator for apiVersion/kind ${key} (known: ${KNOWN_KINDS.join(', ')})`];
  const problems: string[] = [];
  // The API server decodes base64 the way Go does, ignoring line breaks (kustomize folds long values);
  // the validator's "byte" format does not, so line breaks are removed before validating.
  const data =
    key === 'v1/Secret' && obj.data
      ? Object.fromEntries(Object.entries(obj.data as Record<string, string>).map(([k, v]) => [k, v.replace(/\s+/g, '')]))
      : undefined;
  try {
    kind.create(data ? { ...obj, data } : obj).validate();
  } catch (err) {
    problems.push(`${where}: ${(err as Error).message}`);
  }
  const { checker, roots } = declarations();
  const unknown: string[] = [];
  unknownFields(obj, roots.get(key)!, where, checker, unknown);
  return [...problems, ...unknown];
}
