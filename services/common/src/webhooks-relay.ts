/**
 * A producer's outbox relay wired to the webhooks service (services/webhooks/README.md#events): the
 * start-up glue every producer shares. It builds the gRPC client of WebhooksService with the
 * producer's own service token, an OutboxRelay (outbox.ts) that sends through EnqueueEvents, and the
 * backlog gauges of that outbox, and gives back the relay (wake it after a commit that wrote rows)
 * and one function that stops all three.
 */
import { callUnary, createClient } from './grpc.ts';
import type { Logger } from './logger.ts';
import { observeGauges } from './metrics.ts';
import { oneEventPerRow, OutboxRelay, type OutboxRow, type RawSql, type RelayedEvent } from './outbox.ts';
import { loadProtos } from '@cfs/protos';

export interface WebhooksRelayOptions {
  /** The producing service: its name is the metrics' label and its events' id prefix. */
  producer: string;
  db: RawSql;
  schema: string;
  /** WEBHOOKS_ADDR. */
  address: string;
  /** The producer's SERVICE_TOKEN (the webhooks service admits it as a caller of EnqueueEvents). */
  serviceToken: string | undefined;
  deadlineMs: number;
  logger: Logger;
  /** Default: each row one event (oneEventPerRow). */
  toEvents?: (rows: readonly OutboxRow[]) => Promise<RelayedEvent[]>;
  /** Rare events: a round at once after a wake (default 0). */
  coalesceMs?: number;
  /** A round without a wake (rows a failed round left, another replica's): default 2 s. */
  pollMs?: number;
}

const BACKLOG_GAUGES = {
  rows: { name: 'cfs.webhook_outbox.pending', description: 'Outbox rows of webhook events not yet handed to the webhooks service, by producer' },
  oldest: { name: 'cfs.webhook_outbox.oldest_pending_seconds', description: 'Age of the oldest of them (0 when none), by producer', unit: 's' },
};

export function startWebhooksRelay(options: WebhooksRelayOptions): { relay: OutboxRelay; stop: () => Promise<void> } {
  const { producer, logger } = options;
  const client = createClient(loadProtos().cfs.webhooks.v1.WebhooksService, options.address, options.serviceToken);
  const relay = new OutboxRelay({
    db: options.db,
    schema: options.schema,
    producer,
    toEvents: options.toEvents ?? oneEventPerRow(producer),
    send: async (events) => {
      await callUnary(
        client,
        'EnqueueEvents',
        {
          events: events.map((e) => ({ id: e.id, siteId: e.siteId, type: e.type, dataJson: JSON.stringify(e.data), occurredAt: e.occurredAt.toISOString() })),
        },
        { deadlineMs: options.deadlineMs },
      );
    },
    logger,
    coalesceMs: options.coalesceMs ?? 0,
    pollMs: options.pollMs ?? 2000,
  }).start();
  const unobserve = observeGauges(BACKLOG_GAUGES, async (record) => {
    try {
      const { rows, oldestSeconds } = await relay.backlog();
      record('rows', rows, { producer });
      record('oldest', oldestSeconds, { producer });
    } catch (err) {
      logger.warn({ err: { name: (err as Error).name, message: (err as Error).message } }, 'could not read the webhook outbox backlog');
    }
  });
  return {
    relay,
    stop: async () => {
      unobserve();
      await relay.stop();
      client.close();
    },
  };
}
