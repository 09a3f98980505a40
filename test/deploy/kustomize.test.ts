/**
 * The kustomize packaging (k8s/base, k8s/overlays/{dev,prod}): `kubectl kustomize` of every overlay,
 * every object validated against the Kubernetes schemas, the same promises as the chart (hardened pods,
 * gRPC probes, wiring, NetworkPolicies), and that it is the chart's own rendering: the generated files
 * are current, and prod (dev) equals `helm template` with the prod (base) values object for object.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectComponentsWired, expectHardenedPods, expectNetworkPolicyMatrix, expectReferencesResolve, expectValidObjects } from './support/checks.ts';
import type { KubeObject } from './support/kube-schema.ts';
import { chartForKustomize, K8S_DIR, staleKustomizeFiles } from './support/kustomize-from-chart.ts';
import { COMPONENTS, deploymentOf, envOf, kustomize, ofKind, OVERLAYS, SERVICES, type Container } from './support/render.ts';
import { k8sTools } from './support/tools.ts';

const NAMESPACES: Record<(typeof OVERLAYS)[number], string> = { dev: 'cfs-dev', prod: 'cfs-prod' };
/** The Secret the prod overlay expects to exist (k8s/overlays/prod/kustomization.yaml). */
const PROD_EXTERNAL_SECRETS = ['cfs-secrets'];

const containerOf = (objects: KubeObject[], component: string): Container =>
  (deploymentOf(objects, component)!.spec as { template: { spec: { containers: Container[] } } }).template.spec.containers[0]!;

beforeAll(() => {
  k8sTools();
});

describe.each(OVERLAYS.map((o) => [o]))('kubectl kustomize k8s/overlays/%s', (overlay) => {
  const namespace = NAMESPACES[overlay];
  let objects: KubeObject[];
  beforeAll(() => {
    objects = kustomize(overlay);
  });

  it('renders only objects that validate against the Kubernetes schemas, with no unknown field', () => {
    expectValidObjects(objects);
  });

  it('puts everything in its namespace, which enforces the restricted Pod Security Standard', () => {
    const ns = ofKind(objects, 'Namespace');
    expect(ns.map((n) => n.metadata.name)).toEqual([namespace]);
    expect(ns[0]!.metadata.labels?.['pod-security.kubernetes.io/enforce']).toBe('restricted');
    for (const o of objects.filter((x) => x.kind !== 'Namespace')) expect(o.metadata.namespace, `${o.kind}/${o.metadata.name}`).toBe(namespace);
  });

  it('runs every pod non-root, read-only, without capabilities or privilege escalation', () => {
    expectHardenedPods(objects);
  });

  it('deploys all eight components with gRPC health probes and wires the gateway and the dashboard to the services', () => {
    expectComponentsWired(objects, COMPONENTS);
    for (const c of SERVICES) expect(envOf(containerOf(objects, c)).get('MIGRATE_ON_START')?.value, c).toBe('true');
  });

  it('has the customer dashboard: cfs-dashboard on its HTTP port, with its own service token and the shared Redis URL', () => {
    const d = deploymentOf(objects, 'dashboard');
    expect(d?.metadata.name).toBe('cfs-dashboard');
    const container = containerOf(objects, 'dashboard');
    expect(container.readinessProbe?.httpGet).toEqual({ path: '/readyz', port: 'http' });
    const env = envOf(container);
    expect(env.get('DASHBOARD_HTTP_PORT')?.value).toBe('7020');
    expect(env.get('IDENTITY_ADDR')?.value).toBe('cfs-identity:7001');
    expect(env.get('ACCOUNT_ADDR')?.value).toBe('cfs-account:7002');
    expect(env.get('SERVICE_TOKEN')?.valueFrom?.secretKeyRef?.key).toBe('service-token-dashboard');
    expect(env.get('REDIS_URL')?.valueFrom?.secretKeyRef).toMatchObject({ key: 'redis-url', optional: true });
    const svc = ofKind(objects, 'Service').find((s) => s.metadata.name === 'cfs-dashboard');
    expect((svc?.spec as { ports: Array<{ port: number }> }).ports.map((p) => p.port)).toEqual([7020]);
  });

  it('has media call account, feed and seo with its own service token (the AI generation planner), AI off unless the overlay says', () => {
    const env = envOf(containerOf(objects, 'media'));
    expect(env.get('SERVICE_TOKEN')?.valueFrom?.secretKeyRef?.key).toBe('service-token-media');
    expect(env.get('ACCOUNT_ADDR')?.value).toBe('cfs-account:7002');
    expect(env.get('FEED_ADDR')?.value).toBe('cfs-feed:7003');
    expect(env.get('SEO_ADDR')?.value).toBe('cfs-seo:7005');
    const config = ofKind(objects, 'ConfigMap').find((c) => c.metadata.name.startsWith('cfs-config-'))!.data as Record<string, string>;
    expect(config).toMatchObject({ AI_UNITS_TEXT: '1', AI_UNITS_IMAGE: '10', AI_BACKFILL_ARTICLES: '20' });
    expect(config.AI_PROVIDER).toBe(overlay === 'prod' ? 'openai' : 'local');
  });

  it('has feed and its ingest role call webhooks with their own service token and sign changes tokens with the cursor secret', () => {
    for (const c of ['feed', 'ingest']) {
      const env = envOf(containerOf(objects, c));
      expect(env.get('SERVICE_TOKEN')?.valueFrom?.secretKeyRef?.key, c).toBe('service-token-feed');
      expect(env.get('WEBHOOKS_ADDR')?.value, c).toBe('cfs-webhooks:7007');
      expect(env.get('CURSOR_SECRET')?.valueFrom?.secretKeyRef?.key, c).toBe('cursor-secret');
    }
  });

  it('gives the webhooks container its own heap flag, which wins over the one the other containers read from cfs-config', () => {
    const config = ofKind(objects, 'ConfigMap').find((c) => c.metadata.name.startsWith('cfs-config-'))!.data as Record<string, string>;
    const webhooks = envOf(containerOf(objects, 'webhooks'));
    // The chart's heap of its own memory limit (components.webhooks), in its env: env wins over envFrom.
    expect(webhooks.get('NODE_OPTIONS')?.value).toBe('--max-old-space-size=48');
    expect(config.NODE_OPTIONS).toMatch(/^--max-old-space-size=\d+$/);
    expect(config.NODE_OPTIONS).not.toBe(webhooks.get('NODE_OPTIONS')?.value);
    for (const c of COMPONENTS.filter((x) => x !== 'webhooks')) expect(envOf(containerOf(objects, c)).has('NODE_OPTIONS'), c).toBe(false);
  });

  it('resolves every Secret and ConfigMap a pod reads', () => {
    expectReferencesResolve(objects, overlay === 'prod' ? { secrets: PROD_EXTERNAL_SECRETS } : {});
  });

  it('lets only the documented paths through its NetworkPolicies', () => {
    expectNetworkPolicyMatrix(objects, namespace, { redis: true, databaseAsPod: overlay === 'dev' });
  });
});

describe('overlay specifics', () => {
  it('dev: one replica each, generated throwaway credentials, the operator CLI pod', () => {
    const objects = kustomize('dev');
    for (const d of ofKind(objects, 'Deployment')) expect((d.spec as { replicas: number }).replicas, d.metadata.name).toBe(1);
    const secret = ofKind(objects, 'Secret').find((s) => s.metadata.name.startsWith('cfs-secrets-'));
    const data = Object.fromEntries(Object.entries(secret!.data as Record<string, string>).map(([k, v]) => [k, Buffer.from(v, 'base64').toString()]));
    expect(Object.keys(data).sort()).toEqual([
      'credential-pepper',
      'cursor-secret',
      'database-url',
      'service-callers',
      'service-token-admin',
      'service-token-billing',
      'service-token-dashboard',
      'service-token-feed',
      'service-token-gateway',
      'service-token-media',
    ]);
    // The services admit exactly the six callers whose tokens the overlay hands out.
    const sha = (t: string) => createHash('sha256').update(t).digest('hex');
    const callers = ['gateway', 'billing', 'admin', 'dashboard', 'media', 'feed'];
    expect(data['service-callers']).toBe(callers.map((c) => `${c}=${sha(data[`service-token-${c}`]!)}`).join(','));
    expect(new Set(callers.map((c) => data[`service-token-${c}`])).size).toBe(6);
    // AI generation by the built-in provider: no key needed, none wired.
    const config = ofKind(objects, 'ConfigMap').find((c) => c.metadata.name.startsWith('cfs-config-'))!.data as Record<string, string>;
    expect(config.AI_PROVIDER).toBe('local');
    expect(envOf(containerOf(objects, 'media')).has('AI_API_KEY')).toBe(false);
    const admin = deploymentOf(objects, 'admin');
    expect(admin, 'admin-cli component').toBeDefined();
    expect([...envOf(containerOf(objects, 'admin')).keys()].sort()).toEqual([
      'ACCOUNT_ADDR',
      'DASHBOARD_URL',
      'FEED_ADDR',
      'IDENTITY_ADDR',
      'MEDIA_ADDR',
      'SERVICE_TOKEN',
    ]);
    // No Ingress in dev: invitation links open the dashboard through `kubectl port-forward svc/cfs-dashboard 7020`.
    expect(envOf(containerOf(objects, 'admin')).get('DASHBOARD_URL')?.value).toBe('http://127.0.0.1:7020/dashboard/');
  });

  it('prod: registry images, autoscaled gateway and feed, S3 and tracing configured, the Ingress sending /dashboard/ to the dashboard', () => {
    const objects = kustomize('prod');
    for (const c of COMPONENTS) expect(containerOf(objects, c).image, c).toBe(`registry.example.com/content-feed/cfs-${c}:0.1.0`);
    const hpas = ofKind(objects, 'HorizontalPodAutoscaler').map((h) => (h.spec as { scaleTargetRef: { name: string } }).scaleTargetRef.name);
    expect(hpas.sort()).toEqual(['cfs-feed', 'cfs-gateway']);
    for (const d of ofKind(objects, 'Deployment')) {
      const replicas = (d.spec as { replicas?: number }).replicas;
      if (hpas.includes(d.metadata.name)) expect(replicas, d.metadata.name).toBeUndefined();
      else expect(replicas, d.metadata.name).toBeGreaterThanOrEqual(2);
    }
    const config = ofKind(objects, 'ConfigMap').find((c) => c.metadata.name.startsWith('cfs-config-'))!.data as Record<string, string>;
    expect(config).toMatchObject({ OTEL_TRACES_EXPORTER: 'otlp', BILLING_PROVIDER: 'stripe', AI_PROVIDER: 'openai', AI_API_URL: 'https://api.openai.com/v1' });
    // The AI API key comes from the Secret the overlay expects (ai-api-key), never from the ConfigMap.
    expect(envOf(containerOf(objects, 'media')).get('AI_API_KEY')?.valueFrom?.secretKeyRef).toEqual({ name: 'cfs-secrets', key: 'ai-api-key' });
    expect(Object.keys(config).filter((k) => k === 'AI_API_KEY')).toEqual([]);
    expect(new URL(config.S3_ENDPOINT!).protocol).toMatch(/^https?:$/);
    // The heap follows the prod memory limit through the shared ConfigMap, merged by name, not by env index;
    // the webhooks pods keep the heap of their own limit (in their env).
    expect(config.NODE_OPTIONS).toBe('--max-old-space-size=576');
    for (const c of COMPONENTS.filter((x) => x !== 'webhooks')) expect(envOf(containerOf(objects, c)).has('NODE_OPTIONS'), c).toBe(false);
    expect(envOf(containerOf(objects, 'webhooks')).get('NODE_OPTIONS')?.value).toBe('--max-old-space-size=48');
    const ingresses = ofKind(objects, 'Ingress');
    expect(ingresses).toHaveLength(1);
    const paths = (
      ingresses[0]!.spec as { rules: Array<{ http: { paths: Array<{ path: string; pathType: string; backend: { service: { name: string } } }> } }> }
    ).rules[0]!.http.paths;
    expect(paths.map((p) => [p.path, p.pathType, p.backend.service.name])).toEqual([
      ['/dashboard/', 'Prefix', 'cfs-dashboard'],
      ['/', 'Prefix', 'cfs-gateway'],
    ]);
  });
});

describe('rendered from the Helm chart (test/deploy/render-kustomize.ts)', () => {
  it('is up to date: the base, the admin-cli component and prod/generated are what the script renders now', () => {
    expect(staleKustomizeFiles(), 'run `npm run k8s:render`').toEqual([]);
  });

  it('patches only by kind and name: no JSON patch, so no list index anywhere in the overlays', () => {
    for (const overlay of OVERLAYS) {
      const text = readFileSync(path.join(K8S_DIR, 'overlays', overlay, 'kustomization.yaml'), 'utf8');
      expect(text, overlay).not.toMatch(/\bop:\s*(add|remove|replace)\b/);
      expect(text, overlay).not.toMatch(/\/\d+(\/|$)/m);
    }
  });

  it('prod is exactly the chart with the prod values: every Deployment, NetworkPolicy, PDB, HPA and the Ingress', () => {
    const chart = chartForKustomize('prod');
    const kust = kustomize('prod');
    expectChartObjects(kust, chart.objects);
    const config = ofKind(kust, 'ConfigMap').find((c) => c.metadata.name.startsWith('cfs-config-'))!.data as Record<string, string>;
    expect(config).toEqual(Object.fromEntries(chart.config));
  });

  it('dev is the chart with the base values, with one replica each', () => {
    const chart = chartForKustomize('base');
    const kust = kustomize('dev');
    const oneReplica = chart.objects.map((o) => (o.kind === 'Deployment' ? { ...o, spec: { ...(o.spec as object), replicas: 1 } } : o));
    expectChartObjects(kust, oneReplica);
  });
});

/**
 * Every object of the chart's rendering is in kustomize's, equal but for what is kustomize's own: the
 * namespace, the images' registry, the hash suffixes of generated ConfigMaps and Secrets, and the order
 * of env entries (checked apart: a variable is defined before a $(reference) to it).
 */
function expectChartObjects(kust: KubeObject[], chartObjects: KubeObject[]): void {
  const comparable = (o: KubeObject): KubeObject => {
    const copy = JSON.parse(
      JSON.stringify(o, (_k, v: unknown) => (typeof v === 'string' ? v.replace(/^(cfs-config|cfs-secrets)-[a-z0-9]{10}$/, '$1') : v)),
    ) as KubeObject;
    delete (copy.metadata as { namespace?: string }).namespace;
    const pod = (copy.spec as { template?: { spec: { containers: Container[] } } } | undefined)?.template;
    for (const c of pod?.spec.containers ?? []) {
      c.image = c.image!.replace('registry.example.com/content-feed/', '');
      const defined = new Set<string>();
      for (const e of c.env ?? []) {
        for (const [, ref] of String((e as { value?: string }).value ?? '').matchAll(/\$\(([A-Z0-9_]+)\)/g))
          expect(defined, `${o.metadata.name}: ${e.name} refers to $(${ref})`).toContain(ref);
        defined.add(e.name);
      }
      c.env?.sort((a, b) => a.name.localeCompare(b.name));
    }
    return copy;
  };
  const objects = chartObjects.filter((o) => o.metadata.labels?.['app.kubernetes.io/component'] !== 'admin');
  expect(objects.length).toBeGreaterThan(20);
  for (const expected of objects) {
    const id = `${expected.kind}/${expected.metadata.name}`;
    const actual = kust.find((o) => o.kind === expected.kind && o.metadata.name === expected.metadata.name);
    expect(actual, id).toBeDefined();
    expect(comparable(actual!), id).toEqual(comparable(expected));
  }
}
