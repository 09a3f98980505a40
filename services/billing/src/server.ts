/** The billing gRPC server: protocol mapping only. */
import { GrpcServer, implement, type RpcName } from '@cfs/common/grpc';
import type { CallerPolicy, ServiceCallers } from '@cfs/common/service-auth';
import type { Logger } from '@cfs/common/logger';
import { prismaReadiness } from '@cfs/common/service';
import { loadProtos } from '@cfs/protos';
import type { BillingServiceHandlers } from '@cfs/protos/generated/cfs/billing/v1/BillingService.js';
import type { BillingSubscription as SubscriptionMessage } from '@cfs/protos/generated/cfs/billing/v1/BillingSubscription.js';
import { Billing, type AccountPort, type BillingSubscription } from './billing.ts';
import type { PrismaClient } from './generated/prisma/client.ts';
import type { PaymentProvider } from './providers/provider.ts';

export function toSubscriptionMessage(s: BillingSubscription): SubscriptionMessage {
  return {
    id: s.id,
    siteId: s.siteId,
    plan: s.plan,
    status: s.status,
    provider: s.provider,
    createdAt: s.createdAt.toISOString(),
    ...(s.currentPeriodEnd ? { currentPeriodEnd: s.currentPeriodEnd.toISOString() } : {}),
    ...(s.canceledAt ? { canceledAt: s.canceledAt.toISOString() } : {}),
    ...(s.activatedAt ? { activatedAt: s.activatedAt.toISOString() } : {}),
  };
}

/** Who may call each RPC (service-auth.ts). */
export const BILLING_CALLERS: CallerPolicy<RpcName<BillingServiceHandlers>> = {
  StartCheckout: ['gateway'],
  GetSubscription: ['gateway'],
  CancelSubscription: ['gateway'],
};

export function createBillingServer(deps: { prisma: PrismaClient; provider: PaymentProvider; account: AccountPort; logger: Logger; callers: ServiceCallers }): GrpcServer {
  const billing = new Billing(deps.prisma, deps.provider, deps.account);
  const handlers = implement<BillingServiceHandlers>(deps.logger, {
    StartCheckout: async (req) => {
      const { checkoutUrl, subscription } = await billing.startCheckout(req.siteId, req.customerId, req.plan);
      return { checkoutUrl, subscription: toSubscriptionMessage(subscription) };
    },
    GetSubscription: async (req) => ({ subscription: toSubscriptionMessage(await billing.getSubscription(req.siteId)) }),
    CancelSubscription: async (req) => ({ subscription: toSubscriptionMessage(await billing.cancel(req.siteId)) }),
  });
  return new GrpcServer({
    logger: deps.logger,
    callers: deps.callers,
    readiness: prismaReadiness(deps.prisma),
    services: [{ name: 'cfs.billing.v1.BillingService', definition: loadProtos().cfs.billing.v1.BillingService.service, implementation: handlers, allow: BILLING_CALLERS }],
  });
}
