import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LAUNCHER_NODE_FLAGS } from '../src/node-runtime.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('how npm start runs node', () => {
  it('runs the launcher with LAUNCHER_NODE_FLAGS (the bench launches the embedded mode the same way)', () => {
    const start = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
    expect(start).toMatch(new RegExp(`&& exec node ${LAUNCHER_NODE_FLAGS.join(' ')} services/launcher/dist/index\\.js$`));
  });
});
