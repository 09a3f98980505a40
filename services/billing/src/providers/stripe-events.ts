/**
 * Stripe webhook deliveries → billing events. The raw body is verified against the
 * Stripe-Signature header with the endpoint's secret (the `stripe` package's constructEvent, with
 * its default 5-minute tolerance against replays of old deliveries); anything that does not verify
 * is MALFORMED_REQUEST and nothing changes. Six event types are handled; any other is ignored.
 */
import type Stripe from 'stripe';
import { malformed } from '@cfs/common/errors';
import type { ProviderSubscription } from './provider.ts';
import { fromStripeSubscription } from './stripe.ts';

export type BillingEvent =
  | { kind: 'checkout.completed'; checkoutRef: string; subscriptionId?: string; subscriptionRef?: string }
  | { kind: 'checkout.expired'; checkoutRef: string; subscriptionId?: string }
  | { kind: 'subscription.changed'; subscription: ProviderSubscription }
  | { kind: 'invoice.paid'; subscriptionRef: string; periodEnd?: Date }
  | { kind: 'invoice.payment_failed'; subscriptionRef: string }
  | { kind: 'ignored' };

export interface ReceivedEvent {
  id: string;
  type: string;
  /** When the provider created the event (orders deliveries that arrive out of order). */
  createdAt: Date;
  event: BillingEvent;
}

function idOf(value: string | { id: string } | null | undefined): string | undefined {
  return typeof value === 'string' ? value : (value?.id ?? undefined);
}

function invoiceSubscription(invoice: Stripe.Invoice): string | undefined {
  // Since API 2025-03-31 the subscription is under parent.subscription_details; before, on the invoice.
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
  return idOf(invoice.parent?.subscription_details?.subscription) ?? idOf(legacy);
}

export function toBillingEvent(event: Stripe.Event): BillingEvent {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      if (session.mode !== 'subscription') return { kind: 'ignored' };
      const subscriptionRef = idOf(session.subscription);
      return {
        kind: 'checkout.completed',
        checkoutRef: session.id,
        ...(session.metadata?.subscriptionId ? { subscriptionId: session.metadata.subscriptionId } : {}),
        ...(subscriptionRef ? { subscriptionRef } : {}),
      };
    }
    case 'checkout.session.expired': {
      const session = event.data.object;
      return {
        kind: 'checkout.expired',
        checkoutRef: session.id,
        ...(session.metadata?.subscriptionId ? { subscriptionId: session.metadata.subscriptionId } : {}),
      };
    }
    case 'customer.subscription.updated':
      return { kind: 'subscription.changed', subscription: fromStripeSubscription(event.data.object) };
    case 'customer.subscription.deleted':
      return { kind: 'subscription.changed', subscription: { ...fromStripeSubscription(event.data.object), state: 'canceled' } };
    case 'invoice.paid': {
      const invoice = event.data.object;
      const subscriptionRef = invoiceSubscription(invoice);
      if (!subscriptionRef) return { kind: 'ignored' };
      const ends = invoice.lines.data.map((line) => line.period.end);
      return { kind: 'invoice.paid', subscriptionRef, ...(ends.length ? { periodEnd: new Date(Math.max(...ends) * 1000) } : {}) };
    }
    case 'invoice.payment_failed': {
      const subscriptionRef = invoiceSubscription(event.data.object);
      return subscriptionRef ? { kind: 'invoice.payment_failed', subscriptionRef } : { kind: 'ignored' };
    }
    default:
      return { kind: 'ignored' };
  }
}

export class StripeWebhooks {
  constructor(
    private readonly stripe: Stripe,
    private readonly webhookSecret: string,
  ) {}

  /** The verified event, or MALFORMED_REQUEST (a missing, bad or stale signature, or a body that is not an event). */
  receive(payload: Buffer, signature: string): ReceivedEvent {
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(payload, signature, this.webhookSecret);
    } catch {
      throw malformed('The Stripe-Signature header does not verify for this body.');
    }
    return { id: event.id, type: event.type, createdAt: new Date(event.created * 1000), event: toBillingEvent(event) };
  }
}
