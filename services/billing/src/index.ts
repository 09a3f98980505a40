// Entrypoint: telemetry first (before any instrumented module loads), then wiring and listen.
import { startTelemetry } from '@cfs/common/telemetry';

const telemetry = await startTelemetry('billing');
const [{ runGrpcService }, { createPgAdapter }, { createClient }, { loadProtos }, env, server, providers, local, stripe, { PrismaClient }] = await Promise.all([
  import('@cfs/common/service'),
  import('@cfs/common/database'),
  import('@cfs/common/grpc'),
  import('@cfs/protos'),
  import('./env.ts'),
  import('./server.ts'),
  import('./providers/provider.ts'),
  import('./providers/local.ts'),
  import('./providers/stripe.ts'),
  import('./generated/prisma/client.ts'),
]);

await runGrpcService({
  name: 'billing',
  telemetry,
  envSchema: env.billingEnvSchema,
  address: (e) => `${e.BILLING_GRPC_HOST}:${e.BILLING_GRPC_PORT}`,
  migrationsDir: new URL('../prisma/migrations', import.meta.url).pathname,
  createPrisma: async (target, onConnectionError) => new PrismaClient({ adapter: await createPgAdapter(target, 10, onConnectionError) }),
  createServer: ({ env: e, prisma, logger }) => {
    const adapter =
      e.PAYMENT_PROVIDER === 'stripe'
        ? new stripe.StripeProvider({
            secretKey: e.STRIPE_SECRET_KEY!,
            prices: env.parsePrices(e.STRIPE_PRICES),
            successUrl: e.CHECKOUT_SUCCESS_URL,
            cancelUrl: e.CHECKOUT_CANCEL_URL,
            ...(e.STRIPE_API_URL ? { apiUrl: e.STRIPE_API_URL } : {}),
          })
        : new local.LocalProvider();
    const accountClient = createClient(loadProtos().cfs.account.v1.AccountAdminService, e.ACCOUNT_ADDR);
    const grpcServer = server.createBillingServer({
      prisma,
      logger,
      provider: providers.guarded(adapter, logger),
      account: server.accountPort(accountClient, e.GRPC_DEADLINE_MS),
    });
    grpcServer.addCleanup(() => accountClient.close());
    return grpcServer;
  },
});
