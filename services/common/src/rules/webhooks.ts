/** Webhook endpoints: their event types, URL and description, as the gateway and the webhooks service check them. */
import { z } from 'zod';
import { CONTROL_CHARACTER_MESSAGE, withoutControlCharacters } from './text.ts';

/** The event types an endpoint may list; webhook.test is what the test route sends. */
export const WEBHOOK_EVENT_TYPES = ['feed.changed', 'ai.budget.status_changed', 'billing.subscription.updated', 'webhook.test'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The event types of an endpoint: at least one, each known (an unknown one is a 400). */
export const webhookEvents = z
  .array(z.enum(WEBHOOK_EVENT_TYPES))
  .min(1)
  .max(WEBHOOK_EVENT_TYPES.length * 2);

export const WEBHOOK_URL_MAX = 2000;

/**
 * An endpoint's URL as a request may carry it: absolute http(s), at most WEBHOOK_URL_MAX
 * characters, no control characters. Whether http is allowed and which addresses it may name are
 * the webhooks service's settings, checked there (webhook-rules.ts endpointUrl).
 */
export const webhookUrl = z
  .string()
  .max(WEBHOOK_URL_MAX)
  .refine(withoutControlCharacters, CONTROL_CHARACTER_MESSAGE)
  .pipe(z.url({ protocol: /^https?$/ }));

/** A description of an endpoint: free text, possibly empty. */
export const webhookDescription = z.string().max(500).refine(withoutControlCharacters, CONTROL_CHARACTER_MESSAGE);
