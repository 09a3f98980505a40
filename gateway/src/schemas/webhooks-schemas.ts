/** The schemas of the webhook routes (api/routes/webhooks.ts). */
import { z } from 'zod';
import * as rules from '@cfs/common/rules';
import { count, EX, id, plainText, resourceId, timestamp, typed } from './blocks.ts';
import { FeedQuery } from './feed-schemas.ts';

const exampleEndpoint = {
  id: 'whep_01jd3p2a3b4c5d6e7f8g9h0j1k',
  url: 'https://example.com/hooks/content-feed',
  events: ['feed.changed'],
  description: 'Our CMS',
  enabled: true,
  status: 'enabled',
  disabledReason: null,
  createdAt: EX.created,
};
const exampleSecret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw7Nq3iD+uYy0=';
const exampleDelivery = {
  id: 'whmsg_01jd3p4b5c6d7e8f9g0h1j2k3m',
  eventType: 'webhook.test',
  status: 'succeeded',
  attempts: 1,
  lastAttemptAt: EX.updated,
  nextAttemptAt: null,
  responseStatus: 204,
  durationMs: 87,
  createdAt: EX.updated,
};

export const WebhookIdParams = z.object({ id: resourceId });
export const WebhookDeliveryParams = z.object({ id: resourceId, deliveryId: resourceId });

const events = z.enum(rules.WEBHOOK_EVENT_TYPES).meta({
  id: 'WebhookEventType',
  description:
    "feed.changed: the Site's changes feed has new changes; ai.budget.status_changed; billing.subscription.updated; webhook.test: sent by POST /api/v1/webhooks/{id}/test whatever the endpoint lists.",
});
const eventList = z
  .array(events)
  .min(1)
  .max(rules.WEBHOOK_EVENT_TYPES.length * 2);
const url = typed(rules.webhookUrl).meta({
  description:
    'Where events are POSTed: an https URL (http only where the service allows it). A literal loopback, private, link-local or unspecified address is refused with a 400; a host name is checked when connecting.',
  format: 'uri',
  maxLength: rules.WEBHOOK_URL_MAX,
});
const description = typed(rules.webhookDescription);

export const WebhookCreate = z.strictObject({ url, events: eventList, description: description.optional() }).meta({
  id: 'WebhookCreate',
  description: 'A new endpoint: its URL, the event types it receives (at least one; an unknown one is a 400) and an optional description.',
  examples: [{ url: exampleEndpoint.url, events: ['feed.changed'], description: 'Our CMS' }],
});

export const WebhookUpdate = z
  .strictObject({ url: url.optional(), events: eventList.optional(), description: description.optional(), enabled: z.boolean().optional() })
  .meta({
    id: 'WebhookUpdate',
    description:
      'Changes to an endpoint: each field sent replaces its value. enabled: true re-enables a disabled endpoint (new events are delivered again); false disables it.',
    examples: [{ enabled: true }],
  });

export const WebhookEndpoint = z
  .object({
    id,
    url: z.string().max(rules.WEBHOOK_URL_MAX).meta({ format: 'uri' }),
    events: z.array(events).max(rules.WEBHOOK_EVENT_TYPES.length),
    description: plainText(500),
    enabled: z.boolean(),
    status: z.enum(['enabled', 'disabled']),
    disabledReason: plainText(200)
      .nullable()
      .meta({ description: 'Why it is disabled (by the customer, a 410 answer, or failing for too long); null while enabled.' }),
    createdAt: timestamp,
  })
  .meta({ id: 'WebhookEndpoint', description: 'A webhook endpoint of the calling Site (its secret is never shown again).', examples: [exampleEndpoint] });

const secret = z
  .string()
  .regex(/^whsec_[A-Za-z0-9+/]{32,}={0,2}$/)
  .max(120)
  .meta({
    description: 'The signing secret: whsec_ and the base64 of 32 random bytes. Shown only in this answer.',
  });

export const WebhookCreated = WebhookEndpoint.extend({ secret }).meta({
  id: 'WebhookCreated',
  description: 'The endpoint created, with its signing secret, shown only this once.',
  examples: [{ ...exampleEndpoint, secret: exampleSecret }],
});

export const WebhookList = z
  .object({ data: z.array(WebhookEndpoint).max(1000) })
  .meta({ id: 'WebhookList', description: "The calling Site's endpoints, oldest first.", examples: [{ data: [exampleEndpoint] }] });

export const WebhookSecret = z
  .object({ secret, previousSecretExpiresAt: timestamp.meta({ description: 'Until when the previous secret also signs (24 hours).' }) })
  .meta({
    id: 'WebhookSecret',
    description: 'The new secret, shown once; both sign until previousSecretExpiresAt.',
    examples: [{ secret: exampleSecret, previousSecretExpiresAt: EX.updated }],
  });

export const WebhookDelivery = z
  .object({
    id: id.meta({ description: 'Also the webhook-id header of every attempt: receivers dedupe by it.' }),
    eventType: events,
    status: z.enum(['pending', 'succeeded', 'failed']),
    attempts: count,
    lastAttemptAt: timestamp.nullable(),
    nextAttemptAt: timestamp.nullable(),
    responseStatus: z
      .number()
      .int()
      .min(100)
      .max(599)
      .nullable()
      .meta({ description: 'The HTTP status of the last answer; null when there was none (no connection, timeout). The body is never shown.' }),
    durationMs: count.nullable(),
    createdAt: timestamp,
  })
  .meta({ id: 'WebhookDelivery', description: 'One delivery of one event to the endpoint.', examples: [exampleDelivery] });

export const WebhookDeliveriesQuery = z.object({
  limit: FeedQuery.shape.limit,
  cursor: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/)
    .optional()
    .meta({ description: 'The nextCursor of the previous page.' }),
});

export const WebhookDeliveries = z
  .object({
    data: z.array(WebhookDelivery).max(100),
    nextCursor: z
      .string()
      .max(200)
      .regex(/^[A-Za-z0-9_-]+$/)
      .nullable(),
  })
  .meta({
    id: 'WebhookDeliveries',
    description: 'Deliveries, newest first; nextCursor is null on the last page.',
    examples: [{ data: [exampleDelivery], nextCursor: null }],
  });
