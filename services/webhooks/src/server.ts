/** The webhooks gRPC server: protocol mapping only. */
import { GrpcServer, implement, type RpcName } from '@cfs/common/grpc';
import type { Logger } from '@cfs/common/logger';
import { prismaReadiness } from '@cfs/common/service';
import type { CallerPolicy, ServiceCallers } from '@cfs/common/service-auth';
import { loadProtos } from '@cfs/protos';
import type { Delivery } from '@cfs/protos/generated/cfs/webhooks/v1/Delivery.js';
import type { Endpoint } from '@cfs/protos/generated/cfs/webhooks/v1/Endpoint.js';
import type { WebhooksServiceHandlers } from '@cfs/protos/generated/cfs/webhooks/v1/WebhooksService.js';
import type { Endpoints, WebhookDelivery, WebhookEndpoint } from './endpoints.ts';
import type { EventIntake } from './event-intake.ts';
import type { PrismaClient } from './generated/prisma/client.ts';

export function endpointMessage(e: WebhookEndpoint): Endpoint {
  return {
    id: e.id,
    url: e.url,
    events: e.events,
    description: e.description,
    enabled: e.enabled,
    status: e.enabled ? 'enabled' : 'disabled',
    disabledReason: e.disabledReason ?? '',
    createdAt: e.createdAt.toISOString(),
  };
}

export function deliveryMessage(d: WebhookDelivery): Delivery {
  return {
    id: d.id,
    eventType: d.eventType,
    status: d.status,
    attempts: d.attempts,
    ...(d.lastAttemptAt ? { lastAttemptAt: d.lastAttemptAt.toISOString() } : {}),
    ...(d.nextAttemptAt && d.status === 'pending' ? { nextAttemptAt: d.nextAttemptAt.toISOString() } : {}),
    ...(d.responseStatus !== null ? { responseStatus: d.responseStatus } : {}),
    ...(d.durationMs !== null ? { durationMs: d.durationMs } : {}),
    createdAt: d.createdAt.toISOString(),
  };
}

/** Who may call each RPC (service-auth.ts): the customer-facing doors. */
const CUSTOMER_DOORS = ['gateway', 'dashboard'] as const;
export const WEBHOOKS_CALLERS: CallerPolicy<RpcName<WebhooksServiceHandlers>> = {
  ListEndpoints: [...CUSTOMER_DOORS],
  CreateEndpoint: [...CUSTOMER_DOORS],
  GetEndpoint: [...CUSTOMER_DOORS],
  UpdateEndpoint: [...CUSTOMER_DOORS],
  DeleteEndpoint: [...CUSTOMER_DOORS],
  RotateSecret: [...CUSTOMER_DOORS],
  SendTest: [...CUSTOMER_DOORS],
  ListDeliveries: [...CUSTOMER_DOORS],
  RetryDelivery: [...CUSTOMER_DOORS],
  // Producers, through their outbox relays (services/common/src/outbox.ts).
  EnqueueEvents: ['feed', 'media', 'billing'],
  ListeningSites: ['feed', 'media', 'billing'],
};

export function createWebhooksServer(deps: {
  prisma: PrismaClient;
  endpoints: Endpoints;
  intake: EventIntake;
  logger: Logger;
  callers: ServiceCallers;
}): GrpcServer {
  const { endpoints, intake } = deps;
  const site = (req: { siteId: string; customerId: string }) => ({ siteId: req.siteId, customerId: req.customerId });
  const handlers = implement<WebhooksServiceHandlers>(deps.logger, {
    ListEndpoints: async (req) => ({ endpoints: (await endpoints.list(site(req))).map(endpointMessage) }),
    CreateEndpoint: async (req) => {
      const { endpoint, secret } = await endpoints.create(
        site(req),
        { url: req.url, events: req.events, description: req.description },
        req.maxEndpoints ?? undefined,
      );
      return { endpoint: endpointMessage(endpoint), secret };
    },
    GetEndpoint: async (req) => ({ endpoint: endpointMessage(await endpoints.get(site(req), req.endpointId)) }),
    UpdateEndpoint: async (req) => {
      const changes = {
        ...(req.url !== undefined && req.url !== null ? { url: req.url } : {}),
        ...(req.hasEvents ? { events: req.events } : {}),
        ...(req.description !== undefined && req.description !== null ? { description: req.description } : {}),
        ...(req.enabled !== undefined && req.enabled !== null ? { enabled: req.enabled } : {}),
      };
      return { endpoint: endpointMessage(await endpoints.update(site(req), req.endpointId, changes)) };
    },
    DeleteEndpoint: async (req) => ({ endpoint: endpointMessage(await endpoints.remove(site(req), req.endpointId)) }),
    RotateSecret: async (req) => {
      const rotated = await endpoints.rotate(site(req), req.endpointId);
      return { endpoint: endpointMessage(rotated.endpoint), secret: rotated.secret, previousSecretExpiresAt: rotated.previousSecretExpiresAt.toISOString() };
    },
    SendTest: async (req) => ({ delivery: deliveryMessage(await endpoints.sendTest(site(req), req.endpointId)) }),
    ListDeliveries: async (req) => {
      const page = await endpoints.deliveries(site(req), req.endpointId, req.limit, req.cursor);
      return { deliveries: page.deliveries.map(deliveryMessage), nextCursor: page.nextCursor };
    },
    RetryDelivery: async (req) => ({ delivery: deliveryMessage(await endpoints.retry(site(req), req.endpointId, req.deliveryId)) }),
    EnqueueEvents: async (req) => {
      const taken = await intake.take(req.events);
      return { accepted: taken.accepted, deliveries: taken.deliveries };
    },
    ListeningSites: async (req) => ({ siteIds: await intake.listening(req.type, req.siteIds) }),
  });
  return new GrpcServer({
    logger: deps.logger,
    callers: deps.callers,
    readiness: prismaReadiness(deps.prisma),
    services: [
      {
        name: 'cfs.webhooks.v1.WebhooksService',
        definition: loadProtos().cfs.webhooks.v1.WebhooksService.service,
        implementation: handlers,
        allow: WEBHOOKS_CALLERS,
      },
    ],
  });
}
