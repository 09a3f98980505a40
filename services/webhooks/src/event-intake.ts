/**
 * Producers' events, as their outbox relays hand them over (EnqueueEvents,
 * services/webhooks/README.md#events): each event id is taken once (received_events), and a new
 * event becomes one delivery per enabled endpoint of its Site that lists its type, all committed
 * in one transaction before the answer, then scheduled (the sweeper covers a crash in between).
 */
import { malformed } from '@cfs/common/errors';
import { newId } from '@cfs/common/ids';
import type { DeliveryEngine } from './deliveries.ts';
import type { Prisma, PrismaClient, WebhookDelivery } from './generated/prisma/client.ts';
import type { EventType } from './webhook-rules.ts';

/** The types producers send; webhook.test is the test route's alone. */
export const PRODUCED_EVENT_TYPES: readonly EventType[] = ['feed.changed', 'ai.budget.status_changed', 'billing.subscription.updated'];
export const MAX_EVENTS_PER_CALL = 500;
export const MAX_SITES_PER_QUESTION = 1000;
/** How long an event id is remembered: far longer than a relay's claim on its outbox rows. */
export const RECEIVED_EVENT_DAYS = 7;

export interface ProducedEvent {
  id: string;
  siteId: string;
  type: string;
  /** The payload's data: a JSON object. */
  dataJson: string;
  occurredAt: string;
}

interface CheckedEvent {
  id: string;
  siteId: string;
  type: EventType;
  data: Prisma.InputJsonObject;
  at: Date;
}

function producedType(type: string): EventType {
  if (!(PRODUCED_EVENT_TYPES as readonly string[]).includes(type)) throw malformed(`type must be one of ${PRODUCED_EVENT_TYPES.join(', ')}`);
  return type as EventType;
}

function checked(e: ProducedEvent): CheckedEvent {
  if (!e.id || e.id.length > 200) throw malformed('event id must be 1 to 200 characters');
  if (!e.siteId) throw malformed('event site_id is required');
  const type = producedType(e.type);
  let data: unknown;
  try {
    data = JSON.parse(e.dataJson);
  } catch {
    throw malformed('event data_json must be JSON');
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) throw malformed('event data_json must be a JSON object');
  const at = new Date(e.occurredAt);
  if (Number.isNaN(at.getTime())) throw malformed('event occurred_at must be an RFC 3339 time');
  return { id: e.id, siteId: e.siteId, type, data: data as Prisma.InputJsonObject, at };
}

/** A delivery row owed to one endpoint for one event. */
export function deliveryRow(endpointId: string, event: { type: EventType; data: Prisma.InputJsonValue; at: Date; id?: string }, createdAt: Date) {
  return {
    id: newId('whmsg'),
    endpointId,
    eventType: event.type,
    data: event.data,
    eventAt: event.at,
    status: 'pending',
    attempts: 0,
    nextAttemptAt: createdAt,
    createdAt,
    eventId: event.id ?? null,
  } satisfies Prisma.WebhookDeliveryCreateManyInput;
}

export class EventIntake {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly engine: DeliveryEngine,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Takes the events new to this service; returns how many were new and the deliveries made. */
  async take(events: readonly ProducedEvent[]): Promise<{ accepted: number; deliveries: WebhookDelivery[] }> {
    if (events.length === 0 || events.length > MAX_EVENTS_PER_CALL) throw malformed(`events: 1 to ${MAX_EVENTS_PER_CALL}`);
    const byId = new Map(events.map((e) => [e.id, checked(e)]));
    const list = [...byId.values()];
    const createdAt = this.now();
    const result = await this.prisma.$transaction(async (tx) => {
      const fresh = await tx.receivedEvent.createManyAndReturn({
        data: list.map((e) => ({ id: e.id, siteId: e.siteId, type: e.type, createdAt })),
        skipDuplicates: true,
        select: { id: true },
      });
      const taken = fresh.map((r) => byId.get(r.id)!);
      if (taken.length === 0) return { accepted: 0, deliveries: [] as WebhookDelivery[] };
      const endpoints = await tx.webhookEndpoint.findMany({
        where: { siteId: { in: [...new Set(taken.map((e) => e.siteId))] }, enabled: true },
        select: { id: true, siteId: true, events: true },
      });
      const rows = taken.flatMap((event) =>
        endpoints.filter((ep) => ep.siteId === event.siteId && ep.events.includes(event.type)).map((ep) => deliveryRow(ep.id, event, createdAt)),
      );
      const deliveries = rows.length > 0 ? await tx.webhookDelivery.createManyAndReturn({ data: rows }) : [];
      return { accepted: taken.length, deliveries };
    });
    await this.engine.scheduleMany(result.deliveries);
    return result;
  }

  /** Of these Sites, those with an enabled endpoint that lists the type. */
  async listening(type: string, siteIds: readonly string[]): Promise<string[]> {
    const wanted = producedType(type);
    if (siteIds.length > MAX_SITES_PER_QUESTION) throw malformed(`site_ids: at most ${MAX_SITES_PER_QUESTION}`);
    if (siteIds.length === 0) return [];
    const rows = await this.prisma.webhookEndpoint.findMany({
      where: { siteId: { in: [...new Set(siteIds)] }, enabled: true, events: { has: wanted } },
      select: { siteId: true },
      distinct: ['siteId'],
    });
    return rows.map((r) => r.siteId);
  }

  /** Forgets event ids older than RECEIVED_EVENT_DAYS. */
  async prune(): Promise<number> {
    const before = new Date(this.now().getTime() - RECEIVED_EVENT_DAYS * 86_400_000);
    const { count } = await this.prisma.receivedEvent.deleteMany({ where: { createdAt: { lt: before } } });
    return count;
  }
}
