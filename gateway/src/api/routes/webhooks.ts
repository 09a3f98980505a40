/**
 * Webhook endpoints of the calling Site and their deliveries (services/webhooks/README.md). The
 * capability's quota is the most endpoints a Site holds at once: admission checks only that the
 * plan includes webhooks (`quota: 'held'`), and the webhooks service refuses an endpoint past the
 * plan's number with QUOTA_EXHAUSTED, after every earlier check.
 */
import type { z } from 'zod';
import { planCapability } from '@cfs/common/entitlements';
import type { WebhookEventType } from '@cfs/common/rules';
import type { Delivery__Output } from '@cfs/protos/generated/cfs/webhooks/v1/Delivery.js';
import type { Endpoint__Output } from '@cfs/protos/generated/cfs/webhooks/v1/Endpoint.js';
import { defineRoute, siteOf, type AnyRoute, type Principal } from '../../pipeline/route.ts';
import {
  WebhookCreate,
  WebhookCreated,
  WebhookDeliveries,
  WebhookDeliveriesQuery,
  WebhookDelivery,
  WebhookDeliveryParams,
  WebhookEndpoint,
  WebhookIdParams,
  WebhookList,
  WebhookSecret,
  WebhookUpdate,
} from '../../schemas/webhooks-schemas.ts';

const base = { tag: 'Webhooks', auth: 'credential', scope: 'webhooks.manage', capability: 'webhooks', quota: 'held' } as const;

const ENDPOINT_NOT_FOUND = 'No endpoint with this id belongs to the calling Site.';

/** The service answers what the public shapes name (its own rules); the casts only narrow strings to those names. */
function presentEndpoint(e: Endpoint__Output | null): z.input<typeof WebhookEndpoint> {
  if (!e) throw new Error('the webhooks service answered without an endpoint');
  return {
    id: e.id,
    url: e.url,
    events: e.events as WebhookEventType[],
    description: e.description,
    enabled: e.enabled,
    status: e.status as 'enabled' | 'disabled',
    disabledReason: e.disabledReason || null,
    createdAt: e.createdAt,
  };
}

function presentDelivery(d: Delivery__Output | null): z.input<typeof WebhookDelivery> {
  if (!d) throw new Error('the webhooks service answered without a delivery');
  return {
    id: d.id,
    eventType: d.eventType as WebhookEventType,
    status: d.status as 'pending' | 'succeeded' | 'failed',
    attempts: d.attempts,
    lastAttemptAt: d.lastAttemptAt ?? null,
    nextAttemptAt: d.nextAttemptAt ?? null,
    responseStatus: d.responseStatus ?? null,
    durationMs: d.durationMs ?? null,
    createdAt: d.createdAt,
  };
}

/** The Site and its Customer, as admission read them (a capability route). */
function siteRef(principal: Principal) {
  const { site, customer } = siteOf(principal);
  return { siteId: site.id, customerId: customer.id };
}

export const webhooksRoutes = (): AnyRoute[] => [
  defineRoute({
    ...base,
    method: 'GET',
    path: '/api/v1/webhooks',
    operationId: 'listWebhooks',
    summary: 'List webhook endpoints',
    description: "The calling Site's webhook endpoints, oldest first. Secrets are never listed.",
    response: { status: 200, description: 'The endpoints.', schema: WebhookList },
    handle: async ({ principal, rpc }) => ({ data: (await rpc('webhooks', 'ListEndpoints', siteRef(principal))).endpoints.map(presentEndpoint) }),
  }),
  defineRoute({
    ...base,
    method: 'POST',
    path: '/api/v1/webhooks',
    operationId: 'createWebhook',
    summary: 'Create a webhook endpoint',
    description:
      'Adds an endpoint that receives the listed event types, signed by the Standard Webhooks scheme with the secret of this answer (shown once). ' +
      'The plan says how many endpoints a Site may hold at once; one more is 403 QUOTA_EXHAUSTED (deleting one frees its place). ' +
      'A URL that is not https (unless the service allows http), or that names a loopback, private, link-local or unspecified address literally, is a 400.',
    body: WebhookCreate,
    errors: ['QUOTA_EXHAUSTED'],
    errorNotes: { QUOTA_EXHAUSTED: 'The Site holds as many endpoints as its plan allows; delete one first.' },
    response: { status: 201, description: 'The endpoint and its secret (shown only here).', schema: WebhookCreated },
    handle: async ({ principal, rpc, body }) => {
      const quota = planCapability(siteOf(principal).plan, 'webhooks')?.quota;
      const answer = await rpc('webhooks', 'CreateEndpoint', {
        ...siteRef(principal),
        url: body.url,
        events: body.events,
        description: body.description ?? '',
        ...(quota === null || quota === undefined ? {} : { maxEndpoints: quota }),
      });
      return { ...presentEndpoint(answer.endpoint), secret: answer.secret };
    },
  }),
  defineRoute({
    ...base,
    method: 'GET',
    path: '/api/v1/webhooks/:id',
    operationId: 'getWebhook',
    summary: 'Read a webhook endpoint',
    description: "One endpoint of the calling Site; another Site's is 404, as one that does not exist.",
    params: WebhookIdParams,
    errors: ['NOT_FOUND'],
    errorNotes: { NOT_FOUND: ENDPOINT_NOT_FOUND },
    response: { status: 200, description: 'The endpoint.', schema: WebhookEndpoint },
    handle: async ({ principal, rpc, params }) =>
      presentEndpoint((await rpc('webhooks', 'GetEndpoint', { ...siteRef(principal), endpointId: params.id })).endpoint),
  }),
  defineRoute({
    ...base,
    method: 'PUT',
    path: '/api/v1/webhooks/:id',
    operationId: 'updateWebhook',
    summary: 'Change a webhook endpoint',
    description:
      'Replaces the fields sent (url, events, description, enabled). enabled: true re-enables a disabled endpoint; new events are then delivered again.',
    params: WebhookIdParams,
    body: WebhookUpdate,
    errors: ['NOT_FOUND'],
    errorNotes: { NOT_FOUND: ENDPOINT_NOT_FOUND },
    response: { status: 200, description: 'The endpoint as changed.', schema: WebhookEndpoint },
    handle: async ({ principal, rpc, params, body }) =>
      presentEndpoint(
        (
          await rpc('webhooks', 'UpdateEndpoint', {
            ...siteRef(principal),
            endpointId: params.id,
            ...(body.url === undefined ? {} : { url: body.url }),
            ...(body.events === undefined ? {} : { events: body.events, hasEvents: true }),
            ...(body.description === undefined ? {} : { description: body.description }),
            ...(body.enabled === undefined ? {} : { enabled: body.enabled }),
          })
        ).endpoint,
      ),
  }),
  defineRoute({
    ...base,
    method: 'DELETE',
    path: '/api/v1/webhooks/:id',
    operationId: 'deleteWebhook',
    summary: 'Delete a webhook endpoint',
    description: "Deletes the endpoint and its deliveries; nothing more is sent to it, and its place in the plan's quota is free at once.",
    params: WebhookIdParams,
    errors: ['NOT_FOUND'],
    errorNotes: { NOT_FOUND: ENDPOINT_NOT_FOUND },
    response: { status: 200, description: 'The endpoint as it was.', schema: WebhookEndpoint },
    handle: async ({ principal, rpc, params }) =>
      presentEndpoint((await rpc('webhooks', 'DeleteEndpoint', { ...siteRef(principal), endpointId: params.id })).endpoint),
  }),
  defineRoute({
    ...base,
    method: 'POST',
    path: '/api/v1/webhooks/:id/rotate-secret',
    operationId: 'rotateWebhookSecret',
    summary: "Rotate a webhook endpoint's secret",
    description:
      'A new signing secret, shown once. For 24 hours every delivery carries two signatures (webhook-signature: "v1,<new> v1,<old>"), so the receiver can switch at any time in between.',
    params: WebhookIdParams,
    errors: ['NOT_FOUND'],
    errorNotes: { NOT_FOUND: ENDPOINT_NOT_FOUND },
    response: { status: 200, description: 'The new secret.', schema: WebhookSecret },
    handle: async ({ principal, rpc, params }) => {
      const answer = await rpc('webhooks', 'RotateSecret', { ...siteRef(principal), endpointId: params.id });
      return { secret: answer.secret, previousSecretExpiresAt: answer.previousSecretExpiresAt };
    },
  }),
  defineRoute({
    ...base,
    method: 'POST',
    path: '/api/v1/webhooks/:id/test',
    operationId: 'testWebhook',
    summary: 'Send a test event',
    description:
      'Queues a webhook.test event for this endpoint, whatever event types it lists; the answer is the pending delivery. A disabled endpoint is a 409.',
    params: WebhookIdParams,
    errors: ['NOT_FOUND', 'CONFLICT'],
    errorNotes: { NOT_FOUND: ENDPOINT_NOT_FOUND, CONFLICT: 'The endpoint is disabled; enable it first.' },
    response: { status: 200, description: 'The delivery, pending.', schema: WebhookDelivery },
    handle: async ({ principal, rpc, params }) =>
      presentDelivery((await rpc('webhooks', 'SendTest', { ...siteRef(principal), endpointId: params.id })).delivery),
  }),
  defineRoute({
    ...base,
    method: 'GET',
    path: '/api/v1/webhooks/:id/deliveries',
    operationId: 'listWebhookDeliveries',
    summary: "List an endpoint's deliveries",
    description: "Recent deliveries, newest first, with the status and time of the last attempt (never the receiver's answer body).",
    params: WebhookIdParams,
    query: WebhookDeliveriesQuery,
    errors: ['NOT_FOUND'],
    errorNotes: { NOT_FOUND: ENDPOINT_NOT_FOUND },
    response: { status: 200, description: 'A page of deliveries.', schema: WebhookDeliveries },
    handle: async ({ principal, rpc, params, query }) => {
      const page = await rpc('webhooks', 'ListDeliveries', {
        ...siteRef(principal),
        endpointId: params.id,
        limit: query.limit ?? 20,
        cursor: query.cursor ?? '',
      });
      return { data: page.deliveries.map(presentDelivery), nextCursor: page.nextCursor || null };
    },
  }),
  defineRoute({
    ...base,
    method: 'POST',
    path: '/api/v1/webhooks/:id/deliveries/:deliveryId/retry',
    operationId: 'retryWebhookDelivery',
    summary: 'Retry a delivery',
    description: 'One more attempt of the delivery, now: the same webhook-id, signed with the current secrets. A disabled endpoint is a 409.',
    params: WebhookDeliveryParams,
    errors: ['NOT_FOUND', 'CONFLICT'],
    errorNotes: { NOT_FOUND: 'No such delivery of an endpoint of the calling Site.', CONFLICT: 'The endpoint is disabled; enable it first.' },
    response: { status: 200, description: 'The delivery, pending.', schema: WebhookDelivery },
    handle: async ({ principal, rpc, params }) =>
      presentDelivery((await rpc('webhooks', 'RetryDelivery', { ...siteRef(principal), endpointId: params.id, deliveryId: params.deliveryId })).delivery),
  }),
];
