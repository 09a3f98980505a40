/**
 * A Site's webhook endpoints and their deliveries as customers manage them (the public API and
 * the dashboard), and `enqueue`, the one way an event becomes deliveries
 * (services/webhooks/README.md#events). Every read and write is scoped to the Site and its
 * Customer: another Site's id is NOT_FOUND, as one that does not exist.
 */
import { conflict, DomainError, malformed, notFound } from '@cfs/common/errors';
import { parseOrRefuse, webhookDescription } from '@cfs/common/rules';
import { newId } from '@cfs/common/ids';
import { commitWithinBudget } from '@cfs/common/transactions';
import type { DeliveryEngine } from './deliveries.ts';
import type { Prisma, PrismaClient, WebhookDelivery, WebhookEndpoint } from './generated/prisma/client.ts';
import { endpointUrl, eventTypes, newSecret, PREVIOUS_SECRET_MS, type EventType, type UrlPolicy } from './webhook-rules.ts';

export type { WebhookDelivery, WebhookEndpoint };

export interface SiteRef {
  siteId: string;
  customerId: string;
}

/** An event for a Site: every enabled endpoint of the Site that lists its type gets a delivery. */
export interface WebhookEvent {
  siteId: string;
  type: EventType;
  /** Ids and positions, never a secret. */
  data: Prisma.InputJsonValue;
  /** When it happened (default: now). */
  at?: Date;
  /** Only this endpoint (webhook.test: whatever it lists). */
  endpointId?: string;
}

/** The rule the gateway applies too (@cfs/common/rules), so every caller is held to one. */
const description = (text: string): string => parseOrRefuse(webhookDescription, text, { where: 'description' });

/** Newest first by (createdAt, id): the cursor is the last row's pair. */
function encodeCursor(d: Pick<WebhookDelivery, 'createdAt' | 'id'>): string {
  return Buffer.from(`${d.createdAt.toISOString()}|${d.id}`).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at ?? '');
  if (!id || !id.startsWith('whmsg_') || Number.isNaN(createdAt.getTime())) throw malformed('cursor is not valid');
  return { createdAt, id };
}

/** A delivery row owed to one endpoint for one event of this service's own (webhook.test). */
function deliveryRow(endpointId: string, event: { type: EventType; data: Prisma.InputJsonValue; at: Date; id?: string }, createdAt: Date) {
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

export class Endpoints {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly engine: DeliveryEngine,
    private readonly policy: UrlPolicy,
    private readonly now: () => Date = () => new Date(),
  ) {}

  list(site: SiteRef): Promise<WebhookEndpoint[]> {
    return this.prisma.webhookEndpoint.findMany({
      where: { siteId: site.siteId, customerId: site.customerId },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
  }

  async get(site: SiteRef, endpointId: string): Promise<WebhookEndpoint> {
    const endpoint = await this.prisma.webhookEndpoint.findFirst({ where: { id: endpointId, siteId: site.siteId, customerId: site.customerId } });
    if (!endpoint) throw notFound('webhook endpoint');
    return endpoint;
  }

  /**
   * Creates an endpoint unless the Site already holds `maxEndpoints` (QUOTA_EXHAUSTED). The count
   * and the insert run under a lock on the Site's key, so two creations cannot both take the last place.
   */
  async create(
    site: SiteRef,
    input: { url: string; events: string[]; description: string },
    maxEndpoints: number | undefined,
  ): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
    const url = endpointUrl(input.url, this.policy);
    const events = eventTypes(input.events);
    const text = description(input.description);
    const secret = newSecret();
    const endpoint = await commitWithinBudget(
      this.prisma,
      async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`webhooks:${site.siteId}`}))`;
        if (maxEndpoints !== undefined) {
          const held = await tx.webhookEndpoint.count({ where: { siteId: site.siteId } });
          if (held >= maxEndpoints)
            throw new DomainError('QUOTA_EXHAUSTED', `The site's plan allows ${maxEndpoints} webhook endpoints at once; delete one to add another.`);
        }
        const now = this.now();
        return tx.webhookEndpoint.create({
          data: {
            id: newId('whep'),
            siteId: site.siteId,
            customerId: site.customerId,
            url,
            events,
            description: text,
            enabled: true,
            secret,
            createdAt: now,
            updatedAt: now,
          },
        });
      },
      { beforeCommit: 'webhooks.endpoint.beforeCommit' },
    );
    return { endpoint, secret };
  }

  async update(
    site: SiteRef,
    endpointId: string,
    input: { url?: string; events?: string[]; description?: string; enabled?: boolean },
  ): Promise<WebhookEndpoint> {
    const data: Prisma.WebhookEndpointUpdateInput = { updatedAt: this.now() };
    if (input.url !== undefined) data.url = endpointUrl(input.url, this.policy);
    if (input.events !== undefined) data.events = eventTypes(input.events);
    if (input.description !== undefined) data.description = description(input.description);
    if (input.enabled === true) Object.assign(data, { enabled: true, disabledReason: null, failingSince: null });
    if (input.enabled === false) Object.assign(data, { enabled: false, disabledReason: 'Disabled by the customer.' });
    await this.get(site, endpointId);
    return this.prisma.webhookEndpoint.update({ where: { id: endpointId }, data });
  }

  async remove(site: SiteRef, endpointId: string): Promise<WebhookEndpoint> {
    const endpoint = await this.get(site, endpointId);
    await this.prisma.webhookEndpoint.delete({ where: { id: endpoint.id } });
    return endpoint;
  }

  /** A new secret; the previous one signs too until `previousSecretExpiresAt`. */
  async rotate(site: SiteRef, endpointId: string): Promise<{ endpoint: WebhookEndpoint; secret: string; previousSecretExpiresAt: Date }> {
    const current = await this.get(site, endpointId);
    const now = this.now();
    const secret = newSecret();
    const previousSecretExpiresAt = new Date(now.getTime() + PREVIOUS_SECRET_MS);
    const endpoint = await this.prisma.webhookEndpoint.update({
      where: { id: current.id },
      data: { secret, previousSecret: current.secret, previousSecretExpiresAt, updatedAt: now },
    });
    return { endpoint, secret, previousSecretExpiresAt };
  }

  /** A webhook.test event for this endpoint alone. */
  async sendTest(site: SiteRef, endpointId: string): Promise<WebhookDelivery> {
    const endpoint = await this.get(site, endpointId);
    if (!endpoint.enabled) throw conflict('The endpoint is disabled; enable it first.');
    const at = this.now();
    const [delivery] = await this.enqueue({
      siteId: site.siteId,
      type: 'webhook.test',
      endpointId,
      at,
      data: { endpointId, message: 'A test event from the Content Feed Service.' },
    });
    return delivery!;
  }

  async deliveries(site: SiteRef, endpointId: string, limit: number, cursor: string): Promise<{ deliveries: WebhookDelivery[]; nextCursor: string }> {
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw malformed('limit must be an integer from 1 to 100');
    const after = cursor ? decodeCursor(cursor) : undefined;
    await this.get(site, endpointId);
    const rows = await this.prisma.webhookDelivery.findMany({
      where: {
        endpointId,
        ...(after ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] } : {}),
      },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: limit + 1,
    });
    const page = rows.slice(0, limit);
    return { deliveries: page, nextCursor: rows.length > limit ? encodeCursor(page[page.length - 1]!) : '' };
  }

  /** One more attempt of a delivery, now (a failed one becomes pending again). */
  async retry(site: SiteRef, endpointId: string, deliveryId: string): Promise<WebhookDelivery> {
    const endpoint = await this.get(site, endpointId);
    const found = await this.prisma.webhookDelivery.findFirst({ where: { id: deliveryId, endpointId: endpoint.id } });
    if (!found) throw notFound('delivery');
    if (!endpoint.enabled) throw conflict('The endpoint is disabled; enable it first.');
    const delivery = await this.prisma.webhookDelivery.update({ where: { id: found.id }, data: { status: 'pending', nextAttemptAt: this.now() } });
    await this.engine.schedule(delivery);
    return delivery;
  }

  /**
   * An event of this service's own (webhook.test): one delivery per enabled endpoint of the Site
   * that wants it (or the one named), committed, then scheduled; should scheduling fail after the
   * commit, the sweeper schedules it. Producers' events come through EventIntake.
   */
  async enqueue(event: WebhookEvent): Promise<WebhookDelivery[]> {
    const at = event.at ?? this.now();
    const endpoints = await this.prisma.webhookEndpoint.findMany({
      where: { siteId: event.siteId, enabled: true, ...(event.endpointId ? { id: event.endpointId } : { events: { has: event.type } }) },
      select: { id: true },
    });
    if (endpoints.length === 0) return [];
    const rows = endpoints.map((e) => deliveryRow(e.id, { type: event.type, data: event.data, at }, at));
    const created = await this.prisma.webhookDelivery.createManyAndReturn({ data: rows });
    await this.engine.scheduleMany(created);
    return created;
  }
}
