#!/usr/bin/env node
// Builds the package (run in clients/typescript; npm run build, and npm pack through prepack):
// src/ → dist/ as ES modules with their .d.ts, by tsc alone (tsconfig.build.json: the browser's and
// Node's common globals only, no Node types), so what is published is what was type-checked.
// tsc rewrites the sources' `./x.ts` imports to `./x.js` in the JavaScript but not in the .d.ts;
// they are rewritten here too, for type checkers that do not map one to the other.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

rmSync('dist', { recursive: true, force: true });
execFileSync(process.execPath, [createRequire(import.meta.url).resolve('typescript/bin/tsc'), '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
for (const file of readdirSync('dist', { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.d.ts'))) {
  const full = path.join('dist', file);
  writeFileSync(full, readFileSync(full, 'utf8').replace(/(from\s+['"]\.{1,2}\/[^'"]+)\.ts(['"])/g, '$1.js$2'));
}
