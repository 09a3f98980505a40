/**
 * The billing service's composition root and package entry (`@cfs/billing`):
 * `createBillingService(env, deps)` builds everything the service needs from its env. index.ts,
 * the launcher and the tests all use it.
 */
import { createClient, type GrpcServer } from '@cfs/common/grpc';
import type { Logger } from '@cfs/common/logger';
import { serviceAdapter, type ServiceDeps } from '@cfs/common/service';
import { startWebhooksRelay } from '@cfs/common/webhooks-relay';
import { loadProtos } from '@cfs/protos';
import { accountPort } from './account-port.ts';
import { Billing } from './billing.ts';
import type { BillingEnv } from './env.ts';
import { PrismaClient } from './generated/prisma/client.ts';
import { SubscriptionLifecycle } from './lifecycle.ts';
import { PlanOutbox } from './plan-outbox.ts';
import { LocalProvider } from './providers/local.ts';
import { guarded, type PaymentProvider } from './providers/provider.ts';
import { StripeWebhooks } from './providers/stripe-events.ts';
import { StripeProvider, stripeClient } from './providers/stripe.ts';
import { BILLING_NOT_CONFIGURED, createBillingServer } from './server.ts';

export { billingEnvSchema, type BillingEnv } from './env.ts';
export type { PaymentProvider } from './providers/provider.ts';

export const BILLING_MIGRATIONS_DIR = new URL('../prisma/migrations', import.meta.url).pathname;

export interface BillingServiceDeps extends ServiceDeps {
  /** The payment provider instead of the one BILLING_PROVIDER names (tests). */
  provider?: PaymentProvider;
  now?: () => Date;
}

const DAY_MS = 24 * 3600 * 1000;

/** The provider BILLING_PROVIDER names, and the verifier of its webhooks; none when billing is off. */
function providerOf(env: BillingEnv, logger: Logger): { provider?: PaymentProvider; webhooks?: StripeWebhooks } {
  if (env.BILLING_PROVIDER === 'local') {
    logger.warn('BILLING_PROVIDER=local: paid plans are granted WITHOUT payment (BILLING_ALLOW_UNPAID=true). Never use it where customers pay.');
    return { provider: new LocalProvider() };
  }
  if (env.BILLING_PROVIDER === 'stripe') {
    const stripe = stripeClient(env.STRIPE_SECRET_KEY!, env.STRIPE_API_URL);
    return {
      provider: new StripeProvider(stripe, {
        secretKey: env.STRIPE_SECRET_KEY!,
        successUrl: env.CHECKOUT_SUCCESS_URL,
        cancelUrl: env.CHECKOUT_CANCEL_URL,
        ...(env.STRIPE_API_URL ? { apiUrl: env.STRIPE_API_URL } : {}),
      }),
      webhooks: new StripeWebhooks(stripe, env.STRIPE_WEBHOOK_SECRET!),
    };
  }
  logger.warn(`No BILLING_PROVIDER: ${BILLING_NOT_CONFIGURED} Billing routes answer 503 and grant nothing.`);
  return {};
}

/** Runs `work` every `ms` (never two at once); returns the stop function. */
function every(ms: number, work: () => Promise<unknown>, logger: Logger, what: string): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    work()
      .catch((err: unknown) => logger.warn({ err: { name: (err as Error).name, message: (err as Error).message } }, `${what} failed; next round retries`))
      .finally(() => (running = false));
  }, ms);
  timer.unref();
  return () => clearInterval(timer);
}

export async function createBillingService(env: BillingEnv, deps: BillingServiceDeps): Promise<GrpcServer> {
  const { logger } = deps;
  const prisma = new PrismaClient({ adapter: await serviceAdapter(deps) });
  const accountClient = createClient(loadProtos().cfs.account.v1.AccountAdminService, env.ACCOUNT_ADDR, env.SERVICE_TOKEN);
  const account = accountPort(accountClient, env.GRPC_DEADLINE_MS);
  const outbox = new PlanOutbox(prisma, account, logger);
  // The webhook events the lifecycle writes with its changes, handed to the webhooks service.
  const events = startWebhooksRelay({
    producer: 'billing',
    db: prisma,
    schema: deps.database.schema,
    address: env.WEBHOOKS_ADDR,
    serviceToken: env.SERVICE_TOKEN,
    deadlineMs: env.GRPC_DEADLINE_MS,
    logger,
  });
  const configured = deps.provider ? { provider: deps.provider } : providerOf(env, logger);
  const provider = configured.provider && guarded(configured.provider, logger);
  const now = deps.now ?? (() => new Date());
  const lifecycle =
    provider && new SubscriptionLifecycle(prisma, deps.database.schema, provider, outbox, logger, env.BILLING_GRACE_DAYS * DAY_MS, events.relay, now);
  const stops: Array<() => void> = [];
  if (lifecycle) {
    // Plan changes still to make, and grace periods that ended, often; the provider re-read less often.
    stops.push(every(env.BILLING_OUTBOX_INTERVAL_MS, async () => (await lifecycle.endGracePeriods(), outbox.flush()), logger, 'plan outbox'));
    if (env.BILLING_RECONCILE_INTERVAL_MS > 0) stops.push(every(env.BILLING_RECONCILE_INTERVAL_MS, () => lifecycle.reconcile(), logger, 'reconciliation'));
  }
  return createBillingServer({
    prisma,
    logger,
    callers: deps.callers,
    billing: provider && lifecycle ? new Billing(prisma, provider, account, lifecycle, outbox, logger, now) : null,
    stripeEvents: configured.webhooks && lifecycle ? { webhooks: configured.webhooks, lifecycle } : null,
  })
    .addCleanup(() => stops.forEach((stop) => stop()))
    .addCleanup(() => events.stop())
    .addCleanup(() => accountClient.close())
    .addCleanup(() => prisma.$disconnect());
}
