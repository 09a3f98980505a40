/**
 * The WordPress connector's PHP, run from `npm test`: `php -l` on every PHP file of
 * connectors/wordpress, Debian's phpcs with connectors/wordpress/phpcs.xml.dist, then its PHPUnit
 * suite (connectors/wordpress/phpunit.xml.dist, the sync logic against in-memory fakes, no
 * WordPress). Debian's php-cli, php-codesniffer and phpunit are needed; .ci/run installs them
 * (ensure_php). A failure shows the tools' own output.
 */
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const CONNECTOR = path.join(ROOT, 'connectors/wordpress');

const phpFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? (e.name === 'dist' ? [] : phpFiles(path.join(dir, e.name))) : e.name.endsWith('.php') ? [path.join(dir, e.name)] : [],
  );

/** Runs a tool; resolves with its exit code and its whole output (never rejects on a non-zero exit). */
async function tool(command: string, args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(command, args, { cwd: CONNECTOR, maxBuffer: 16 * 1024 * 1024 });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const e = error as { code?: number | string; stdout?: string; stderr?: string; message: string };
    const missing = e.code === 'ENOENT' ? `${command} is not installed: .ci/run installs Debian's php-cli, php-codesniffer and phpunit\n` : '';
    return { code: typeof e.code === 'number' ? e.code : 127, output: missing + (e.stdout ?? '') + (e.stderr ?? '') + (missing ? '' : e.message) };
  }
}

describe('WordPress connector (PHP)', () => {
  it('every PHP file passes php -l', async () => {
    const files = phpFiles(CONNECTOR);
    expect(files.length).toBeGreaterThan(10);
    const failures: string[] = [];
    for (const file of files) {
      const { code, output } = await tool('php', ['-l', file]);
      if (code !== 0) failures.push(`${path.relative(ROOT, file)}:\n${output}`);
    }
    expect(failures.join('\n'), failures.join('\n')).toBe('');
  });

  it('every PHP file follows the WordPress conventions phpcs can check without WPCS', async () => {
    // connectors/wordpress/phpcs.xml.dist: tabs, array(), spaces inside parentheses, no debugging output.
    const { code, output } = await tool('phpcs', ['-q', '--report=emacs']);
    expect(code, output).toBe(0);
  });

  it('the PHPUnit suite passes', async () => {
    const { code, output } = await tool('phpunit', ['-c', 'phpunit.xml.dist']);
    expect(code, output).toBe(0);
    expect(output).toMatch(/OK \(\d+ tests?/);
  });
});
