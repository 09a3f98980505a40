/** The webhooks service as the feed's outbox relay calls it (EnqueueEvents, ListeningSites), over gRPC. */
import { callUnary, createClient } from '@cfs/common/grpc';
import type { RelayedEvent } from '@cfs/common/outbox';
import { loadProtos } from '@cfs/protos';
import type { WebhooksIntake } from './webhook-events.ts';

export function grpcWebhooksIntake(options: { address: string; serviceToken: string | undefined; deadlineMs: number }): WebhooksIntake & { close: () => void } {
  const { cfs } = loadProtos();
  // Connects on first use: a webhooks service that is not up yet fails a round, which is tried again.
  const client = createClient(cfs.webhooks.v1.WebhooksService, options.address, options.serviceToken);
  const call = { deadlineMs: options.deadlineMs };
  return {
    listening: async (type, siteIds) => (await callUnary(client, 'ListeningSites', { type, siteIds: [...siteIds] }, call)).siteIds,
    enqueue: async (events: readonly RelayedEvent[]) => {
      await callUnary(
        client,
        'EnqueueEvents',
        {
          events: events.map((e) => ({ id: e.id, siteId: e.siteId, type: e.type, dataJson: JSON.stringify(e.data), occurredAt: e.occurredAt.toISOString() })),
        },
        call,
      );
    },
    close: () => client.close(),
  };
}
