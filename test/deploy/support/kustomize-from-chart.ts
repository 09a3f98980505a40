/**
 * The kustomize packaging rendered from the Helm chart, so the two never drift (test/deploy/render-kustomize.ts
 * writes these files; test/deploy/kustomize.test.ts fails when the committed ones are stale).
 *
 * - k8s/base: `helm template` of charts/content-feed with k8s/base/chart-values.yaml, one file per
 *   component, normalised for kustomize: no namespace (the overlay's), no Helm bookkeeping labels or
 *   checksums, and every plain setting of a container (LOG_LEVEL, NODE_OPTIONS, …) moved into the
 *   ConfigMap `cfs-config` that every container reads (envFrom), so an overlay changes it by name.
 *   NODE_OPTIONS follows each component's memory limit: the value most containers share goes into
 *   cfs-config, and a container whose limit gives another keeps its own in its env (which wins over
 *   envFrom).
 * - k8s/components/admin-cli: the operator CLI pod of the same rendering.
 * - k8s/overlays/prod/generated: the difference between the base and the chart rendered with
 *   k8s/overlays/prod/chart-values.yaml on top, as strategic-merge patches addressed by kind and name
 *   (containers, env, volumes by name: never by list index), new objects, and the ConfigMap values.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { stringify } from 'yaml';
import type { KubeObject } from './kube-schema.ts';
import { helmTemplate } from './render.ts';
import { REPO_ROOT } from './tools.ts';

export const K8S_DIR = path.join(REPO_ROOT, 'k8s');
const BASE_VALUES = path.join(K8S_DIR, 'base', 'chart-values.yaml');
const PROD_VALUES = path.join(K8S_DIR, 'overlays', 'prod', 'chart-values.yaml');
const GENERATOR = 'test/deploy/render-kustomize.ts (`npm run k8s:render`)';

/** Secret keys the base lets an overlay leave out (the variable is then unset): no Redis in dev. */
const OPTIONAL_SECRET_KEYS = new Set(['redis-url']);
/** Variables that wire a container to its ports and peers: they stay in the container's env. */
const WIRING = /^(PORT|HOST|MIGRATE_ON_START|MEDIA_DIR|PLANS_FILE|MEDIA_HTTP_URL|FEED_ROLE|MEDIA_ROLE)$|_(ADDR|GRPC_PORT|GRPC_HOST|HTTP_PORT|HTTP_HOST)$/;
/**
 * Settings that may differ from one container to another: the chart derives NODE_OPTIONS
 * (--max-old-space-size) from each component's memory limit. cfs-config holds the value most
 * containers have; the others keep theirs in their env. Any other setting has one value in all.
 */
const PER_CONTAINER = new Set(['NODE_OPTIONS']);
/** Labels and annotations that only mean something to Helm. */
const HELM_LABELS = ['helm.sh/chart', 'app.kubernetes.io/managed-by'];
const HELM_POD_ANNOTATIONS = ['checksum/secret', 'checksum/plans'];
/** Merge keys of the lists a strategic-merge patch merges item by item (the rest are replaced whole). */
const MERGE_KEYS: Record<string, string> = {
  containers: 'name',
  env: 'name',
  envFrom: 'configMapRef',
  volumes: 'name',
  volumeMounts: 'mountPath',
  ports: 'containerPort',
  topologySpreadConstraints: 'topologyKey',
};

type Json = null | string | number | boolean | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };
interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: { name: string; key: string; optional?: boolean } };
}
interface PodContainer {
  name: string;
  env?: EnvVar[];
  envFrom?: JsonObject[];
}

/** Rendered files by path relative to the repository root. */
export type RenderedFiles = Map<string, string>;

export interface Normalised {
  objects: KubeObject[];
  /** The settings moved out of the containers into cfs-config. */
  config: Map<string, string>;
}

const componentOf = (o: KubeObject) => o.metadata.labels?.['app.kubernetes.io/component'] ?? '';
const idOf = (o: KubeObject) => `${o.kind}/${o.metadata.name}`;

function render(valuesFiles: string[]): KubeObject[] {
  return helmTemplate(valuesFiles);
}

function dropKeys(map: Record<string, string> | undefined, keys: string[]): void {
  if (map) for (const k of keys) delete map[k];
}

function podSpecOf(o: KubeObject): { metadata: KubeObject['metadata']; spec: { containers: PodContainer[] } } | undefined {
  return (o.spec as { template?: { metadata: KubeObject['metadata']; spec: { containers: PodContainer[] } } } | undefined)?.template;
}

/** A container's env var that is a plain setting (no secret, no wiring, no $(reference)): one cfs-config may hold. */
const isSetting = (e: EnvVar): e is EnvVar & { value: string } => e.value !== undefined && !WIRING.test(e.name) && !e.value.includes('$(');

/** Of the PER_CONTAINER settings, the value most containers have (the first seen of those tied): the one cfs-config holds. */
function sharedValues(rendered: KubeObject[]): Map<string, string> {
  const counts = new Map<string, Map<string, number>>();
  for (const o of rendered) {
    if (componentOf(o) === 'admin') continue;
    for (const container of podSpecOf(o)?.spec.containers ?? [])
      for (const e of container.env ?? []) {
        if (!isSetting(e) || !PER_CONTAINER.has(e.name)) continue;
        const byValue = counts.get(e.name) ?? new Map<string, number>();
        byValue.set(e.value, (byValue.get(e.value) ?? 0) + 1);
        counts.set(e.name, byValue);
      }
  }
  return new Map([...counts].map(([name, byValue]) => [name, [...byValue].reduce((best, v) => (v[1] > best[1] ? v : best))[0]]));
}

function normalise(rendered: KubeObject[]): Normalised {
  const config = new Map<string, string>();
  const shared = sharedValues(rendered);
  const objects: KubeObject[] = [];
  for (const o of rendered) {
    if (o.kind === 'Secret')
      throw new Error(`the chart rendered Secret ${o.metadata.name}: give every credential through cfs-secrets in ${path.relative(REPO_ROOT, BASE_VALUES)}`);
    delete (o.metadata as { namespace?: string }).namespace;
    dropKeys(o.metadata.labels, HELM_LABELS);
    const pod = podSpecOf(o);
    if (pod) {
      dropKeys(pod.metadata.labels, HELM_LABELS);
      dropKeys(pod.metadata.annotations, HELM_POD_ANNOTATIONS);
      if (pod.metadata.annotations && Object.keys(pod.metadata.annotations).length === 0) delete pod.metadata.annotations;
      for (const container of pod.spec.containers) {
        if (componentOf(o) === 'admin') continue;
        const kept: EnvVar[] = [];
        for (const e of container.env ?? []) {
          const ref = e.valueFrom?.secretKeyRef;
          if (ref && OPTIONAL_SECRET_KEYS.has(ref.key)) ref.optional = true;
          if (!isSetting(e) || (shared.has(e.name) && shared.get(e.name) !== e.value)) {
            kept.push(e);
            continue;
          }
          const seen = config.get(e.name);
          if (seen !== undefined && seen !== e.value)
            throw new Error(`${e.name} is ${seen} in one component and ${e.value} in ${o.metadata.name}: cfs-config holds one value per name`);
          config.set(e.name, e.value);
        }
        container.env = kept;
        container.envFrom = [{ configMapRef: { name: 'cfs-config' } }];
      }
    }
    objects.push(o);
  }
  return { objects, config: new Map([...config].sort(([a], [b]) => a.localeCompare(b))) };
}

function yamlDocs(objects: unknown[]): string {
  return objects.map((o) => stringify(o, { lineWidth: 0 })).join('---\n');
}

function header(lines: string[]): string {
  return [`# Generated by ${GENERATOR} from charts/content-feed: do not edit.`, ...lines.map((l) => `# ${l}`.trimEnd())].join('\n') + '\n';
}

function envFile(config: Map<string, string>): string {
  return [...config].map(([k, v]) => `${k}=${v}`).join('\n') + '\n';
}

// ---------------------------------------------------------------------------------------------
// Strategic-merge difference
// ---------------------------------------------------------------------------------------------

function isObject(v: Json | undefined): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The strategic-merge patch that turns `from` into `to` (undefined: nothing to change). */
function mergePatch(from: Json | undefined, to: Json, field = ''): Json | undefined {
  if (isDeepStrictEqual(from, to)) return undefined;
  if (isObject(from) && isObject(to)) {
    const patch: JsonObject = {};
    for (const key of Object.keys(to)) {
      const p = mergePatch(from[key], to[key]!, key);
      if (p !== undefined) patch[key] = p;
    }
    for (const key of Object.keys(from)) if (!(key in to)) patch[key] = null;
    return patch;
  }
  const mergeKey = MERGE_KEYS[field];
  if (mergeKey && Array.isArray(from) && Array.isArray(to) && [...from, ...to].every(isObject)) {
    const keyOf = (item: JsonObject) => JSON.stringify(item[mergeKey]);
    const before = new Map((from as JsonObject[]).map((i) => [keyOf(i), i]));
    const after = new Map((to as JsonObject[]).map((i) => [keyOf(i), i]));
    const items: Json[] = [];
    for (const [k, item] of after) {
      const p = mergePatch(before.get(k), item, '');
      if (p !== undefined) items.push(before.has(k) ? { [mergeKey]: item[mergeKey]!, ...(p as JsonObject) } : item);
    }
    for (const [k, item] of before) if (!after.has(k)) items.push({ ...item, $patch: 'delete' });
    return items;
  }
  return to;
}

/** Patches by kind and name, new objects, and ConfigMap values that turn `base` into `target`. */
function overlayOf(base: Normalised, target: Normalised): { patches: JsonObject[]; resources: KubeObject[]; config: Map<string, string> } {
  const byId = new Map(base.objects.map((o) => [idOf(o), o]));
  const patches: JsonObject[] = [];
  const resources: KubeObject[] = [];
  for (const o of target.objects) {
    const before = byId.get(idOf(o));
    if (!before) {
      resources.push(o);
      continue;
    }
    byId.delete(idOf(o));
    const p = mergePatch(before as unknown as Json, o as unknown as Json) as JsonObject | undefined;
    if (p)
      patches.push({
        apiVersion: o.apiVersion,
        kind: o.kind,
        metadata: { name: o.metadata.name },
        ...p,
        ...(p.metadata ? { metadata: { ...(p.metadata as JsonObject), name: o.metadata.name } } : {}),
      });
  }
  for (const gone of byId.values()) patches.push({ apiVersion: gone.apiVersion, kind: gone.kind, metadata: { name: gone.metadata.name }, $patch: 'delete' });
  const config = new Map<string, string>();
  for (const [k, v] of target.config) if (base.config.get(k) !== v) config.set(k, v);
  for (const k of base.config.keys())
    if (!target.config.has(k)) throw new Error(`${k} is in the base's cfs-config but not in the overlay's rendering: a ConfigMap merge cannot remove it`);
  return { patches, resources, config };
}

// ---------------------------------------------------------------------------------------------
// The files
// ---------------------------------------------------------------------------------------------

const BASE_README = [
  'Content Feed Service: kustomize base, for teams that do not use Helm. Rendered from the chart with',
  'k8s/base/chart-values.yaml: the same pods as `helm install`, named cfs-<component>.',
  '',
  'What the base expects from an overlay:',
  '  - a namespace (`namespace:`), and no namePrefix/nameSuffix: the services find each other by the',
  '    Service names (cfs-identity:7001, …, http://cfs-media:7016);',
  '  - the Secret `cfs-secrets` with the keys database-url, credential-pepper, cursor-secret, the',
  '    service-to-service tokens service-token-gateway, service-token-billing, service-token-admin,',
  '    service-token-dashboard, service-token-media, service-token-feed and service-callers (`npm run -s admin --',
  '    service-tokens generate` makes a set), and optionally redis-url (without it the gateway keeps its',
  '    state, and the dashboard its sessions, in memory: one replica each only);',
  '  - with AI_PROVIDER=openai in cfs-config, the key ai-api-key in that Secret (overlays/prod);',
  '  - image names and tags (`images:`);',
  '  - settings merged into the ConfigMap `cfs-config` (every container reads it with envFrom).',
  '',
  'Migrations: each service applies its own at start-up (MIGRATE_ON_START=true), under a per-schema',
  'advisory lock, so replicas starting together migrate once. (The Helm chart runs them in a hook Job.)',
];

/**
 * The chart rendered as the kustomize packaging holds it: the base's values alone, or with the prod
 * overlay's on top. What `kubectl kustomize k8s/overlays/prod` must produce, give or take what is
 * kustomize's own (namespace, image names, the ConfigMap's hashed name).
 */
export function chartForKustomize(overlay: 'base' | 'prod'): Normalised {
  return normalise(render(overlay === 'base' ? [BASE_VALUES] : [BASE_VALUES, PROD_VALUES]));
}

/** Every file the script writes, by path relative to the repository root. */
export function renderKustomizeFiles(): RenderedFiles {
  const files: RenderedFiles = new Map();
  const base = chartForKustomize('base');
  const components = [...new Set(base.objects.map(componentOf))].filter((c) => c !== 'admin');
  if (components.includes('')) throw new Error('the chart rendered an object without an app.kubernetes.io/component label');
  const resources: string[] = [];
  for (const c of components) {
    const mine = base.objects.filter((o) => componentOf(o) === c);
    const kinds = [...new Set(mine.map((o) => o.kind))].join(', ');
    files.set(`k8s/base/${c}.yaml`, header([`${c}: ${kinds}.`]) + yamlDocs(mine));
    resources.push(`${c}.yaml`);
  }
  const kustomization = {
    apiVersion: 'kustomize.config.k8s.io/v1beta1',
    kind: 'Kustomization',
    resources,
    configMapGenerator: [{ name: 'cfs-config', envs: ['config.env'] }],
  };
  files.set('k8s/base/kustomization.yaml', header(BASE_README) + stringify(kustomization, { lineWidth: 0 }));
  files.set(
    'k8s/base/config.env',
    header(['The settings every container reads (ConfigMap cfs-config); overlays merge their own by name.']) + envFile(base.config),
  );

  const admin = base.objects.filter((o) => componentOf(o) === 'admin');
  files.set(
    'k8s/components/admin-cli/admin.yaml',
    header(['The operator CLI pod (idle; `kubectl exec deploy/cfs-admin -- node dist/index.js …`) and its NetworkPolicy.']) + yamlDocs(admin),
  );

  const prod = chartForKustomize('prod');
  const overlay = overlayOf(
    { objects: base.objects.filter((o) => componentOf(o) !== 'admin'), config: base.config },
    { objects: prod.objects.filter((o) => componentOf(o) !== 'admin'), config: prod.config },
  );
  files.set(
    'k8s/overlays/prod/generated/patches.yaml',
    header(['What k8s/overlays/prod/chart-values.yaml changes in the base: strategic-merge patches, each addressed by kind and name.']) +
      yamlDocs(overlay.patches),
  );
  files.set('k8s/overlays/prod/generated/resources.yaml', header(['Objects that only the prod values create.']) + yamlDocs(overlay.resources));
  files.set('k8s/overlays/prod/generated/config.env', header(['The settings prod merges into cfs-config.']) + envFile(overlay.config));
  return files;
}

/** Paths whose committed content differs from a fresh rendering. */
export function staleKustomizeFiles(files: RenderedFiles = renderKustomizeFiles()): string[] {
  const stale: string[] = [];
  for (const [file, content] of files) {
    let committed: string | undefined;
    try {
      committed = readFileSync(path.join(REPO_ROOT, file), 'utf8');
    } catch {
      committed = undefined;
    }
    if (committed !== content) stale.push(file);
  }
  return stale;
}
