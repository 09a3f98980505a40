/**
 * skaffold.yaml: every deployable is a build artifact (with its Dockerfile), the chart deploys them,
 * and the image values skaffold sets are the ones the chart reads: the chart is rendered the way
 * skaffold would render it (its setValueTemplates filled in) and the images checked.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { expectValidObjects } from './support/checks.ts';
import { COMPONENTS, deploymentOf, helmTemplate, type Container } from './support/render.ts';
import { k8sTools, REPO_ROOT } from './support/tools.ts';

interface Release {
  name: string;
  chartPath: string;
  valuesFiles?: string[];
  setValues?: Record<string, string>;
  setValueTemplates?: Record<string, string>;
}
interface SkaffoldConfig {
  apiVersion: string;
  kind: string;
  build: { artifacts: Array<{ image: string; context?: string; docker?: { dockerfile?: string } }> };
  deploy: { helm: { releases: Release[] } };
  profiles?: Array<{ name: string; activation?: Array<{ command?: string }>; patches?: Array<{ op: string; path: string; value?: unknown }> }>;
  portForward?: Array<{ resourceType: string; resourceName: string; namespace?: string; port: number; localPort?: number }>;
}

const config = parse(readFileSync(path.join(REPO_ROOT, 'skaffold.yaml'), 'utf8')) as SkaffoldConfig;

/** Workspace folder of every image: the deployables plus the operator CLI. */
const WORKSPACES: Record<string, string> = Object.fromEntries([
  ...COMPONENTS.map((c) => [c, c === 'gateway' ? 'gateway' : `services/${c}`]),
  ['admin', 'services/admin'],
]);

/** Skaffold's names for an artifact in templates: `/`, `-`, `.` and `:` become `_`. */
const sanitize = (image: string) => image.replace(/[/\-.:]/g, '_');

/** The two template forms skaffold.yaml uses: {{.VAR}} and {{ default "x" .VAR }}; anything else fails. */
function expand(template: string, vars: Record<string, string>): string {
  return template.replace(/\{\{\s*(.*?)\s*\}\}/g, (_m, expr: string) => {
    const plain = /^\.(\w+)$/.exec(expr);
    if (plain) {
      if (!(plain[1]! in vars)) throw new Error(`unknown template variable ${plain[1]}`);
      return vars[plain[1]!]!;
    }
    const withDefault = /^default "([^"]*)" \.(\w+)$/.exec(expr);
    if (withDefault) return vars[withDefault[2]!] || withDefault[1]!;
    throw new Error(`template expression not understood by this check: ${expr}`);
  });
}

/** helm template as skaffold would run it for the (patched) release, with the given image variables. */
function renderLikeSkaffold(release: Release, vars: Record<string, string>) {
  const valuesFiles = (release.valuesFiles ?? []).map((f) => path.join(REPO_ROOT, expand(f, vars)));
  const sets = Object.entries(release.setValues ?? {}).flatMap(([k, v]) => ['--set', `${k}=${v}`]);
  const templates = Object.entries(release.setValueTemplates ?? {}).flatMap(([k, v]) => ['--set-string', `${k}=${expand(v, vars)}`]);
  expect(path.resolve(REPO_ROOT, release.chartPath)).toBe(path.join(REPO_ROOT, 'charts', 'content-feed'));
  return helmTemplate(valuesFiles, [...sets, ...templates]);
}

function imageVars(digest: boolean): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const a of config.build.artifacts) {
    const n = sanitize(a.image);
    vars[`IMAGE_REPO_${n}`] = `localhost:5000/${a.image}`;
    vars[`IMAGE_TAG_${n}`] = 'v0-test';
    vars[`IMAGE_DIGEST_${n}`] = digest ? `sha256:${'ab'.repeat(32)}` : '';
  }
  return vars;
}

function applyPatches(release: Release, patches: NonNullable<SkaffoldConfig['profiles']>[number]['patches']): Release {
  const copy = structuredClone({ deploy: { helm: { releases: [release] } } }) as unknown as Record<string, unknown>;
  for (const p of patches ?? []) {
    const keys = p.path
      .split('/')
      .slice(1)
      .map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'));
    const last = keys.pop()!;
    let node: Record<string, unknown> = copy;
    for (const k of keys) {
      expect(node[k], `patch path ${p.path}`).toBeDefined();
      node = node[k] as Record<string, unknown>;
    }
    if (p.op === 'replace') expect(node[last], `replace needs an existing ${p.path}`).toBeDefined();
    if (p.op === 'add' || p.op === 'replace') node[last] = p.value;
    else if (p.op === 'remove') delete node[last];
    else throw new Error(`patch op ${p.op} not understood by this check`);
  }
  return (copy as unknown as { deploy: { helm: { releases: Release[] } } }).deploy.helm.releases[0]!;
}

beforeAll(() => {
  k8sTools();
});

describe('skaffold.yaml', () => {
  it('is a skaffold v4 config', () => {
    expect(config.apiVersion).toMatch(/^skaffold\/v4beta\d+$/);
    expect(config.kind).toBe('Config');
  });

  it('names every deployable as an artifact built with its own Dockerfile from the repository root', () => {
    const images = config.build.artifacts.map((a) => a.image);
    expect(images.sort()).toEqual(
      Object.keys(WORKSPACES)
        .map((n) => `cfs-${n}`)
        .sort(),
    );
    for (const a of config.build.artifacts) {
      const name = a.image.replace(/^cfs-/, '');
      expect(a.context ?? '.', a.image).toBe('.');
      expect(a.docker?.dockerfile, a.image).toBe(`${WORKSPACES[name]}/Dockerfile`);
      expect(existsSync(path.join(REPO_ROOT, a.docker!.dockerfile!)), a.docker!.dockerfile).toBe(true);
    }
  });

  it('builds the customer dashboard (services/dashboard/Dockerfile) and forwards its Service like the gateway’s', () => {
    const artifact = config.build.artifacts.find((a) => a.image === 'cfs-dashboard');
    expect(artifact?.docker?.dockerfile).toBe('services/dashboard/Dockerfile');
    const release = config.deploy.helm.releases[0]!;
    const forwards = config.portForward ?? [];
    for (const c of ['gateway', 'dashboard']) {
      const forward = forwards.find((f) => f.resourceName === `${release.name}-${c}`);
      expect(forward, c).toMatchObject({ resourceType: 'service', namespace: (release as { namespace?: string }).namespace });
    }
    // The chart names the release's objects `<release>-<component>` when the release is called like the chart.
    expect(release.name).toBe('content-feed');
    const objects = renderLikeSkaffold(release, imageVars(false));
    const svc = objects.find((o) => o.kind === 'Service' && o.metadata.labels?.['app.kubernetes.io/component'] === 'dashboard');
    expect((svc?.spec as { ports: Array<{ port: number }> }).ports.map((p) => p.port)).toEqual([
      forwards.find((f) => f.resourceName === 'content-feed-dashboard')!.port,
    ]);
  });

  it('misses no workspace that has a Dockerfile', () => {
    const dirs = ['gateway', ...readdirSync(path.join(REPO_ROOT, 'services')).map((d) => `services/${d}`)];
    const withDockerfile = dirs.filter((d) => existsSync(path.join(REPO_ROOT, d, 'Dockerfile')));
    expect(withDockerfile.sort()).toEqual(Object.values(WORKSPACES).sort());
  });

  it('deploys through the chart, setting repository, tag and digest of every image', () => {
    const releases = config.deploy.helm.releases;
    expect(releases).toHaveLength(1);
    const templates = releases[0]!.setValueTemplates ?? {};
    for (const name of Object.keys(WORKSPACES)) {
      const key = name === 'admin' ? 'adminCli.image' : `components.${name}.image`;
      const n = sanitize(`cfs-${name}`);
      expect(templates[`${key}.repository`], key).toBe(`{{.IMAGE_REPO_${n}}}`);
      expect(templates[`${key}.tag`], key).toBe(`{{.IMAGE_TAG_${n}}}`);
      expect(templates[`${key}.digest`], key).toBe(`{{.IMAGE_DIGEST_${n}}}`);
    }
  });

  it.each([
    ['pushed (with digest)', true],
    ['loaded into a local cluster (no digest)', false],
  ])('renders the built images into the Deployments when %s', (_what, digest) => {
    const vars = imageVars(digest);
    const objects = renderLikeSkaffold(config.deploy.helm.releases[0]!, vars);
    expectValidObjects(objects);
    for (const c of COMPONENTS) {
      const container = (deploymentOf(objects, c)!.spec as { template: { spec: { containers: Container[] } } }).template.spec.containers[0]!;
      const n = sanitize(`cfs-${c}`);
      expect(container.image, c).toBe(`${vars[`IMAGE_REPO_${n}`]}:${vars[`IMAGE_TAG_${n}`]}${digest ? `@${vars[`IMAGE_DIGEST_${n}`]}` : ''}`);
    }
  });

  it('has a dev profile, activated by `skaffold dev`, that deploys the dev values with the operator CLI pod', () => {
    const dev = config.profiles?.find((p) => p.name === 'dev');
    expect(dev?.activation).toContainEqual({ command: 'dev' });
    const release = applyPatches(config.deploy.helm.releases[0]!, dev!.patches);
    const objects = renderLikeSkaffold(release, imageVars(false));
    expectValidObjects(objects);
    expect(deploymentOf(objects, 'admin'), 'operator CLI pod').toBeDefined();
    for (const c of COMPONENTS) expect((deploymentOf(objects, c)!.spec as { replicas: number }).replicas, c).toBe(1);
  });
});
