/**
 * The billing service's composition root and package entry (`@cfs/billing`):
 * `createBillingService(env, deps)` builds everything the service needs from its env. index.ts,
 * the launcher and the tests all use it.
 */
import { createClient, type GrpcServer } from '@cfs/common/grpc';
import { serviceAdapter, type ServiceDeps } from '@cfs/common/service';
import { loadProtos } from '@cfs/protos';
import { accountPort } from './account-port.ts';
import { parsePrices, type BillingEnv } from './env.ts';
import { PrismaClient } from './generated/prisma/client.ts';
import { LocalProvider } from './providers/local.ts';
import { guarded, type PaymentProvider } from './providers/provider.ts';
import { StripeProvider } from './providers/stripe.ts';
import { createBillingServer } from './server.ts';

export { billingEnvSchema, type BillingEnv } from './env.ts';
export type { PaymentProvider } from './providers/provider.ts';

export const BILLING_MIGRATIONS_DIR = new URL('../prisma/migrations', import.meta.url).pathname;

export interface BillingServiceDeps extends ServiceDeps {
  /** The payment provider (default: the one PAYMENT_PROVIDER names). */
  provider?: PaymentProvider;
}

function providerOf(env: BillingEnv): PaymentProvider {
  if (env.PAYMENT_PROVIDER !== 'stripe') return new LocalProvider();
  return new StripeProvider({
    secretKey: env.STRIPE_SECRET_KEY!,
    prices: parsePrices(env.STRIPE_PRICES),
    successUrl: env.CHECKOUT_SUCCESS_URL,
    cancelUrl: env.CHECKOUT_CANCEL_URL,
    ...(env.STRIPE_API_URL ? { apiUrl: env.STRIPE_API_URL } : {}),
  });
}

export async function createBillingService(env: BillingEnv, deps: BillingServiceDeps): Promise<GrpcServer> {
  const prisma = new PrismaClient({ adapter: await serviceAdapter(deps) });
  const accountClient = createClient(loadProtos().cfs.account.v1.AccountAdminService, env.ACCOUNT_ADDR, env.SERVICE_TOKEN);
  return createBillingServer({
    prisma,
    logger: deps.logger,
    callers: deps.callers,
    provider: guarded(deps.provider ?? providerOf(env), deps.logger),
    account: accountPort(accountClient, env.GRPC_DEADLINE_MS),
  })
    .addCleanup(() => accountClient.close())
    .addCleanup(() => prisma.$disconnect());
}
