/**
 * Assertions shared by the chart and the kustomize checks: what every rendered installation must
 * hold, whichever packaging produced it.
 */
import { expect } from 'vitest';
import { DEPLOYABLES } from '@cfs/common/deployables';
import type { KubeObject } from './kube-schema.ts';
import { problemsOf } from './kube-schema.ts';
import { NetworkPolicies, type Pod } from './netpol.ts';
import {
  ADMIN_TARGETS,
  COMPONENTS,
  deploymentOf,
  envOf,
  HTTP_COMPONENTS,
  podTemplates,
  SERVICES,
  type Component,
  type Container,
  type Probe,
} from './render.ts';

/** Schema-valid, no unknown field, and no apiVersion/kind the validators do not know. */
export function expectValidObjects(objects: KubeObject[]): void {
  expect(objects.length).toBeGreaterThan(0);
  const problems = objects.flatMap((o) => problemsOf(o));
  expect(problems, problems.join('\n')).toEqual([]);
  const ids = objects.map((o) => `${o.apiVersion}/${o.kind}/${o.metadata.namespace ?? ''}/${o.metadata.name}`);
  expect(
    ids.filter((id, i) => ids.indexOf(id) !== i),
    'duplicate objects',
  ).toEqual([]);
}

/** Non-root, read-only root filesystem, no privilege escalation, no capabilities, RuntimeDefault seccomp, no API token. */
export function expectHardenedPods(objects: KubeObject[]): void {
  const templates = podTemplates(objects);
  expect(templates.length).toBeGreaterThan(0);
  for (const { owner, template } of templates) {
    const where = `${owner.kind}/${owner.metadata.name}`;
    const pod = template.spec;
    expect(pod.securityContext, where).toMatchObject({ runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } });
    expect(pod.securityContext?.runAsUser, where).not.toBe(0);
    expect(pod.automountServiceAccountToken, where).toBe(false);
    for (const c of [...pod.containers, ...(pod.initContainers ?? [])]) {
      expect(c.securityContext, `${where} ${c.name}`).toMatchObject({
        readOnlyRootFilesystem: true,
        allowPrivilegeEscalation: false,
        runAsNonRoot: true,
        capabilities: { drop: ['ALL'] },
      });
      expect(c.securityContext?.privileged ?? false, where).toBe(false);
      // A read-only root filesystem needs a writable /tmp.
      expect(
        c.volumeMounts?.some((m) => m.mountPath === '/tmp'),
        `${where} ${c.name}: /tmp`,
      ).toBe(true);
      expect(c.resources?.requests?.memory, `${where} ${c.name}: memory request`).toBeDefined();
      expect(c.resources?.limits?.memory, `${where} ${c.name}: memory limit`).toBeDefined();
    }
  }
}

function probePort(p: Probe | undefined): number | string | undefined {
  return p?.grpc?.port ?? p?.httpGet?.port ?? p?.tcpSocket?.port;
}

/**
 * Every component has its Deployment; services are probed with native gRPC health checks on their
 * port (readiness and start-up), the gateway and the dashboard over HTTP; the *_ADDR variables of the
 * gateway and of the dashboard name the Services that exist, on their ports, and the dashboard calls
 * them with its own service token.
 */
export function expectComponentsWired(objects: KubeObject[], expected: readonly string[] = COMPONENTS): void {
  const services = objects.filter((o) => o.kind === 'Service');
  const servicePort = (name: string) => {
    const svc = services.find((s) => s.metadata.name === name);
    return (svc?.spec as { ports?: Array<{ name: string; port: number }> } | undefined)?.ports;
  };
  for (const component of expected) {
    const deployment = deploymentOf(objects, component);
    expect(deployment, `Deployment of ${component}`).toBeDefined();
    const container = (deployment!.spec as { template: { spec: { containers: Container[] } } }).template.spec.containers[0]!;
    expect(container.readinessProbe, `${component} readiness`).toBeDefined();
    expect(container.livenessProbe, `${component} liveness`).toBeDefined();
    expect(container.startupProbe, `${component} startup`).toBeDefined();
    if (HTTP_COMPONENTS.includes(component as Component)) {
      expect(container.readinessProbe?.httpGet?.path, `${component} readiness`).toBe('/readyz');
      expect(container.livenessProbe?.httpGet?.path, `${component} liveness`).toBe('/healthz');
      expect(container.startupProbe?.httpGet?.path, `${component} startup`).toBe('/healthz');
      expect(envOf(container).has('DATABASE_URL'), `${component} has no database`).toBe(false);
    } else {
      const grpcPort = container.ports?.find((p) => p.name === 'grpc')?.containerPort;
      expect(grpcPort, `${component} grpc port`).toBeTypeOf('number');
      expect(container.readinessProbe?.grpc?.port, `${component} readiness is a gRPC health check`).toBe(grpcPort);
      expect(container.startupProbe?.grpc?.port, `${component} startup is a gRPC health check`).toBe(grpcPort);
      expect([grpcPort, 'grpc']).toContain(probePort(container.livenessProbe));
      const env = envOf(container);
      expect(env.get(`${component.toUpperCase()}_GRPC_PORT`)?.value).toBe(String(grpcPort));
      expect(env.get('DATABASE_URL')?.valueFrom?.secretKeyRef, `${component} DATABASE_URL from a Secret`).toBeDefined();
    }
  }
  const expectAddresses = (caller: string, env: ReturnType<typeof envOf>) => {
    for (const service of expected.filter((c) => SERVICES.includes(c as Component))) {
      const address = env.get(`${service.toUpperCase()}_ADDR`)?.value;
      expect(address, `${caller} ${service.toUpperCase()}_ADDR`).toMatch(/^[\w.-]+:\d+$/);
      const [host, port] = address!.split(':');
      expect(
        servicePort(host!)?.some((p) => p.port === Number(port)),
        `${caller} → ${address} is a Service port`,
      ).toBe(true);
    }
  };
  const dashboard = deploymentOf(objects, 'dashboard');
  if (dashboard) {
    const container = (dashboard.spec as { template: { spec: { containers: Container[] } } }).template.spec.containers[0]!;
    const env = envOf(container);
    const httpPort = container.ports?.find((p) => p.name === 'http')?.containerPort;
    expect(env.get('DASHBOARD_HTTP_PORT')?.value, 'DASHBOARD_HTTP_PORT is the container port').toBe(String(httpPort));
    expect(env.get('SERVICE_TOKEN')?.valueFrom?.secretKeyRef?.key, 'the dashboard calls the services with its own token').toBe('service-token-dashboard');
    expect(env.has('SERVICE_CALLERS'), 'the dashboard serves no gRPC').toBe(false);
    expectAddresses('dashboard', env);
  }
  const gateway = deploymentOf(objects, 'gateway');
  if (!gateway) return;
  const env = envOf((gateway.spec as { template: { spec: { containers: Container[] } } }).template.spec.containers[0]!);
  expect(env.get('CURSOR_SECRET')?.valueFrom?.secretKeyRef, 'CURSOR_SECRET from a Secret').toBeDefined();
  expectAddresses('gateway', env);
  if (expected.includes('media')) {
    const url = new URL(env.get('MEDIA_HTTP_URL')!.value!);
    expect(
      servicePort(url.hostname)?.some((p) => p.port === Number(url.port)),
      `MEDIA_HTTP_URL ${url} is a Service port`,
    ).toBe(true);
  }
}

/**
 * Every Secret and ConfigMap a pod reads exists in the output, or is one of `external` (documented
 * as created by the operator), and every referenced key of a rendered Secret is there.
 */
export function expectReferencesResolve(objects: KubeObject[], external: { secrets?: string[]; configMaps?: string[] } = {}): void {
  const secrets = new Map(objects.filter((o) => o.kind === 'Secret').map((s) => [s.metadata.name, { ...(s.data as object), ...(s.stringData as object) }]));
  const configMaps = new Set(objects.filter((o) => o.kind === 'ConfigMap').map((c) => c.metadata.name));
  for (const { owner, template } of podTemplates(objects)) {
    const where = `${owner.kind}/${owner.metadata.name}`;
    for (const c of template.spec.containers) {
      for (const e of c.env ?? []) {
        const ref = e.valueFrom?.secretKeyRef;
        if (!ref) continue;
        if (external.secrets?.includes(ref.name)) continue;
        const data = secrets.get(ref.name);
        if (ref.optional && !data) continue;
        expect(data, `${where} ${e.name}: Secret ${ref.name}`).toBeDefined();
        if (!ref.optional) expect(Object.keys(data!), `${where} ${e.name}: key ${ref.key} of Secret ${ref.name}`).toContain(ref.key);
      }
      for (const from of c.envFrom ?? []) {
        if (from.configMapRef)
          expect(
            configMaps.has(from.configMapRef.name) || external.configMaps?.includes(from.configMapRef.name),
            `${where}: ConfigMap ${from.configMapRef.name}`,
          ).toBe(true);
      }
    }
    for (const v of template.spec.volumes ?? []) {
      if (v.configMap)
        expect(configMaps.has(v.configMap.name) || external.configMaps?.includes(v.configMap.name), `${where}: ConfigMap ${v.configMap.name}`).toBe(true);
    }
  }
}

/**
 * The NetworkPolicies allow exactly the documented paths between the pods of the system: ingress
 * controller → gateway, dashboard; gateway → every service; dashboard → every service's gRPC port;
 * a service → the gRPC ports of the services it calls (the `calls` of services/common/src/deployables.ts:
 * billing → account, media → account, feed, seo); operator CLI → identity, account, feed, media; and
 * nothing else between them, nor from any other pod of the namespace.
 */
export function expectNetworkPolicyMatrix(
  objects: KubeObject[],
  namespace: string,
  opts: {
    /** Redis is in use (identity, account, feed, the gateway and the dashboard reach it). */
    redis: boolean;
    /** The database rule admits a PostgreSQL pod (false when it names an ipBlock, which no pod matches). */
    databaseAsPod: boolean;
    /** The chart's own datastores (the evaluation install): only their users reach them. */
    bundled?: boolean;
  },
): void {
  const policies = new NetworkPolicies(objects, namespace);
  const pods = new Map<string, Pod>();
  const ports = new Map<string, number[]>();
  const metricsPorts = new Map<string, number>();
  for (const component of COMPONENTS) {
    const d = deploymentOf(objects, component);
    if (!d) continue;
    const template = (d.spec as { template: { metadata: { labels: Record<string, string> }; spec: { containers: Container[] } } }).template;
    pods.set(component, { name: component, namespace: d.metadata.namespace ?? namespace, labels: template.metadata.labels });
    const declared = template.spec.containers[0]!.ports ?? [];
    ports.set(
      component,
      declared.filter((p) => p.name !== 'metrics').map((p) => p.containerPort),
    );
    const metrics = declared.find((p) => p.name === 'metrics');
    if (metrics) metricsPorts.set(component, metrics.containerPort);
  }
  const gateway = pods.get('gateway')!;
  const sibling = (component: string): Pod => ({
    name: component,
    namespace: gateway.namespace,
    labels: { ...gateway.labels, 'app.kubernetes.io/component': component },
  });
  const admin = sibling('admin');
  const stranger: Pod = { name: 'stranger', namespace: gateway.namespace, labels: { app: 'something-else' } };
  const controller: Pod = { name: 'ingress-controller', namespace: 'ingress-nginx', labels: { 'app.kubernetes.io/name': 'ingress-nginx' } };
  const kubeDns: Pod = { name: 'kube-dns', namespace: 'kube-system', labels: { 'k8s-app': 'kube-dns' } };
  const postgres: Pod = opts.bundled ? sibling('postgresql') : { name: 'postgres', namespace: 'databases', labels: { app: 'postgres' } };
  const redis: Pod = opts.bundled ? sibling('redis') : { name: 'redis', namespace: 'redis', labels: { 'app.kubernetes.io/name': 'redis' } };

  for (const pod of pods.values())
    expect(policies.covers(pod), `${pod.name} is selected by policies of both directions`).toEqual({ ingress: true, egress: true });

  const expectPath = (from: Pod, to: Pod, port: number, allowed: boolean) =>
    expect(policies.allows(from, to, port), `${from.name} → ${to.name}:${port} ${allowed ? 'allowed' : 'denied'}`).toBe(allowed);

  if (opts.bundled) {
    // The bundled servers admit their users only: not the gateway (PostgreSQL), not strangers.
    expectPath(stranger, postgres, 5432, false);
    expectPath(stranger, redis, 6379, false);
    const minio = sibling('minio');
    if (pods.get('media')) expectPath(pods.get('media')!, minio, 9000, true);
    expectPath(gateway, minio, 9000, false);
    expectPath(stranger, minio, 9000, false);
  }
  expectPath(controller, gateway, ports.get('gateway')![0]!, true);
  expectPath(stranger, gateway, ports.get('gateway')![0]!, false);
  const dashboard = pods.get('dashboard');
  if (dashboard) {
    // The dashboard is public like the gateway, and reached by nothing else of the system.
    const port = ports.get('dashboard')![0]!;
    expectPath(controller, dashboard, port, true);
    expectPath(stranger, dashboard, port, false);
    expectPath(gateway, dashboard, port, false);
    expectPath(admin, dashboard, port, false);
    for (const source of SERVICES) if (pods.get(source)) expectPath(pods.get(source)!, dashboard, port, false);
    expectPath(dashboard, gateway, ports.get('gateway')![0]!, false);
    expectPath(dashboard, postgres, 5432, false);
    expectPath(dashboard, redis, 6379, opts.redis);
  }
  for (const target of SERVICES) {
    const to = pods.get(target);
    if (!to) continue;
    for (const port of ports.get(target)!) {
      expectPath(gateway, to, port, true);
      // The dashboard calls every service's gRPC API (not media's HTTP port: it streams nothing).
      if (dashboard) expectPath(dashboard, to, port, port === ports.get(target)![0]);
      expectPath(stranger, to, port, false);
      expectPath(controller, to, port, false);
      expectPath(admin, to, port, ADMIN_TARGETS.includes(target) && port === ports.get(target)![0]);
      for (const source of SERVICES) {
        const from = pods.get(source);
        if (!from || source === target) continue;
        const calls: readonly string[] = DEPLOYABLES[source].calls;
        expectPath(from, to, port, calls.includes(target) && port === ports.get(target)![0]);
      }
    }
    // Services reach PostgreSQL; the gateway does not.
    if (opts.databaseAsPod) expectPath(to, postgres, 5432, true);
    // The services that announce (identity, account, feed, seo) or listen and announce (media's planner);
    // billing and webhooks use no Redis.
    expectPath(to, redis, 6379, opts.redis && target !== 'billing' && target !== 'webhooks');
  }
  // Prometheus scrapes every pod's metrics port (metrics.enabled); nothing else reaches it.
  const prometheus: Pod = { name: 'prometheus', namespace: 'monitoring', labels: { 'app.kubernetes.io/name': 'prometheus' } };
  for (const [component, port] of metricsPorts) {
    expectPath(prometheus, pods.get(component)!, port, true);
    expectPath(stranger, pods.get(component)!, port, false);
    if (component !== 'gateway') expectPath(gateway, pods.get(component)!, port, false);
    if (dashboard && component !== 'dashboard') expectPath(dashboard, pods.get(component)!, port, false);
  }
  expectPath(gateway, postgres, 5432, false);
  expectPath(gateway, redis, 6379, opts.redis);
  for (const pod of pods.values()) expectPath(pod, kubeDns, 53, true);
}
