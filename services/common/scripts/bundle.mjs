#!/usr/bin/env node
// Bundles one deployable (run in its folder): src/index.ts → dist/, with the workspace libraries
// (@cfs/*, TypeScript source) inlined and every npm package left external. Code splitting keeps
// `await import()` lazy, so an entrypoint can start telemetry before its wiring loads.
// --keep-module-urls (the launcher, which runs in this checkout): code inlined from another
// package keeps its own import.meta.url, so the paths it derives from it (its migrations, its
// data files) still point into that package.
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const keepModuleUrls = process.argv.includes('--keep-module-urls');
// Entry points besides src/index.ts (media's generation worker process and render thread): the other .ts arguments.
const entryPoints = ['src/index.ts', ...process.argv.slice(2).filter((a) => a.endsWith('.ts'))];
const here = process.cwd() + path.sep;

rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints,
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node24',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    ...(keepModuleUrls
      ? [
          {
            name: 'keep-module-urls',
            setup(b) {
              b.onLoad({ filter: /\.ts$/ }, (args) => {
                if (args.path.startsWith(here) || args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
                const source = readFileSync(args.path, 'utf8');
                if (!source.includes('import.meta.url')) return undefined;
                return { contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: 'ts' };
              });
            },
          },
        ]
      : []),
    {
      name: 'externalize-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@cfs/') ? undefined : { path: args.path, external: true }));
      },
    },
  ],
});
