/**
 * Renders the kustomize packaging from the Helm chart (test/deploy/support/kustomize-from-chart.ts says
 * what and how): `npm run k8s:render` writes the files, `--check` lists the stale ones and fails.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderKustomizeFiles, staleKustomizeFiles } from './support/kustomize-from-chart.ts';
import { REPO_ROOT } from './support/tools.ts';

const files = renderKustomizeFiles();
if (process.argv.includes('--check')) {
  const stale = staleKustomizeFiles(files);
  if (stale.length) {
    process.stderr.write(`stale (run \`npm run k8s:render\`):\n  ${stale.join('\n  ')}\n`);
    process.exit(1);
  }
  process.stdout.write(`${files.size} kustomize files up to date\n`);
} else {
  for (const [file, content] of files) {
    mkdirSync(path.dirname(path.join(REPO_ROOT, file)), { recursive: true });
    writeFileSync(path.join(REPO_ROOT, file), content);
    process.stdout.write(`wrote ${file}\n`);
  }
}
