/**
 * The webhooks service's composition root and package entry (`@cfs/webhooks`):
 * `createWebhooksService(env, deps)` builds the endpoints' store, the delivery engine and the gRPC
 * server. index.ts, the launcher and the tests all use it.
 */
import { createGuardedDispatcher } from '@cfs/common/address-guard';
import type { GrpcServer } from '@cfs/common/grpc';
import { serviceAdapter, type ServiceDeps } from '@cfs/common/service';
import { DeliveryEngine } from './deliveries.ts';
import { Endpoints } from './endpoints.ts';
import { EventIntake } from './event-intake.ts';
import type { WebhooksEnv } from './env.ts';
import { PrismaClient } from './generated/prisma/client.ts';
import { createWebhooksServer } from './server.ts';
import { observeWebhookGauges } from './webhook-metrics.ts';

export { webhooksEnvSchema, type WebhooksEnv } from './env.ts';
export { Endpoints, type WebhookEvent } from './endpoints.ts';
export { EventIntake, type ProducedEvent } from './event-intake.ts';

export const WEBHOOKS_MIGRATIONS_DIR = new URL('../prisma/migrations', import.meta.url).pathname;

export interface WebhooksServiceDeps extends ServiceDeps {
  now?: () => Date;
}

export async function createWebhooksService(env: WebhooksEnv, deps: WebhooksServiceDeps): Promise<GrpcServer> {
  const { logger } = deps;
  const prisma = new PrismaClient({ adapter: await serviceAdapter(deps) });
  const policy = { allowPrivateNetworks: env.WEBHOOKS_ALLOW_PRIVATE_NETWORKS, allowHttp: env.WEBHOOKS_ALLOW_HTTP };
  // The one address guard of the system (also the Sources' fetcher's): resolved, checked, then connected by number.
  const dispatcher = createGuardedDispatcher({
    allowPrivateNetworks: policy.allowPrivateNetworks,
    connectTimeoutMs: Math.min(10_000, env.WEBHOOK_TIMEOUT_MS),
    agent: { connections: 4, keepAliveTimeout: 10_000 },
  });
  const engine = await DeliveryEngine.start({
    prisma,
    connectionString: deps.database.connectionString,
    schema: `${deps.database.schema}_jobs`,
    dispatcher,
    logger,
    work: env.WEBHOOKS_WORKER,
    retrySchedule: env.WEBHOOK_RETRY_SCHEDULE,
    timeoutMs: env.WEBHOOK_TIMEOUT_MS,
    disableAfterMs: env.WEBHOOK_DISABLE_AFTER_HOURS * 3600_000,
    maxPayloadBytes: env.WEBHOOK_MAX_PAYLOAD_BYTES,
    maxInFlight: env.WEBHOOK_MAX_IN_FLIGHT,
    sweepMs: env.WEBHOOK_SWEEP_MS,
    ...(deps.now ? { now: deps.now } : {}),
  });
  const endpoints = new Endpoints(prisma, engine, policy, deps.now);
  const intake = new EventIntake(prisma, engine, deps.database.schema, deps.now);
  const stopGauges = observeWebhookGauges(prisma, logger, deps.now);
  const pruneEvents = () => intake.prune().catch((err: unknown) => logger.warn({ err: { message: (err as Error).message } }, 'pruning received events failed'));
  void pruneEvents();
  const pruner = setInterval(() => void pruneEvents(), 3600_000).unref();
  return createWebhooksServer({ prisma, endpoints, intake, logger, callers: deps.callers })
    .addCleanup(() => clearInterval(pruner))
    .addCleanup(() => stopGauges())
    .addCleanup(() => engine.stop())
    .addCleanup(() => dispatcher.close())
    .addCleanup(() => prisma.$disconnect());
}
