#!/usr/bin/env node
// Builds the dashboard's browser assets (run in services/dashboard): src/client/app.ts and app.css,
// minified, into assets/ with content-hashed names, and assets/manifest.json naming them.
import { build } from 'esbuild';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

rmSync('assets', { recursive: true, force: true });
const result = await build({
  entryPoints: { app: 'src/client/app.ts', styles: 'src/client/app.css' },
  outdir: 'assets',
  entryNames: '[name].[hash]',
  bundle: true,
  minify: true,
  format: 'esm',
  target: ['es2022', 'chrome120', 'firefox120', 'safari16'],
  metafile: true,
  logLevel: 'warning',
});
const outputs = Object.keys(result.metafile.outputs).map((o) => path.basename(o));
const manifest = { js: outputs.find((o) => o.endsWith('.js')), css: outputs.find((o) => o.endsWith('.css')) };
if (!manifest.js || !manifest.css) throw new Error(`unexpected outputs: ${outputs.join(', ')}`);
writeFileSync('assets/manifest.json', JSON.stringify(manifest, null, 2) + '\n');
