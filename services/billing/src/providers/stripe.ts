import Stripe from 'stripe';
import { currentBudget } from '@cfs/common/deadline';
import {
  ProviderUnavailable,
  type CheckoutRequest,
  type CheckoutStarted,
  type PaymentProvider,
  type ProviderCheckout,
  type ProviderSubscription,
  type SubscriptionState,
} from './provider.ts';

export interface StripeOptions {
  secretKey: string;
  successUrl: string;
  cancelUrl: string;
  /** A Stripe-compatible server instead of api.stripe.com (stripe-mock, a stand-in in tests). */
  apiUrl?: string;
}

const STRIPE_TIMEOUT_MS = 4000;

/** A Stripe subscription status → ours (services/billing/README.md#the-lifecycle). */
export function stateOfStripeStatus(status: Stripe.Subscription.Status): SubscriptionState {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
    case 'unpaid':
    case 'paused':
      return 'past_due';
    case 'canceled':
      return 'canceled';
    case 'incomplete_expired':
      return 'expired';
    default:
      return 'pending';
  }
}

/** A Stripe subscription as billing sees it; the period end is its items' (Stripe API 2025 and later). */
export function fromStripeSubscription(s: Stripe.Subscription): ProviderSubscription {
  const ends = s.items.data.map((item) => item.current_period_end).filter((n): n is number => typeof n === 'number');
  const prices = s.items.data.map((item) => item.price?.id).filter((id): id is string => typeof id === 'string');
  return {
    ref: s.id,
    state: stateOfStripeStatus(s.status),
    cancelAtPeriodEnd: s.cancel_at_period_end,
    ...(ends.length ? { currentPeriodEnd: new Date(Math.max(...ends) * 1000) } : {}),
    ...(s.metadata?.subscriptionId ? { subscriptionId: s.metadata.subscriptionId } : {}),
    ...(prices.length ? { priceRefs: prices } : {}),
  };
}

export function stripeClient(secretKey: string, apiUrl?: string): Stripe {
  const api = apiUrl ? new URL(apiUrl) : undefined;
  return new Stripe(secretKey, {
    maxNetworkRetries: 1,
    timeout: STRIPE_TIMEOUT_MS,
    telemetry: false,
    ...(api
      ? { host: api.hostname, port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)), protocol: api.protocol.replace(':', '') as 'http' | 'https' }
      : {}),
  });
}

/** Stripe Checkout in subscription mode, a Stripe Customer per Customer, through the official `stripe` package. */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe';
  readonly remote = true;

  constructor(
    private readonly stripe: Stripe,
    private readonly options: StripeOptions,
  ) {}

  /** Each call ends by the call's budget (services/common/README.md#deadlines-and-failures), retrying only when it has time. */
  private limits(): { timeout: number; maxNetworkRetries: number } {
    const budget = currentBudget();
    if (!budget) return { timeout: STRIPE_TIMEOUT_MS, maxNetworkRetries: 1 };
    const remaining = budget.remainingMs();
    return { timeout: Math.max(1, Math.min(STRIPE_TIMEOUT_MS, remaining)), maxNetworkRetries: remaining > 2 * STRIPE_TIMEOUT_MS ? 1 : 0 };
  }

  private async run<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      const e = err as { type?: string; statusCode?: number };
      if (e.type === 'StripeConnectionError' || e.type === 'StripeRateLimitError' || (e.statusCode ?? 0) >= 500)
        throw new ProviderUnavailable('stripe unavailable', { cause: err });
      throw err;
    }
  }

  async createCustomer(customerId: string): Promise<string> {
    const customer = await this.run(() =>
      this.stripe.customers.create({ metadata: { customerId } }, { idempotencyKey: `customer-${customerId}`, ...this.limits() }),
    );
    return customer.id;
  }

  async startCheckout(request: CheckoutRequest): Promise<CheckoutStarted> {
    if (!request.priceId) throw new Error(`plan ${request.plan} has no stripePriceId`);
    // Our ids travel with the session and with the subscription it makes, so every event finds its row.
    const metadata = { subscriptionId: request.subscriptionId, siteId: request.siteId, plan: request.plan };
    const session = await this.run(() =>
      this.stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          customer: request.customerRef,
          line_items: [{ price: request.priceId, quantity: 1 }],
          client_reference_id: request.subscriptionId,
          metadata,
          subscription_data: { metadata },
          success_url: this.options.successUrl,
          cancel_url: this.options.cancelUrl,
        },
        // Stripe's own idempotency: a retried call never opens a second session.
        { idempotencyKey: `checkout-${request.subscriptionId}`, ...this.limits() },
      ),
    );
    if (!session.url) throw new Error('Stripe returned a session without a url');
    return { checkoutUrl: session.url, checkoutRef: session.id };
  }

  async expireCheckout(checkoutRef: string): Promise<ProviderCheckout> {
    try {
      return this.fromSession(await this.run(() => this.stripe.checkout.sessions.expire(checkoutRef, {}, this.limits())));
    } catch (err) {
      // Only an open session can be expired: one that completed or expired meanwhile says so.
      if ((err as { type?: string }).type === 'StripeInvalidRequestError') return this.checkout(checkoutRef);
      throw err;
    }
  }

  async checkout(checkoutRef: string): Promise<ProviderCheckout> {
    return this.fromSession(await this.run(() => this.stripe.checkout.sessions.retrieve(checkoutRef, {}, this.limits())));
  }

  async subscription(subscriptionRef: string): Promise<ProviderSubscription> {
    return fromStripeSubscription(await this.run(() => this.stripe.subscriptions.retrieve(subscriptionRef, {}, this.limits())));
  }

  async cancelSubscription(subscriptionRef: string, options: { atPeriodEnd: boolean }): Promise<ProviderSubscription> {
    try {
      const s = await this.run(() =>
        options.atPeriodEnd
          ? this.stripe.subscriptions.update(subscriptionRef, { cancel_at_period_end: true }, this.limits())
          : this.stripe.subscriptions.cancel(subscriptionRef, {}, this.limits()),
      );
      return fromStripeSubscription(s);
    } catch (err) {
      // A retry after a cancel that Stripe took (a subscription already canceled): its state answers.
      if ((err as { type?: string }).type === 'StripeInvalidRequestError') return this.subscription(subscriptionRef);
      throw err;
    }
  }

  private fromSession(session: Stripe.Checkout.Session): ProviderCheckout {
    const subscription = typeof session.subscription === 'string' ? session.subscription : session.subscription?.id;
    const state = session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open';
    return { state, ...(subscription ? { subscriptionRef: subscription } : {}) };
  }
}
