/**
 * The kustomize packaging (k8s/base, k8s/overlays/{dev,prod}): `kubectl kustomize` of every overlay,
 * every object validated against the Kubernetes schemas, the same promises as the chart (hardened pods,
 * gRPC probes, wiring, NetworkPolicies), and parity with the chart's environment wiring.
 */
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectComponentsWired, expectHardenedPods, expectNetworkPolicyMatrix, expectReferencesResolve, expectValidObjects } from './support/checks.ts';
import type { KubeObject } from './support/kube-schema.ts';
import { CHART_CI_DIR, COMPONENTS, deploymentOf, envOf, helmTemplate, kustomize, ofKind, OVERLAYS, type Container } from './support/render.ts';
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

  it('deploys all seven components with gRPC health probes and wires the gateway to the services', () => {
    expectComponentsWired(objects, COMPONENTS);
    for (const c of COMPONENTS.filter((x) => x !== 'gateway')) expect(envOf(containerOf(objects, c)).get('MIGRATE_ON_START')?.value, c).toBe('true');
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
      'service-token-gateway',
    ]);
    // The services admit exactly the three callers whose tokens the overlay hands out.
    const sha = (t: string) => createHash('sha256').update(t).digest('hex');
    expect(data['service-callers']).toBe(['gateway', 'billing', 'admin'].map((c) => `${c}=${sha(data[`service-token-${c}`]!)}`).join(','));
    const admin = deploymentOf(objects, 'admin');
    expect(admin, 'admin-cli component').toBeDefined();
    expect([...envOf(containerOf(objects, 'admin')).keys()].sort()).toEqual(['ACCOUNT_ADDR', 'FEED_ADDR', 'IDENTITY_ADDR', 'MEDIA_ADDR', 'SERVICE_TOKEN']);
  });

  it('prod: registry images, autoscaled gateway and feed, S3 and tracing configured', () => {
    const objects = kustomize('prod');
    for (const c of COMPONENTS) expect(containerOf(objects, c).image, c).toBe(`registry.example.com/content-feed/cfs-${c}:0.1.0`);
    const hpas = ofKind(objects, 'HorizontalPodAutoscaler').map((h) => (h.spec as { scaleTargetRef: { name: string } }).scaleTargetRef.name);
    expect(hpas.sort()).toEqual(['feed', 'gateway']);
    for (const d of ofKind(objects, 'Deployment')) {
      const replicas = (d.spec as { replicas?: number }).replicas;
      if (hpas.includes(d.metadata.name)) expect(replicas, d.metadata.name).toBeUndefined();
      else expect(replicas, d.metadata.name).toBeGreaterThanOrEqual(2);
    }
    const config = ofKind(objects, 'ConfigMap').find((c) => c.metadata.name.startsWith('cfs-config-'))!.data as Record<string, string>;
    expect(config).toMatchObject({ OTEL_TRACES_EXPORTER: 'otlp', BILLING_PROVIDER: 'stripe' });
    expect(new URL(config.S3_ENDPOINT!).protocol).toMatch(/^https?:$/);
    // The heap follows the prod memory limit through the shared ConfigMap, patched by name, not by env index.
    expect(config.NODE_OPTIONS).toBe('--max-old-space-size=576');
    for (const c of COMPONENTS) expect(envOf(containerOf(objects, c)).has('NODE_OPTIONS'), c).toBe(false);
    expect(ofKind(objects, 'Ingress')).toHaveLength(1);
  });
});

describe('parity with the Helm chart', () => {
  it('gives each component the same ports, probes, security context and environment variables', () => {
    // The base, like the chart with its own datastores turned off, points at servers it is given.
    const external = ['database.bundled.enabled=false', 'database.url=postgresql://cfs@db:5432/cfs', 'redis.bundled.enabled=false', 'redis.url=redis://redis:6379', 'objectStorage.bundled.enabled=false', 'components.media.replicaCount=1'];
    const chart = helmTemplate([`${CHART_CI_DIR}/default-values.yaml`], external.flatMap((v) => ['--set', v]));
    const kust = kustomize('dev');
    const sharedConfig = new Set(Object.keys(ofKind(kust, 'ConfigMap').find((c) => c.metadata.name.startsWith('cfs-config-'))!.data as object));
    const probeKind = (p: object | undefined) => Object.keys(p ?? {}).find((k) => ['grpc', 'httpGet', 'tcpSocket'].includes(k));
    for (const c of COMPONENTS) {
      const a = containerOf(chart, c);
      const b = containerOf(kust, c);
      expect(b.ports, c).toEqual(a.ports);
      for (const probe of ['livenessProbe', 'readinessProbe', 'startupProbe'] as const) expect(probeKind(b[probe]), `${c} ${probe}`).toBe(probeKind(a[probe]));
      expect(b.securityContext, c).toEqual(a.securityContext);
      // What the chart sets, kustomize sets too (explicitly or through the shared ConfigMap), except
      // what only the chart's options produce (MIGRATE_ON_START differs on purpose, media's S3 is an overlay's).
      const chartOnly = new Set(['MIGRATE_ON_START', 'MEDIA_DIR']);
      const missing = [...envOf(a).keys()].filter((k) => !chartOnly.has(k) && !envOf(b).has(k) && !sharedConfig.has(k));
      expect(missing, `${c}: variables the chart sets and kustomize does not`).toEqual([]);
    }
  });
});
