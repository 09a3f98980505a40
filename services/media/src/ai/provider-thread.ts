/**
 * The embedded launcher's way to run generation's provider work (services/media/README.md#where-generation-runs):
 * an AiProvider whose calls run in worker threads (src/generation-thread.ts), each of which lowers
 * its own scheduling priority by AI_WORKER_NICE and renders synchronously on itself. Renders and
 * provider calls thus never run on the event loop that answers requests, nor on libuv's pool,
 * which the whole process shares at the request handlers' priority. What stays on the caller's
 * loop is the jobs' I/O: the queue, the database, the budget ledger, the object store.
 *
 * At most `size` threads (AI_WORKER_CONCURRENCY), one call each at a time; further calls wait.
 * A thread that dies (a crash, an uncaught error, out of memory) fails its call as a transient
 * provider error, so the job's attempt fails and pg-boss retries it, and the next call starts a
 * new thread. A call past its deadline (or aborted, at shutdown) cannot interrupt a synchronous
 * render: its thread is terminated and replaced. Linux only: elsewhere a thread's priority is the
 * process's, so media-service.ts runs generation in its niced child process instead.
 */
import { fileURLToPath } from 'node:url';
import { SHARE_ENV, Worker } from 'node:worker_threads';
import type { Logger } from '@cfs/common/logger';
import {
  AiProviderError,
  callDeadline,
  type AiFailureReason,
  type AiProvider,
  type AiRequest,
  type GeneratedImage,
  type GeneratedText,
} from './providers/provider.ts';
import type { AiEnv } from './providers/index.ts';

/** What a thread is started with. */
export interface ThreadData {
  env: AiEnv;
  /** Added to the thread's inherited nice value (AI_WORKER_NICE). */
  nice: number;
}

type ThreadRequest = Pick<AiRequest, 'article' | 'profile' | 'timeoutMs'>;
export type ToThread = { id: number; kind: 'text' | 'image'; request: ThreadRequest };
export type FromThread =
  | { type: 'ready'; name: AiProvider['name']; models: AiProvider['models']; tid: number | undefined }
  | { type: 'done'; id: number; text: GeneratedText }
  | { type: 'done'; id: number; image: GeneratedImage }
  | { type: 'failed'; id: number; error: { reason: AiFailureReason; status?: number; detail?: string } | { message: string } };

/** The render threads' name, as the kernel shows it (at most 15 characters). */
export const RENDER_THREAD_NAME = 'cfs-render';

/**
 * Past a call's deadline the thread's provider answers itself (the OpenAI client's own timeout, a
 * render not begun); this much later the thread is given up (a render that still runs).
 */
const DEADLINE_GRACE_MS = 1000;
/** A thread's young generation, MB: a call allocates little (the SVG, the answer). */
const THREAD_YOUNG_MB = 4;
/** A thread's old generation, MB: room for an OpenAI image answer (base64, up to MEDIA_MAX_OBJECT_BYTES) and its decoded bytes. */
const THREAD_OLD_MB = 96;

interface Call {
  id: number;
  kind: ToThread['kind'];
  request: ThreadRequest;
  resolve: (value: GeneratedText | GeneratedImage) => void;
  reject: (error: Error) => void;
  deadline: ReturnType<typeof callDeadline>;
  onAbort: () => void;
}

class RenderThread {
  readonly worker: Worker;
  readonly ready: Promise<Extract<FromThread, { type: 'ready' }>>;
  tid: number | undefined;
  call: Call | undefined;
  exited = false;
  /** Terminated on purpose (a deadline, close()): its exit is not a failure. */
  retired = false;

  constructor(entry: { file: string; execArgv: string[] }, data: ThreadData) {
    this.worker = new Worker(entry.file, {
      // The thread's name in /proc/<pid>/task/<tid>/comm.
      name: RENDER_THREAD_NAME,
      workerData: data,
      execArgv: entry.execArgv,
      resourceLimits: { maxYoungGenerationSizeMb: THREAD_YOUNG_MB, maxOldGenerationSizeMb: THREAD_OLD_MB },
      // The process's environment itself rather than a copy of it per thread.
      env: SHARE_ENV,
    });
    this.ready = new Promise((resolve, reject) => {
      const onMessage = (message: FromThread) => {
        if (message.type !== 'ready') return;
        this.tid = message.tid;
        this.worker.off('message', onMessage);
        resolve(message);
      };
      this.worker.on('message', onMessage);
      this.worker.once('exit', (code) => reject(new Error(`the render thread exited (${code}) before it was ready`)));
    });
    this.ready.catch(() => undefined);
  }
}

/**
 * The thread's entry: the file the caller names (the embedded launcher's bundle names the built
 * one; a test, its own through tsx); else from the sources (tests, tsx) the TypeScript file through
 * tsx, or from media's own bundle the file beside this chunk.
 */
function threadEntry(named: string | undefined): { file: string; execArgv: string[] } {
  if (named) return { file: named, execArgv: named.endsWith('.ts') ? ['--import', 'tsx'] : [] };
  const here = import.meta.url;
  return here.endsWith('.ts')
    ? { file: fileURLToPath(new URL('../generation-thread.ts', here)), execArgv: ['--import', 'tsx'] }
    : { file: fileURLToPath(new URL('./generation-thread.js', here)), execArgv: [] };
}

export class ThreadedProvider implements AiProvider {
  private readonly threads = new Set<RenderThread>();
  private readonly waiting: Call[] = [];
  private nextId = 1;
  private closed = false;

  private constructor(
    private readonly options: { env: AiEnv; nice: number; size: number; logger: Logger; entry: { file: string; execArgv: string[] } },
    readonly name: AiProvider['name'],
    readonly models: AiProvider['models'],
  ) {}

  /** Starts one thread and waits until its provider is created (a provider that cannot load fails here, as in one process). */
  static async start(options: { env: AiEnv; nice: number; size: number; logger: Logger; entry?: string }): Promise<ThreadedProvider> {
    if (process.platform !== 'linux') throw new Error('render threads are niced per thread on Linux only');
    const entry = threadEntry(options.entry);
    const data: ThreadData = { env: options.env, nice: options.nice };
    const first = new RenderThread(entry, data);
    let ready;
    try {
      ready = await first.ready;
    } catch (err) {
      await first.worker.terminate();
      throw err;
    }
    const provider = new ThreadedProvider({ ...options, size: Math.max(1, options.size), entry }, ready.name, ready.models);
    provider.adopt(first);
    options.logger.info({ tid: ready.tid, nice: options.nice, threads: options.size }, 'render thread started');
    return provider;
  }

  generateText(request: AiRequest): Promise<GeneratedText> {
    return this.run('text', request) as Promise<GeneratedText>;
  }

  generateImage(request: AiRequest): Promise<GeneratedImage> {
    return this.run('image', request) as Promise<GeneratedImage>;
  }

  /** The kernel's ids of the running threads (for the checks of their nice value). */
  threadIds(): number[] {
    return [...this.threads].flatMap((t) => (t.exited || t.tid === undefined ? [] : [t.tid]));
  }

  /** Fails the calls that wait and terminates the threads (the queue stopped first: no job is in flight). */
  async close(): Promise<void> {
    this.closed = true;
    for (const call of this.waiting.splice(0)) this.settle(call, new AiProviderError('aborted'));
    await Promise.all([...this.threads].map((t) => this.retire(t, new AiProviderError('aborted'))));
  }

  private run(kind: ToThread['kind'], request: AiRequest): Promise<GeneratedText | GeneratedImage> {
    if (this.closed) return Promise.reject(new AiProviderError('aborted'));
    const timeoutMs = request.timeoutMs ?? this.options.env.AI_TIMEOUT_MS;
    return new Promise((resolve, reject) => {
      const call: Call = {
        id: this.nextId++,
        kind,
        request: { article: request.article, profile: request.profile, timeoutMs },
        resolve,
        reject,
        deadline: callDeadline(request.signal, timeoutMs + DEADLINE_GRACE_MS),
        onAbort: () => this.expire(call),
      };
      call.deadline.signal.addEventListener('abort', call.onAbort, { once: true });
      this.waiting.push(call);
      this.dispatch();
    });
  }

  /** Hands waiting calls to idle threads, starting threads up to `size`. */
  private dispatch(): void {
    while (this.waiting.length > 0 && !this.closed) {
      let idle = [...this.threads].find((t) => !t.call && !t.exited);
      if (!idle) {
        if (this.threads.size >= this.options.size) return;
        idle = this.adopt(new RenderThread(this.options.entry, { env: this.options.env, nice: this.options.nice }));
      }
      const call = this.waiting.shift()!;
      idle.call = call;
      const thread = idle;
      // A thread still starting takes the call once ready (messages wait in its port until then).
      thread.worker.postMessage({ id: call.id, kind: call.kind, request: call.request } satisfies ToThread);
    }
  }

  private adopt(thread: RenderThread): RenderThread {
    this.threads.add(thread);
    thread.worker.on('message', (message: FromThread) => {
      if (message.type === 'ready') return;
      const call = thread.call;
      if (!call || call.id !== message.id) return;
      thread.call = undefined;
      if (message.type === 'failed') {
        const e = message.error;
        this.settle(call, 'reason' in e ? new AiProviderError(e.reason, e) : new Error(e.message));
      } else if ('image' in message) {
        // Structured cloning hands a Buffer over as a plain Uint8Array.
        const { bytes, contentType } = message.image;
        this.settle(call, undefined, { bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), contentType });
      } else this.settle(call, undefined, message.text);
      this.dispatch();
    });
    thread.worker.on('error', (err) => this.options.logger.error({ err: { name: err.name, message: err.message }, tid: thread.tid }, 'render thread failed'));
    thread.worker.once('exit', (code) => {
      thread.exited = true;
      this.threads.delete(thread);
      const call = thread.call;
      thread.call = undefined;
      if (this.closed || thread.retired) return;
      this.options.logger.error({ code, tid: thread.tid, inCall: call !== undefined }, 'render thread exited; the next call starts another');
      // Transient: the job's attempt fails and is retried on another thread.
      if (call) this.settle(call, new AiProviderError('provider_error', { detail: `the render thread exited (${code})` }));
      this.dispatch();
    });
    return thread;
  }

  /** A call past its deadline, or aborted: waiting, it is dropped; running, its thread is given up. */
  private expire(call: Call): void {
    const error = new AiProviderError(call.deadline.timedOut() ? 'timeout' : 'aborted');
    const at = this.waiting.indexOf(call);
    if (at >= 0) {
      this.waiting.splice(at, 1);
      this.settle(call, error);
      return;
    }
    const thread = [...this.threads].find((t) => t.call === call);
    if (thread) void this.retire(thread, error);
  }

  private async retire(thread: RenderThread, error: Error): Promise<void> {
    const call = thread.call;
    thread.call = undefined;
    thread.exited = true;
    thread.retired = true;
    this.threads.delete(thread);
    if (call) this.settle(call, error);
    await thread.worker.terminate();
    this.dispatch();
  }

  private settle(call: Call, error: Error | undefined, value?: GeneratedText | GeneratedImage): void {
    call.deadline.signal.removeEventListener('abort', call.onAbort);
    if (error) call.reject(error);
    else call.resolve(value!);
  }
}
