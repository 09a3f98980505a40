/**
 * @cfs/client as it ships: `npm pack` of clients/typescript (its prepack builds dist/), installed
 * with `npm install <tarball>` into an empty project outside the repository (its one dependency,
 * openapi-fetch, from the npm cache or the registry), where a small program and the README's
 * example type-check with tsc (strict, the package's own .d.ts checked too, no Node types) and the
 * module loads in Node.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const CLIENT = path.join(ROOT, 'clients/typescript');
const TSC = path.join(ROOT, 'node_modules/typescript/bin/tsc');

/** npm as a user runs it: none of the npm_* settings of an `npm test` that may be running this. */
const env = { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k))), npm_config_update_notifier: 'false' };

const PROGRAM = `import { createClient, wasRevalidated, DEFAULT_RETRY, type ApiError, type ErrorCode } from '@cfs/client';

const client = createClient({ baseUrl: 'https://feed.example.com', token: 'cfs_example', retry: { maxAttempts: DEFAULT_RETRY.maxAttempts } });

export async function newest(): Promise<string[]> {
  const { data, error, response } = await client.GET('/api/v1/feed', { params: { query: { limit: 5 } } });
  if (error) {
    const code: ErrorCode = error.error.code;
    const envelope: ApiError = error;
    throw new Error(code + ': ' + envelope.error.message);
  }
  if (wasRevalidated(response)) console.log('unchanged');
  return data.data.map((article) => article.title);
}

export async function subscribe(): Promise<void> {
  await client.PUT('/api/v1/subscriptions', { body: { categories: ['technology'] } });
  await client.POST('/api/v1/billing/checkout', { body: { plan: 'pro' } });
  // @ts-expect-error not a path of the API
  await client.GET('/api/v1/nothing-here');
  // @ts-expect-error limit is a number
  await client.GET('/api/v1/feed', { params: { query: { limit: 'five' } } });
}
`;

describe('@cfs/client packed', () => {
  it('installs from its tarball in an empty project, type-checks a program there, and loads', async () => {
    const work = mkdtempSync(path.join(tmpdir(), 'cfs-client-pack-'));
    const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', work], { cwd: CLIENT, env });
    const [packed] = JSON.parse(stdout.slice(stdout.indexOf('['))) as Array<{ filename: string; files: Array<{ path: string }> }>;
    const files = packed!.files.map((f) => f.path);
    expect(files).toEqual(expect.arrayContaining(['package.json', 'README.md', 'dist/index.js', 'dist/index.d.ts', 'dist/generated/api.d.ts']));
    expect(files.filter((f) => !f.startsWith('dist/') && !['package.json', 'README.md'].includes(f))).toEqual([]);

    const project = path.join(work, 'project');
    await run('mkdir', [project]);
    writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'empty', private: true, type: 'module' }));
    await run('npm', ['install', path.join(work, packed!.filename), '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: project, env });

    writeFileSync(path.join(project, 'main.ts'), PROGRAM);
    const readmeExample = /```ts\n([\s\S]*?)```/.exec(readFileSync(path.join(CLIENT, 'README.md'), 'utf8'))?.[1];
    expect(readmeExample).toBeDefined();
    writeFileSync(path.join(project, 'readme.ts'), `declare const process: { env: Record<string, string | undefined> };\n${readmeExample}\nexport {};\n`);
    const compilerOptions = {
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      lib: ['ES2023', 'DOM'],
      types: [],
      strict: true,
      noEmit: true,
    };
    writeFileSync(path.join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['main.ts', 'readme.ts'] }));
    const checked = await run(process.execPath, [TSC, '-p', 'tsconfig.json'], { cwd: project }).then(
      () => '',
      (e: { stdout: string }) => e.stdout,
    );
    expect(checked).toBe('');

    const loaded = await run(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "const c = await import('@cfs/client'); console.log(Object.keys(c).sort().join(','), typeof c.createClient({ baseUrl: 'http://x', token: 't' }).GET)",
      ],
      { cwd: project },
    );
    expect(loaded.stdout.trim()).toBe('DEFAULT_ETAG_CACHE,DEFAULT_RETRY,SyncFeedError,createClient,syncFeed,wasRevalidated function');
  }, 90_000);
});
