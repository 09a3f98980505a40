/** The billing gRPC server: protocol mapping only. */
import { GrpcServer, implement, type RpcName } from '@cfs/common/grpc';
import type { CallerPolicy, ServiceCallers } from '@cfs/common/service-auth';
import type { Logger } from '@cfs/common/logger';
import { prismaReadiness } from '@cfs/common/service';
import { loadProtos } from '@cfs/protos';
import type { BillingServiceHandlers } from '@cfs/protos/generated/cfs/billing/v1/BillingService.js';
import type { BillingSubscription as SubscriptionMessage } from '@cfs/protos/generated/cfs/billing/v1/BillingSubscription.js';
import { DomainError } from '@cfs/common/errors';
import type { Billing, BillingSubscription } from './billing.ts';
import type { PrismaClient } from './generated/prisma/client.ts';
import type { SubscriptionLifecycle } from './lifecycle.ts';
import type { StripeWebhooks } from './providers/stripe-events.ts';

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
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    ...(s.pastDueSince ? { pastDueSince: s.pastDueSince.toISOString() } : {}),
  };
}

/** Who may call each RPC (service-auth.ts). */
export const BILLING_CALLERS: CallerPolicy<RpcName<BillingServiceHandlers>> = {
  StartCheckout: ['gateway', 'dashboard'],
  GetSubscription: ['gateway', 'dashboard'],
  CancelSubscription: ['gateway', 'dashboard'],
  ReceiveStripeEvent: ['gateway'],
};

/** Without a payment provider every billing call is 503 with this message, and nothing is granted. */
export const BILLING_NOT_CONFIGURED = 'Billing is not configured on this deployment.';

export interface BillingServerDeps {
  prisma: PrismaClient;
  logger: Logger;
  callers: ServiceCallers;
  /** Null when no payment provider is configured. */
  billing: Billing | null;
  /** Null unless the provider is Stripe with a webhook secret. */
  stripeEvents: { webhooks: StripeWebhooks; lifecycle: SubscriptionLifecycle } | null;
}

export function createBillingServer(deps: BillingServerDeps): GrpcServer {
  const configured = (): Billing => {
    if (!deps.billing) throw new DomainError('SERVICE_UNAVAILABLE', BILLING_NOT_CONFIGURED);
    return deps.billing;
  };
  const handlers = implement<BillingServiceHandlers>(deps.logger, {
    StartCheckout: async (req) => {
      const { checkoutUrl, subscription } = await configured().startCheckout(req.siteId, req.customerId, req.plan);
      return { checkoutUrl, subscription: toSubscriptionMessage(subscription) };
    },
    GetSubscription: async (req) => ({ subscription: toSubscriptionMessage(await configured().getSubscription(req.siteId)) }),
    CancelSubscription: async (req) => ({ subscription: toSubscriptionMessage(await configured().cancel(req.siteId, { atPeriodEnd: req.atPeriodEnd })) }),
    ReceiveStripeEvent: async (req) => {
      if (!deps.stripeEvents) throw new DomainError('SERVICE_UNAVAILABLE', 'Stripe webhooks are not configured on this deployment.');
      const received = deps.stripeEvents.webhooks.receive(Buffer.from(req.payload), req.signature);
      const { processed } = await deps.stripeEvents.lifecycle.receive(received);
      return { eventId: received.id, eventType: received.type, processed };
    },
  });
  return new GrpcServer({
    logger: deps.logger,
    callers: deps.callers,
    readiness: prismaReadiness(deps.prisma),
    services: [
      {
        name: 'cfs.billing.v1.BillingService',
        definition: loadProtos().cfs.billing.v1.BillingService.service,
        implementation: handlers,
        allow: BILLING_CALLERS,
      },
    ],
  });
}
