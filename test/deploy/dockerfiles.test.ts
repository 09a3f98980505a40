/**
 * The Dockerfiles, checked statically (there is no Docker engine here to build them): one per
 * deployable, multi-stage over `turbo prune <workspace> --docker`, production dependencies only in the
 * runtime stage, non-root, a HEALTHCHECK for the servers, the files the code reads at run time, and
 * ports that agree with the code (src/env.ts) and the chart.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { semiSpaceMbOf } from '@cfs/common/node-runtime';
import { CHART_DIR, COMPONENTS } from './support/render.ts';
import { REPO_ROOT } from './support/tools.ts';

const WORKSPACES: Record<string, string> = Object.fromEntries([
  ...COMPONENTS.map((c) => [c, c === 'gateway' ? 'gateway' : `services/${c}`]),
  ['admin', 'services/admin'],
]);

interface Instruction {
  keyword: string;
  args: string;
}

/** Instructions of a Dockerfile (comments dropped, continuation lines joined), split by stage. */
function stagesOf(text: string): Instruction[][] {
  const logical = text
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const stages: Instruction[][] = [[]];
  for (const line of logical) {
    const [, keyword, args] = /^(\w+)\s*(.*)$/.exec(line)!;
    if (keyword!.toUpperCase() === 'FROM') stages.push([]);
    stages.at(-1)!.push({ keyword: keyword!.toUpperCase(), args: args! });
  }
  return stages;
}

/** Default ports of a workspace's env schema (its src/env.ts, as the process parses it): variable → port. */
async function envPorts(workspace: string): Promise<Record<string, number>> {
  const module = (await import(pathToFileURL(path.join(REPO_ROOT, workspace, 'src', 'env.ts')).href)) as Record<string, unknown>;
  const schema = Object.entries(module).find(([key]) => key.endsWith('EnvSchema'))![1] as { shape: Record<string, { parse(value: unknown): unknown }> };
  return Object.fromEntries(
    Object.entries(schema.shape)
      .filter(([key]) => key.endsWith('PORT'))
      .map(([key, field]) => [key, field.parse(undefined) as number]),
  );
}
const ENV_PORTS = Object.fromEntries(
  await Promise.all(Object.entries(WORKSPACES).map(async ([name, workspace]) => [name, await envPorts(workspace)] as const)),
);

interface LockEntry {
  optionalDependencies?: Record<string, string>;
  os?: string[];
  cpu?: string[];
}
const lockPackages = (JSON.parse(readFileSync(path.join(REPO_ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> }).packages;
/** Platform binaries (packages with `os`/`cpu`) that a workspace's production dependencies install as optional dependencies. */
function platformBinariesOf(workspace: string, dependencies: Record<string, string>): string[] {
  return Object.keys(dependencies).flatMap((dep) => {
    const entry = lockPackages[`${workspace}/node_modules/${dep}`] ?? lockPackages[`node_modules/${dep}`];
    return Object.keys(entry?.optionalDependencies ?? {}).filter((opt) => {
      const binary = lockPackages[`node_modules/${opt}`];
      return binary && (binary.os || binary.cpu);
    });
  });
}

const rootPackage = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
const chartValues = parse(readFileSync(path.join(CHART_DIR, 'values.yaml'), 'utf8')) as { components: Record<string, { ports: Record<string, number> }> };

describe.each(Object.entries(WORKSPACES))('%s/Dockerfile', (name, workspace) => {
  const file = path.join(REPO_ROOT, workspace, 'Dockerfile');
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const stages = stagesOf(text).slice(1);
  const runtime = stages.at(-1) ?? [];
  const all = stages.flat();
  const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, workspace, 'package.json'), 'utf8')) as { name: string; dependencies?: Record<string, string> };
  const server = name !== 'admin';

  it('exists and builds in several stages from a Node 24 LTS base image', () => {
    expect(existsSync(file), file).toBe(true);
    expect(stages.length, 'stages').toBeGreaterThanOrEqual(3);
    const base = /^ARG NODE_IMAGE=(\S+)$/m.exec(text)?.[1];
    expect(base).toMatch(/^node:24(\.\d+)*-(bookworm-slim|alpine)/);
    for (const stage of stages) expect(stage[0]!.args).toMatch(/^\$\{NODE_IMAGE\}/);
  });

  it(`prunes the monorepo to ${pkg.name} with the repository's turbo version`, () => {
    expect(all.some((i) => i.keyword === 'RUN' && i.args.includes(`turbo prune ${pkg.name} --docker`))).toBe(true);
    expect(/^ARG TURBO_VERSION=(\S+)$/m.exec(text)?.[1]).toBe(rootPackage.devDependencies.turbo);
    expect(all.some((i) => i.keyword === 'RUN' && i.args.includes(`npm run build -w ${pkg.name}`))).toBe(true);
  });

  it('ships production dependencies only, without npm or build tools, running as a non-root user', () => {
    expect(all.some((i) => i.keyword === 'RUN' && /npm ci [^&]*--omit=dev/.test(i.args))).toBe(true);
    const runtimeRuns = runtime.filter((i) => i.keyword === 'RUN').map((i) => i.args);
    // Paths removed first: the runtime stage deletes npm and yarn (`rm -rf /usr/local/bin/npm …`).
    const commands = runtimeRuns.map((r) => r.replace(/\/\S+/g, ''));
    expect(
      commands.filter((r) => /\b(npm|npx|yarn|turbo|esbuild)\b/.test(r)),
      'no installs in the runtime stage',
    ).toEqual([]);
    const user = runtime.filter((i) => i.keyword === 'USER').at(-1)?.args;
    expect(user, 'USER of the runtime stage').toBeDefined();
    expect(user!.split(':')[0]).toMatch(/^[1-9]\d*$/);
    // The young generation's size is the deployable's own (the gateway's is larger: node-runtime.ts).
    expect(runtime.find((i) => i.keyword === 'ENTRYPOINT')?.args).toBe(
      `["node", "--enable-source-maps", "--max-semi-space-size=${semiSpaceMbOf(name)}", "--no-concurrent-recompilation", "dist/index.js"]`,
    );
    expect(runtime.some((i) => i.keyword === 'COPY' && i.args.includes(`/app/${workspace}/dist/`))).toBe(true);
  });

  it('copies what the code reads at run time', () => {
    const copies = runtime.filter((i) => i.keyword === 'COPY').map((i) => i.args);
    if (existsSync(path.join(REPO_ROOT, workspace, 'prisma', 'migrations'))) {
      expect(
        copies.some((c) => c.includes(`${workspace}/prisma/migrations/ ./prisma/migrations/`)),
        'prisma/migrations next to dist/',
      ).toBe(true);
    }
    // The deps stage omits optional dependencies (the Prisma CLI); a native package's platform binary must then come from the build stage.
    for (const binary of platformBinariesOf(workspace, pkg.dependencies ?? {})) {
      const from = copies.filter((c) => c.startsWith('--from=build /app/node_modules/')).map((c) => c.split(/\s+/)[1]!);
      expect(
        from.some((source) => `/app/node_modules/${binary}`.startsWith(source)),
        `${binary} copied from the build stage`,
      ).toBe(true);
    }
    if (name === 'feed') expect(copies.some((c) => c.endsWith('demo-articles.jsonl ./demo-articles.jsonl'))).toBe(true);
    // The dashboard serves its browser assets from <package>/assets, beside dist/ (src/assets.ts), built by its build script.
    if (name === 'dashboard') {
      expect(copies).toContain('--from=build /app/services/dashboard/assets/ ./assets/');
      expect(JSON.parse(readFileSync(path.join(REPO_ROOT, workspace, 'package.json'), 'utf8')).scripts.build).toContain('build-assets');
      expect(readFileSync(path.join(REPO_ROOT, workspace, 'src', 'assets.ts'), 'utf8')).toMatch(
        /ASSETS_DIR = path\.resolve\(path\.dirname\(fileURLToPath\(import\.meta\.url\)\), '\.\.', 'assets'\)/,
      );
    }
    // The gateway serves the API reference page from <package>/assets/api-reference (src/api/api-reference.ts), built by its
    // build script; the package's folder is the nearest one with a package.json, so the image puts one beside dist/.
    if (name === 'gateway') {
      expect(copies).toContain('--from=build /app/gateway/assets/ ./assets/');
      expect(copies).toContain('--from=build /app/gateway/package.json ./package.json');
      expect(JSON.parse(readFileSync(path.join(REPO_ROOT, workspace, 'package.json'), 'utf8')).scripts.build).toContain('build-api-reference');
      expect(readFileSync(path.join(REPO_ROOT, workspace, 'src', 'api', 'api-reference.ts'), 'utf8')).toMatch(
        /API_REFERENCE_DIR = path\.join\(packageDir\(path\.dirname\(fileURLToPath\(import\.meta\.url\)\)\), 'assets', 'api-reference'\)/,
      );
    }
  });

  it('exposes the ports of src/env.ts, which are the chart’s, and checks its health', () => {
    const exposed = runtime.filter((i) => i.keyword === 'EXPOSE').flatMap((i) => i.args.split(/\s+/).map(Number));
    const declared = Object.values(ENV_PORTS[name]!);
    expect(exposed.sort()).toEqual(declared.sort());
    if (server) expect(Object.values(chartValues.components[name]!.ports).sort()).toEqual(declared.sort());
    const health = runtime.find((i) => i.keyword === 'HEALTHCHECK');
    if (!server) {
      expect(health).toBeUndefined();
      return;
    }
    const cmd = JSON.parse(/CMD (\[.*\])$/.exec(health!.args)![1]!) as string[];
    expect(cmd.slice(0, 2)).toEqual(['node', '-e']);
    expect(() => new vm.Script(cmd[2]!), 'the health check script parses').not.toThrow();
    expect(cmd[2]).toContain({ gateway: '/docs/public.json', dashboard: '/healthz' }[name] ?? '/grpc.health.v1.Health/Check');
  });
});

describe('/.dockerignore', () => {
  it('keeps installed and built files, and the deployment folders, out of the build context', () => {
    const lines = readFileSync(path.join(REPO_ROOT, '.dockerignore'), 'utf8').split('\n');
    for (const entry of ['**/node_modules', '**/dist', '.git', 'charts', 'k8s', 'test']) expect(lines).toContain(entry);
  });
});
