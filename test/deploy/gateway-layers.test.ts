/**
 * The gateway's folders are layers, and an import only runs down: a file of gateway/src imports
 * files of its own layer or of a layer below it, never of one above. The order, top to bottom:
 * the composition root, the route table and what describes it (api/), the request path and its
 * steps (pipeline/), the replica's caches (caches/), the public answers' shapes (schemas/), then
 * the ground: shared state, service clients, proxies, the environment and the cursor's codecs.
 * A new file or folder of gateway/src must be given its place here (docs/development.md#layout).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf, sourceFiles } from './support/imports.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SRC = path.join(ROOT, 'gateway/src');

/** Top to bottom: each a list of files (`gateway.ts`) and folders (`api/`) of gateway/src. */
const LAYERS: string[][] = [
  ['index.ts', 'gateway.ts'],
  ['api/'],
  ['pipeline/'],
  ['caches/'],
  ['schemas/'],
  ['stores/', 'clients/', 'proxies/', 'env.ts', 'http-server.ts', 'tokens/'],
];

/** The layer (its index, 0 at the top) of a path relative to gateway/src, or undefined when none is declared. */
export function layerOf(file: string, layers: string[][]): number | undefined {
  const index = layers.findIndex((layer) => layer.some((place) => (place.endsWith('/') ? file.startsWith(place) : file === place)));
  return index === -1 ? undefined : index;
}

/** Every import that runs up (`from -> to`), and every file without a layer (`from: no layer`). */
export function upwardImports(graph: Map<string, string[]>, layers: string[][]): string[] {
  const found: string[] = [];
  for (const [from, targets] of graph) {
    const own = layerOf(from, layers);
    if (own === undefined) {
      found.push(`${from}: no layer`);
      continue;
    }
    for (const to of targets) {
      const theirs = layerOf(to, layers);
      if (theirs !== undefined && theirs < own) found.push(`${from} -> ${to}`);
    }
  }
  return found;
}

describe('the layers of gateway/src', () => {
  it('finds an import that runs up, and a file without a layer', () => {
    const layers = [['gateway.ts'], ['api/'], ['pipeline/']];
    const graph = new Map([
      ['gateway.ts', ['api/routes/feed.ts', 'pipeline/pipeline.ts']],
      ['api/routes/feed.ts', ['pipeline/route.ts', 'api/present.ts']],
      ['pipeline/steps/handle.ts', ['pipeline/admission.ts', 'api/present.ts']],
      ['stray.ts', []],
    ]);
    expect(upwardImports(graph, layers)).toEqual(['pipeline/steps/handle.ts -> api/present.ts', 'stray.ts: no layer']);
  });

  it('has no import from a layer above, and every file in a layer', () => {
    const files = sourceFiles(SRC);
    expect(files.length).toBeGreaterThan(20);
    const relative = (file: string) => path.relative(SRC, file).split(path.sep).join('/');
    const graph = new Map(
      files.map((file) => [
        relative(file),
        importsOf(file)
          .filter((f) => f.startsWith(SRC + path.sep))
          .map(relative),
      ]),
    );
    expect(upwardImports(graph, LAYERS)).toEqual([]);
  });
});
