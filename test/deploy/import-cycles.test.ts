/**
 * No file cycle inside a package: for every workspace's hand-written source (gateway/src,
 * services/<name>/src, protos/src, clients/<name>/src), the graph of relative imports has no cycle. A cycle makes two
 * files one unit that can be read, tested and changed only together; the packages themselves have
 * none either (each imports others only through their package exports). Generated code is left out.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf, sourceFiles } from './support/imports.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SOURCE_DIRS = [
  'gateway/src',
  'protos/src',
  ...readdirSync(path.join(ROOT, 'services')).map((name) => `services/${name}/src`),
  ...readdirSync(path.join(ROOT, 'clients')).map((name) => `clients/${name}/src`),
].filter((dir) => existsSync(path.join(ROOT, dir)));

/** One cycle of the graph as a list of files, or undefined when there is none (depth-first search). */
export function findCycle(graph: Map<string, string[]>): string[] | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): string[] | undefined => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') return [...stack.slice(stack.indexOf(next)), next];
      if (!state.has(next)) {
        const cycle = visit(next);
        if (cycle) return cycle;
      }
    }
    stack.pop();
    state.set(node, 'done');
    return undefined;
  };
  for (const node of graph.keys()) {
    if (state.has(node)) continue;
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return undefined;
}

describe('file cycles', () => {
  it('finds a cycle when there is one, and none in a tree', () => {
    expect(
      findCycle(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', ['a']],
        ]),
      ),
    ).toEqual(['a', 'b', 'c', 'a']);
    expect(
      findCycle(
        new Map([
          ['a', ['b', 'c']],
          ['b', ['c']],
          ['c', []],
        ]),
      ),
    ).toBeUndefined();
  });

  it.each(SOURCE_DIRS)('%s has none', (dir) => {
    const files = sourceFiles(path.join(ROOT, dir));
    expect(files.length).toBeGreaterThan(0);
    const graph = new Map(files.map((f) => [f, importsOf(f)]));
    const cycle = findCycle(graph);
    expect(cycle?.map((f) => path.relative(ROOT, f))).toBeUndefined();
  });
});
