/**
 * Producers' events, as their outbox relays hand them over (EnqueueEvents,
 * services/webhooks/README.md#events): each event id is taken once (received_events), and a new
 * event becomes one delivery per enabled endpoint of its Site that lists its type, all committed
 * in one transaction before the answer, then scheduled (the sweeper covers a crash in between).
 */
import { malformed } from '@cfs/common/errors';
import { newId } from '@cfs/common/ids';
import type { DeliveryEngine } from './deliveries.ts';
import { qualifiedTable } from '@cfs/common/database';
import { LISTENING_SITES_MAX } from '@cfs/common/webhooks-relay';
import { Prisma, type PrismaClient } from './generated/prisma/client.ts';
import type { EventType } from './webhook-rules.ts';

/** The types producers send; webhook.test is the test route's alone. */
export const PRODUCED_EVENT_TYPES: readonly EventType[] = ['feed.changed', 'ai.budget.status_changed', 'billing.subscription.updated'];
export const MAX_EVENTS_PER_CALL = 500;
/** How long an event id is remembered: far longer than a relay's claim on its outbox rows. */
export const RECEIVED_EVENT_DAYS = 7;

/** What scheduling a delivery's first attempt needs. */
type Scheduled = { id: string; endpointId: string; attempts: number; nextAttemptAt: Date };

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

export class EventIntake {
  private readonly tables: { received: Prisma.Sql; deliveries: Prisma.Sql; endpoints: Prisma.Sql };

  constructor(
    private readonly prisma: PrismaClient,
    private readonly engine: DeliveryEngine,
    schema: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    // Qualified: on the embedded PostgreSQL every connection shares one session's search_path.
    this.tables = {
      received: Prisma.raw(qualifiedTable(schema, 'received_events')),
      deliveries: Prisma.raw(qualifiedTable(schema, 'deliveries')),
      endpoints: Prisma.raw(qualifiedTable(schema, 'endpoints')),
    };
  }

  /**
   * Takes the events new to this service; returns how many were new and how many deliveries they
   * made. Plain SQL over arrays, not Prisma's createMany: Prisma compiles and caches a query plan
   * for each number of rows, megabytes each at hundreds of rows (docs/performance.md#webhooks-2026-11-27).
   */
  async take(events: readonly ProducedEvent[]): Promise<{ accepted: number; deliveries: number }> {
    if (events.length === 0 || events.length > MAX_EVENTS_PER_CALL) throw malformed(`events: 1 to ${MAX_EVENTS_PER_CALL}`);
    const byId = new Map(events.map((e) => [e.id, checked(e)]));
    const list = [...byId.values()];
    const createdAt = this.now();
    const { received, deliveries, endpoints: endpointsTable } = this.tables;
    const result = await this.prisma.$transaction(async (tx) => {
      const fresh = await tx.$queryRaw<Array<{ id: string }>>`
        INSERT INTO ${received} (id, site_id, type, created_at)
        SELECT id, site_id, type, ${createdAt}::timestamptz
        FROM unnest(${list.map((e) => e.id)}::text[], ${list.map((e) => e.siteId)}::text[], ${list.map((e) => e.type)}::text[]) AS x(id, site_id, type)
        ON CONFLICT (id) DO NOTHING RETURNING id`;
      const taken = fresh.map((r) => byId.get(r.id)!);
      if (taken.length === 0) return { accepted: 0, scheduled: [] as Scheduled[] };
      const endpoints = await tx.$queryRaw<Array<{ id: string; site_id: string; events: string[] }>>`
        SELECT id, site_id, events FROM ${endpointsTable} WHERE site_id = ANY(${[...new Set(taken.map((e) => e.siteId))]}::text[]) AND enabled`;
      const rows = taken.flatMap((event) =>
        endpoints.filter((ep) => ep.site_id === event.siteId && ep.events.includes(event.type)).map((ep) => ({ endpointId: ep.id, event })),
      );
      if (rows.length === 0) return { accepted: taken.length, scheduled: [] as Scheduled[] };
      const ids = rows.map(() => newId('whmsg'));
      await tx.$executeRaw`
        INSERT INTO ${deliveries} (id, endpoint_id, event_type, data, event_at, status, attempts, next_attempt_at, created_at, event_id)
        SELECT id, endpoint_id, event_type, data::jsonb, event_at::timestamptz, 'pending', 0, ${createdAt}::timestamptz, ${createdAt}::timestamptz, event_id
        FROM unnest(${ids}::text[], ${rows.map((r) => r.endpointId)}::text[], ${rows.map((r) => r.event.type)}::text[],
          ${rows.map((r) => JSON.stringify(r.event.data))}::text[], ${rows.map((r) => r.event.at.toISOString())}::text[], ${rows.map((r) => r.event.id)}::text[])
          AS x(id, endpoint_id, event_type, data, event_at, event_id)`;
      const scheduled: Scheduled[] = rows.map((r, i) => ({ id: ids[i]!, endpointId: r.endpointId, attempts: 0, nextAttemptAt: createdAt }));
      return { accepted: taken.length, scheduled };
    });
    await this.engine.scheduleMany(result.scheduled);
    return { accepted: result.accepted, deliveries: result.scheduled.length };
  }

  /** Of these Sites, those with an enabled endpoint that lists the type. */
  async listening(type: string, siteIds: readonly string[]): Promise<string[]> {
    const wanted = producedType(type);
    if (siteIds.length > LISTENING_SITES_MAX) throw malformed(`site_ids: at most ${LISTENING_SITES_MAX}`);
    if (siteIds.length === 0) return [];
    const rows = await this.prisma.$queryRaw<Array<{ site_id: string }>>`
      SELECT DISTINCT site_id FROM ${this.tables.endpoints} WHERE site_id = ANY(${[...new Set(siteIds)]}::text[]) AND enabled AND ${wanted} = ANY(events)`;
    return rows.map((r) => r.site_id);
  }

  /** Forgets event ids older than RECEIVED_EVENT_DAYS. */
  async prune(): Promise<number> {
    const before = new Date(this.now().getTime() - RECEIVED_EVENT_DAYS * 86_400_000);
    const { count } = await this.prisma.receivedEvent.deleteMany({ where: { createdAt: { lt: before } } });
    return count;
  }
}
