/** Rendering the chart and the kustomize overlays into objects, with the tools of tools.ts. */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { DEPLOYABLES, SERVERS } from '@cfs/common/deployables';
import type { KubeObject } from './kube-schema.ts';
import { k8sTools, REPO_ROOT, run, type RunResult } from './tools.ts';

export const CHART_DIR = path.join(REPO_ROOT, 'charts', 'content-feed');
export const CHART_CI_DIR = path.join(CHART_DIR, 'ci');
export const OVERLAYS = ['dev', 'prod'] as const;
/** Lowest Kubernetes version the chart declares (Chart.yaml kubeVersion); rendering targets it. */
export const MIN_KUBE_VERSION = '1.30.0';

type Server = (typeof SERVERS)[number];

/**
 * The deployables that run in the cluster: the gateway, the six gRPC services and the customer
 * dashboard, as the deployables' table lists them (services/admin is the CLI, launcher local only).
 */
export const COMPONENTS: readonly Server[] = SERVERS;
export type Component = Server;
/** The HTTP servers behind the Ingress (probed over HTTP, no database); the rest are the gRPC services. */
export const HTTP_COMPONENTS: readonly Component[] = COMPONENTS.filter((c) => !('grpc' in DEPLOYABLES[c]));
export const SERVICES = COMPONENTS.filter((c) => !HTTP_COMPONENTS.includes(c));
/**
 * Roles deployed apart (the chart's cfs.roles): feed's ingest (the `ingest` values, the feed image with
 * FEED_ROLE=ingest) and media's worker (the `mediaWorker` values, the media image with MEDIA_ROLE=worker).
 */
export const ROLES = ['ingest', 'media-worker'] as const;
/** Every Deployment of the release: the components and the roles. */
export const DEPLOYED: readonly string[] = [...COMPONENTS, ...ROLES];
/** Services the operator CLI calls (services/admin/src/clients.ts). */
export const ADMIN_TARGETS: readonly string[] = DEPLOYABLES.admin.calls;

export function ciValuesFiles(): string[] {
  return readdirSync(CHART_CI_DIR)
    .filter((f) => f.endsWith('-values.yaml'))
    .sort()
    .map((f) => path.join(CHART_CI_DIR, f));
}

export function parseManifests(text: string, source: string): KubeObject[] {
  const objects: KubeObject[] = [];
  for (const doc of parseAllDocuments(text)) {
    if (doc.errors.length) throw new Error(`${source}: invalid YAML: ${doc.errors.map((e) => e.message).join('; ')}`);
    const value = doc.toJS() as KubeObject | null;
    if (value !== null) objects.push(value);
  }
  return objects;
}

function ok(result: RunResult, what: string): string {
  if (result.status !== 0) throw new Error(`${what} exited ${result.status}:\n${result.stderr}`);
  return result.stdout;
}

export function helm(args: string[]): RunResult {
  const tools = k8sTools();
  return run(tools.helm, args, tools.env);
}

export function helmTemplateArgs(valuesFiles: string[], extra: string[] = []): string[] {
  return [
    'template',
    'cfs',
    CHART_DIR,
    '--namespace',
    'content-feed',
    '--kube-version',
    MIN_KUBE_VERSION,
    ...valuesFiles.flatMap((f) => ['--values', f]),
    ...extra,
  ];
}

/** `helm template` (release "cfs", namespace "content-feed") as objects; throws when helm fails. */
export function helmTemplate(valuesFiles: string[], extra: string[] = []): KubeObject[] {
  const args = helmTemplateArgs(valuesFiles, extra);
  return parseManifests(ok(helm(args), `helm ${args.join(' ')}`), 'helm template');
}

/** `kubectl kustomize k8s/overlays/<overlay>` as objects. */
export function kustomize(overlay: string): KubeObject[] {
  const tools = k8sTools();
  const dir = path.join(REPO_ROOT, 'k8s', 'overlays', overlay);
  return parseManifests(ok(run(tools.kubectl, ['kustomize', dir], tools.env), `kubectl kustomize ${dir}`), `kustomize ${overlay}`);
}

// ---------------------------------------------------------------------------------------------
// Reading objects
// ---------------------------------------------------------------------------------------------

export interface Container {
  name: string;
  image: string;
  args?: string[];
  command?: string[];
  ports?: Array<{ name?: string; containerPort: number }>;
  env?: Array<{
    name: string;
    value?: string;
    valueFrom?: { secretKeyRef?: { name: string; key: string; optional?: boolean }; fieldRef?: { fieldPath: string } };
  }>;
  envFrom?: Array<{ configMapRef?: { name: string }; secretRef?: { name: string } }>;
  securityContext?: Record<string, unknown>;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  startupProbe?: Probe;
  volumeMounts?: Array<{ name: string; mountPath: string }>;
}
export interface Probe {
  grpc?: { port: number; service?: string };
  httpGet?: { path: string; port: number | string };
  tcpSocket?: { port: number | string };
}
export interface PodSpec {
  containers: Container[];
  initContainers?: Container[];
  securityContext?: Record<string, unknown>;
  automountServiceAccountToken?: boolean;
  volumes?: Array<{ name: string; configMap?: { name: string }; secret?: { secretName: string }; emptyDir?: unknown }>;
}
export interface PodTemplate {
  metadata: { labels: Record<string, string>; annotations?: Record<string, string> };
  spec: PodSpec;
}

export function ofKind(objects: KubeObject[], kind: string): KubeObject[] {
  return objects.filter((o) => o.kind === kind);
}

/** Pod templates of the Deployments and Jobs. */
export function podTemplates(objects: KubeObject[]): Array<{ owner: KubeObject; template: PodTemplate }> {
  return objects
    .filter((o) => o.kind === 'Deployment' || o.kind === 'StatefulSet' || o.kind === 'Job')
    .map((owner) => ({ owner, template: (owner.spec as { template: PodTemplate }).template }));
}

/** The Deployment of a component (label app.kubernetes.io/component). */
export function deploymentOf(objects: KubeObject[], component: string): KubeObject | undefined {
  return ofKind(objects, 'Deployment').find((d) => d.metadata.labels?.['app.kubernetes.io/component'] === component);
}

export function envOf(container: Container): Map<string, NonNullable<Container['env']>[number]> {
  return new Map((container.env ?? []).map((e) => [e.name, e]));
}
