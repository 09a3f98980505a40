/**
 * A producer's outbox relay wired to the webhooks service (services/webhooks/README.md#events): the
 * start-up glue every producer shares. It builds the gRPC client of WebhooksService with the
 * producer's own service token, an OutboxRelay (outbox.ts) that sends through EnqueueEvents, and the
 * backlog gauges of that outbox (read at most every 10 s), and gives back the relay (wake it after a commit that wrote rows)
 * and one function that stops all three.
 */
import { callUnary, createClient } from './grpc.ts';
import type { Logger } from './logger.ts';
import { observeGauges } from './metrics.ts';
import { oneEventPerRow, OutboxRelay, type OutboxRow, type RawSql, type RelayedEvent } from './outbox.ts';
import { loadProtos } from '@cfs/protos';

/**
 * The most Sites one ListeningSites call asks about: the webhooks service refuses more
 * (services/webhooks/src/event-intake.ts), and a relay with more candidates asks in batches of this many.
 */
export const LISTENING_SITES_MAX = 1000;

/** What a relay needs of the webhooks service: its EnqueueEvents and ListeningSites. */
export interface WebhooksIntake {
  listening(type: string, siteIds: readonly string[]): Promise<string[]>;
  enqueue(events: readonly RelayedEvent[]): Promise<void>;
}

/** How a round's rows become events and are handed over (feed's: coalesced per Site, positions kept after). */
export interface RelayedEvents {
  toEvents(rows: readonly OutboxRow[]): Promise<RelayedEvent[]>;
  send(events: readonly RelayedEvent[]): Promise<void>;
}

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
  /** Default: each row one event (oneEventPerRow), sent as it is. */
  events?: (intake: WebhooksIntake) => RelayedEvents;
  /** Rounds start at least this far apart (default 0: a round at once after a wake). */
  coalesceMs?: number;
  /** A round without a wake (rows a failed round left, another replica's): default 2 s. */
  pollMs?: number;
}

const BACKLOG_GAUGES = {
  rows: { name: 'cfs.webhook_outbox.pending', description: 'Outbox rows of webhook events not yet handed to the webhooks service, by producer' },
  oldest: { name: 'cfs.webhook_outbox.oldest_pending_seconds', description: 'Age of the oldest of them (0 when none), by producer', unit: 's' },
};
/** The backlog is read at most this often, however often it is scraped. */
const READ_BACKLOG_EVERY_MS = 10_000;

/** The webhooks service's gRPC client as a relay uses it; connects on first use (a service not up yet fails a round, tried again). */
export function webhooksIntake(options: Pick<WebhooksRelayOptions, 'address' | 'serviceToken' | 'deadlineMs'>): WebhooksIntake & { close: () => void } {
  const client = createClient(loadProtos().cfs.webhooks.v1.WebhooksService, options.address, options.serviceToken);
  const call = { deadlineMs: options.deadlineMs };
  return {
    listening: async (type, siteIds) => (await callUnary(client, 'ListeningSites', { type, siteIds: [...siteIds] }, call)).siteIds,
    enqueue: async (events) => {
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

export function startWebhooksRelay(options: WebhooksRelayOptions): { relay: OutboxRelay; stop: () => Promise<void> } {
  const { producer, logger } = options;
  const intake = webhooksIntake(options);
  const events = options.events?.(intake) ?? { toEvents: oneEventPerRow(producer), send: (batch: readonly RelayedEvent[]) => intake.enqueue(batch) };
  const relay = new OutboxRelay({
    db: options.db,
    schema: options.schema,
    producer,
    toEvents: (rows) => events.toEvents(rows),
    send: (batch) => events.send(batch),
    logger,
    coalesceMs: options.coalesceMs ?? 0,
    pollMs: options.pollMs ?? 2000,
  }).start();
  let last: { at: number; read: Promise<{ rows: number; oldestSeconds: number } | null> } | undefined;
  const backlog = () => {
    if (!last || Date.now() - last.at >= READ_BACKLOG_EVERY_MS) {
      last = {
        at: Date.now(),
        read: relay.backlog().catch((err: unknown) => {
          logger.warn({ err: { name: (err as Error).name, message: (err as Error).message } }, 'could not read the webhook outbox backlog');
          return null;
        }),
      };
    }
    return last.read;
  };
  const unobserve = observeGauges(BACKLOG_GAUGES, async (record) => {
    const read = await backlog();
    if (!read) return;
    record('rows', read.rows, { producer });
    record('oldest', read.oldestSeconds, { producer });
  });
  return {
    relay,
    stop: async () => {
      unobserve();
      await relay.stop();
      intake.close();
    },
  };
}
