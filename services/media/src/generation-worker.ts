/**
 * Entry of the generation child process of MEDIA_ROLE=all (ai/generation-process.ts starts it
 * under `nice`): opens the database, the object store and the queue from the config its parent
 * sends, and runs the generation consumers (ai/generation-work.ts). Its announcements, metrics and
 * webhook wake-ups go to the parent over the IPC channel. It stops when asked, and when the channel
 * closes: a parent that was killed leaves no worker behind.
 */
import { getPriority, setPriority } from 'node:os';
import { createLogger } from '@cfs/common/logger';
import { serviceAdapter } from '@cfs/common/service';
import { AiBudgetLedger } from './ai/budget-ledger.ts';
import type { FromChild, GenerationChildConfig, ToChild } from './ai/generation-process.ts';
import { openGenerationQueue, workGeneration } from './ai/generation-work.ts';
import { grpcPlannerSources } from './ai/grpc-sources.ts';
import { AiImages } from './ai/images-status.ts';
import { forwardAiMeasurements } from './ai/metrics.ts';
import { createAiProvider } from './ai/providers/index.ts';
import { addressesOf, DEPLOYABLES } from '@cfs/common/deployables';
import { PrismaClient } from './generated/prisma/client.ts';
import { openObjectStore } from './object-store.ts';

const send = (message: FromChild) => {
  // The channel closes when the parent goes: what is left to say is lost with it.
  if (process.connected) process.send?.(message, undefined, undefined, () => undefined);
};

let stop: (() => Promise<void>) | undefined;
let images: AiImages | undefined;
let begun = false;
let stopping = false;
async function exit(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    await stop?.().catch(() => undefined);
  }
  process.exit(code);
}

async function start(config: GenerationChildConfig): Promise<void> {
  const { env, database } = config;
  const logger = createLogger('media', { level: config.logLevel });
  // Born under `nice` (threads inherit it); where that did not happen, at least this thread yields.
  if (getPriority() < env.AI_WORKER_NICE) setPriority(env.AI_WORKER_NICE);
  forwardAiMeasurements((measurement) => send({ type: 'measure', measurement }));
  const prisma = new PrismaClient({ adapter: await serviceAdapter({ logger, database, poolSize: config.poolSize }) });
  const provider = await createAiProvider(env);
  if (!provider) throw new Error('the generation worker was started without an AI provider');
  const sources = grpcPlannerSources({
    addresses: addressesOf(env, DEPLOYABLES.media.calls),
    serviceToken: env.SERVICE_TOKEN,
    deadlineMs: env.GRPC_DEADLINE_MS,
  });
  const queue = await openGenerationQueue(env, database, logger);
  stop = async () => {
    await queue.stop();
    sources.close();
    await prisma.$disconnect();
  };
  await workGeneration(queue, env, {
    prisma,
    store: openObjectStore(config.store),
    ledger: new AiBudgetLedger(prisma, {
      schema: database.schema,
      costs: { text: env.AI_UNITS_TEXT, image: env.AI_UNITS_IMAGE },
      eventsWritten: () => send({ type: 'eventsWritten' }),
    }),
    provider,
    images: (images = new AiImages(prisma, { providerConfigured: true, logger })),
    sources,
    facts: sources,
    logger,
    announce: async (channel, siteId) => send({ type: 'publish', channel, siteId }),
  });
  send({ type: 'started' });
}

process.on('disconnect', () => void exit(0));
process.on('message', (message: ToChild) => {
  if (message.type === 'stop') void exit(0);
  else if (message.type === 'imagesSettingChanged') images?.forget();
  else if (message.type === 'start' && !begun) {
    begun = true;
    start(message.config).catch((err: unknown) => {
      process.stderr.write(`generation worker could not start: ${(err as Error).message}\n`);
      void exit(1);
    });
  }
});
// Stopped by the parent (or with it, as its process group): finish what runs, then go.
process.once('SIGTERM', () => void exit(0));
process.once('SIGINT', () => void exit(0));
