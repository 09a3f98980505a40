/**
 * How the structure tests read a package's source: its hand-written files (generated code and
 * node_modules left out) and the files each imports by a relative path. Used by import-cycles.test.ts
 * and gateway-layers.test.ts.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** A folder's source files, its subfolders included. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === 'generated' || name === 'node_modules' ? [] : sourceFiles(file);
    return /\.(ts|tsx|mts|mjs|js)$/.test(name) && !name.endsWith('.d.ts') ? [file] : [];
  });
}

/** The files a file imports by a relative path (static imports and exports, `import()`), resolved. */
export function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g)].map(
    (m) => m[1] ?? m[2]!,
  );
  return specifiers.map((s) => resolve(path.dirname(file), s)).filter((f): f is string => f !== undefined);
}

function resolve(from: string, specifier: string): string | undefined {
  const base = path.resolve(from, specifier);
  const candidates = [base, base.replace(/\.js$/, '.ts'), `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile());
}
