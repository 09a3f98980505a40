#!/usr/bin/env node
// Bundles one deployable (run in its folder): src/index.ts → dist/, with the workspace libraries
// (@cfs/*, TypeScript source) inlined and every npm package left external. Code splitting keeps
// `await import()` lazy, so an entrypoint can start telemetry before its wiring loads.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';

rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: ['src/index.ts'],
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'externalize-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@cfs/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
