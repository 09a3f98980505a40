/**
 * Entry of a render thread (ai/provider-thread.ts starts it in the embedded launcher's process):
 * lowers its own thread's scheduling priority, creates the AI provider with renders on this thread,
 * and answers the provider calls it is sent, one at a time. It imports only the provider's code:
 * the thread's heap holds no queue, database client or gRPC.
 */
import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { AiProviderError, createAiProvider } from './ai/providers/index.ts';
import type { FromThread, ThreadData, ToThread } from './ai/provider-thread.ts';

const { env, nice } = workerData as ThreadData;
const port = parentPort!;

/** This thread's id as the kernel knows it (/proc/<pid>/task/<tid>), for the checks of its nice value. */
function threadId(): number | undefined {
  try {
    return Number(readlinkSync('/proc/thread-self').split('/').pop());
  } catch {
    return undefined;
  }
}

// On Linux setpriority(PRIO_PROCESS, 0) changes the calling thread only (each thread is a task with
// its own nice value), and a thread inherits its creator's: this one yields to the main thread,
// which is not touched. ai/provider-thread.ts starts this thread only on Linux.
setPriority(Math.min(19, getPriority() + nice));
const provider = await createAiProvider(env, { renderOnThisThread: true });
if (!provider) throw new Error('a render thread was started without an AI provider');
port.postMessage({ type: 'ready', name: provider.name, models: provider.models, tid: threadId() } satisfies FromThread);

port.on('message', (message: ToThread) => {
  const call = message.kind === 'text' ? provider.generateText(message.request) : provider.generateImage(message.request);
  call.then(
    (result) => {
      // The image (tens of KB) is copied to the launcher's thread: resvg's buffer is external memory, not one to transfer.
      if ('bytes' in result) port.postMessage({ type: 'done', id: message.id, image: result } satisfies FromThread);
      else port.postMessage({ type: 'done', id: message.id, text: result } satisfies FromThread);
    },
    (err: unknown) => {
      const error =
        err instanceof AiProviderError
          ? { reason: err.reason, ...(err.status === undefined ? {} : { status: err.status }), ...(err.detail === undefined ? {} : { detail: err.detail }) }
          : { message: (err as Error)?.message ?? String(err) };
      port.postMessage({ type: 'failed', id: message.id, error } satisfies FromThread);
    },
  );
});
