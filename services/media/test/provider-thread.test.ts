/**
 * The render threads of the embedded launcher (ai/provider-thread.ts; services/media/README.md#where-generation-runs):
 * the provider's calls run in threads of this process whose nice value (read by the kernel's
 * /proc/<pid>/task/<tid>/stat) is AI_WORKER_NICE above the caller's, while the caller's own thread
 * keeps its own; a thread that dies fails its call as a transient provider error (the job is
 * retried) and is replaced; a call past its deadline gives its thread up; close() ends them all.
 * Linux only, like the threads' priority.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '@cfs/common/logger';
import { RENDER_THREAD_NAME, ThreadedProvider } from '../src/ai/provider-thread.ts';
import { AiProviderError, type AiRequest } from '../src/ai/providers/index.ts';
import { sniffImageType } from '../src/ai/providers/provider.ts';
import { mediaEnvSchema } from '../src/env.ts';

const FAULTY = fileURLToPath(new URL('./fixtures/faulty-render-thread.ts', import.meta.url));
const logger = createLogger('test', { level: 'silent' });
const env = mediaEnvSchema.parse({ AI_PROVIDER: 'local' });

/** The nice value of one of this process's threads (field 19 of its stat; the command name may hold spaces). */
function niceOf(tid: number | 'thread-self'): number {
  const text = readFileSync(tid === 'thread-self' ? '/proc/thread-self/stat' : `/proc/self/task/${tid}/stat`, 'utf8');
  return Number(text.slice(text.lastIndexOf(')') + 2).split(' ')[16]);
}

const alive = (tid: number) => existsSync(`/proc/self/task/${tid}`);

const request = (title: string, extra: Partial<AiRequest> = {}): AiRequest => ({
  article: { id: `art_${title}`, title, summary: 'A summary.', categories: ['tech'] },
  profile: { siteName: 'Acme', locale: 'en-GB', keywords: ['ai'], tone: 'friendly', topics: ['technology'] },
  ...extra,
});

let provider: ThreadedProvider | undefined;
beforeEach(() => {
  delete process.env.CFS_TEST_FAULT_ONCE;
});
afterEach(async () => {
  await provider?.close();
  provider = undefined;
  delete process.env.CFS_TEST_FAULT_ONCE;
});

describe.runIf(process.platform === 'linux')('the render threads of the embedded launcher', () => {
  it('runs the calls in a named thread niced by AI_WORKER_NICE, while the calling thread keeps its priority', async () => {
    const before = niceOf('thread-self');
    provider = await ThreadedProvider.start({ env, nice: 10, size: 1, logger });
    const [tid] = provider.threadIds();
    expect(tid).toBeDefined();
    expect(readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim()).toBe(RENDER_THREAD_NAME);
    expect(niceOf(tid!)).toBe(Math.min(19, before + 10));
    expect(niceOf('thread-self')).toBe(before);

    const text = await provider.generateText(request('Robots write news'));
    expect(text.title).toContain('Robots write news');
    const image = await provider.generateImage(request('Robots write news'));
    expect(Buffer.isBuffer(image.bytes)).toBe(true);
    expect(sniffImageType(image.bytes)).toBe('image/png');
    expect(provider.name).toBe('local');
    expect(provider.models).toEqual({ text: 'local', image: 'local-resvg' });
    // Still the one thread: it was not replaced.
    expect(provider.threadIds()).toEqual([tid]);
  });

  it.each(['exit', 'throw'])('fails the call of a thread that dies (%s) as a transient provider error, and answers the next on a new thread', async (how) => {
    provider = await ThreadedProvider.start({ env, nice: 10, size: 1, logger, entry: FAULTY });
    const [first] = provider.threadIds();
    const failure = await provider.generateImage(request(how)).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(AiProviderError);
    expect((failure as AiProviderError).transient).toBe(true);
    expect(alive(first!)).toBe(false);

    const image = await provider.generateImage(request('After the crash'));
    expect(sniffImageType(image.bytes)).toBe('image/png');
    const [second] = provider.threadIds();
    expect(second).not.toBe(first);
    expect(niceOf(second!)).toBe(Math.min(19, niceOf('thread-self') + 10));
  });

  it('gives up a thread whose call is past its deadline (a render cannot be interrupted) and replaces it', async () => {
    provider = await ThreadedProvider.start({ env, nice: 10, size: 1, logger, entry: FAULTY });
    const [first] = provider.threadIds();
    const failure = await provider.generateImage(request('hang', { timeoutMs: 100 })).catch((err: unknown) => err);
    expect(failure).toMatchObject({ reason: 'timeout', transient: true });
    // The call is failed at once; its thread ends as soon as its JavaScript can be interrupted.
    await vi.waitFor(() => expect(alive(first!)).toBe(false), { timeout: 10_000 });
    expect(sniffImageType((await provider.generateImage(request('On time'))).bytes)).toBe('image/png');
  });

  it('runs at most `size` calls at a time, each thread one call', async () => {
    provider = await ThreadedProvider.start({ env, nice: 10, size: 2, logger });
    const images = await Promise.all(['One', 'Two', 'Three', 'Four'].map((title) => provider!.generateImage(request(title))));
    expect(images.every((i) => sniffImageType(i.bytes) === 'image/png')).toBe(true);
    expect(provider.threadIds().length).toBe(2);
  });

  it('ends every thread on close(), and refuses calls after it', async () => {
    provider = await ThreadedProvider.start({ env, nice: 10, size: 2, logger });
    await Promise.all([provider.generateImage(request('One')), provider.generateImage(request('Two'))]);
    const tids = provider.threadIds();
    expect(tids.length).toBe(2);
    await provider.close();
    expect(tids.filter(alive)).toEqual([]);
    expect(readdirSync('/proc/self/task').filter((tid) => readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim() === RENDER_THREAD_NAME)).toEqual([]);
    await expect(provider.generateText(request('Late'))).rejects.toMatchObject({ reason: 'aborted' });
  });

  it('fails only once with CFS_TEST_FAULT_ONCE (the fixture the end-to-end retry test uses)', async () => {
    process.env.CFS_TEST_FAULT_ONCE = path.join(mkdtempSync(path.join(tmpdir(), 'cfs-fault-')), 'failed');
    provider = await ThreadedProvider.start({ env, nice: 10, size: 1, logger, entry: FAULTY });
    await expect(provider.generateImage(request('exit'))).rejects.toBeInstanceOf(AiProviderError);
    expect(sniffImageType((await provider.generateImage(request('exit'))).bytes)).toBe('image/png');
  });
});
