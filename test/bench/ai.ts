/**
 * The built-in (`local`) AI provider's throughput on this machine, in this process, as the media
 * service's generation worker calls it (services/media/src/ai/jobs.ts): text variants one after
 * another, and images one at a time (ms per image) and five at a time (the worker's batch: resvg
 * renders on the libuv thread pool, four threads unless UV_THREADPOOL_SIZE says otherwise).
 * No database, no queue: the provider alone.
 */
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { createAiProvider, mediaEnvSchema, type AiProvider, type AiRequest } from '@cfs/media';

/** The worker's batch (GenerationQueue.work's batchSize). */
export const WORKER_BATCH = 5;

export interface LocalProviderFigures {
  cores: number;
  textsPerSecond: number;
  /** One image at a time. */
  imagesPerSecond: number;
  msPerImage: number;
  /** WORKER_BATCH images at a time. */
  imagesPerSecondBatch: number;
  /** The mean size of the images rendered. */
  imageBytes: number;
}

const TONES = ['friendly', 'formal', 'playful', 'informative'];

/** The n-th request: a different title, summary and profile each time, as a backfill over many articles and Sites would be. */
function requestOf(n: number): AiRequest {
  return {
    article: {
      id: `art_${n}`,
      title: `Article ${n}: ten ways to grow tomatoes on a balcony, even in a small flat`,
      summary: `Sun, water and patience, and a few things learnt the hard way (${n}).`,
      categories: ['garden', 'cooking'],
    },
    profile: {
      siteName: `Site ${n % 50}`,
      locale: 'en',
      keywords: ['urban gardening'],
      tone: TONES[n % TONES.length]!,
      topics: ['gardening', `topic ${n % 7}`],
    },
  };
}

/** Calls `call` with `concurrency` calls in flight for `seconds`; answers the calls finished per second. */
async function throughput(seconds: number, concurrency: number, call: (n: number) => Promise<unknown>): Promise<number> {
  let n = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  const lane = async () => {
    while (performance.now() < end) await call(n++);
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return n / ((performance.now() - started) / 1000);
}

export async function measureLocalProvider(seconds: number): Promise<LocalProviderFigures> {
  const provider: AiProvider = (await createAiProvider(mediaEnvSchema.parse({ AI_PROVIDER: 'local' })))!;
  for (let i = 1; i <= 3; i++) await provider.generateImage(requestOf(-i)); // warm-up: the addon, its fonts, the JIT
  const sizes = { bytes: 0, images: 0 };
  const image = async (n: number) => {
    sizes.bytes += (await provider.generateImage(requestOf(n))).bytes.length;
    sizes.images += 1;
  };
  const textsPerSecond = await throughput(Math.max(0.5, seconds / 4), 1, (n) => provider.generateText(requestOf(n)));
  const imagesPerSecond = await throughput(seconds, 1, image);
  const imagesPerSecondBatch = await throughput(seconds, WORKER_BATCH, image);
  return {
    cores: availableParallelism(),
    textsPerSecond,
    imagesPerSecond,
    msPerImage: 1000 / imagesPerSecond,
    imagesPerSecondBatch,
    imageBytes: sizes.bytes / sizes.images,
  };
}
