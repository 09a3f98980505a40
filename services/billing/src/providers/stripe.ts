import Stripe from 'stripe';
import { currentBudget } from '@cfs/common/deadline';
import { ProviderUnavailable, type CheckoutRequest, type CheckoutStarted, type CheckoutStatus, type PaymentProvider } from './provider.ts';

export interface StripeOptions {
  secretKey: string;
  /** Plan id → Stripe price id. */
  prices: Record<string, string>;
  successUrl: string;
  cancelUrl: string;
  /** Another API address (a local stand-in in tests). */
  apiUrl?: string;
}

const STRIPE_TIMEOUT_MS = 4000;

/** Stripe Checkout in subscription mode, through the official `stripe` package. */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe';
  private readonly stripe: Stripe;

  constructor(private readonly options: StripeOptions) {
    const api = options.apiUrl ? new URL(options.apiUrl) : undefined;
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: 1,
      timeout: STRIPE_TIMEOUT_MS,
      telemetry: false,
      ...(api ? { host: api.hostname, port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)), protocol: api.protocol.replace(':', '') as 'http' | 'https' } : {}),
    });
  }

  /** Each call ends by the call's budget (docs/architecture.md#deadlines-and-failures), retrying only when it has time. */
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
      if (e.type === 'StripeConnectionError' || e.type === 'StripeRateLimitError' || (e.statusCode ?? 0) >= 500) throw new ProviderUnavailable('stripe unavailable', { cause: err });
      throw err;
    }
  }

  async startCheckout(request: CheckoutRequest): Promise<CheckoutStarted> {
    const price = this.options.prices[request.plan];
    if (!price) throw new Error(`no Stripe price configured for plan ${request.plan}`);
    const session = await this.run(() =>
      this.stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          line_items: [{ price, quantity: 1 }],
          client_reference_id: request.siteId,
          metadata: { siteId: request.siteId, customerId: request.customerId, plan: request.plan, subscriptionId: request.subscriptionId },
          success_url: this.options.successUrl,
          cancel_url: this.options.cancelUrl,
        },
        // Stripe's own idempotency: a retried call never opens a second session.
        { idempotencyKey: `checkout-${request.subscriptionId}`, ...this.limits() },
      ),
    );
    if (!session.url) throw new Error('Stripe returned a session without a url');
    return { checkoutUrl: session.url, reference: session.id, confirmed: false };
  }

  async checkoutStatus(reference: string): Promise<CheckoutStatus> {
    const session = await this.run(() => this.stripe.checkout.sessions.retrieve(reference, {}, this.limits()));
    if (session.status === 'complete') {
      const subscription = typeof session.subscription === 'string' ? session.subscription : session.subscription?.id;
      return { state: 'complete', ...(subscription ? { subscriptionRef: subscription } : {}) };
    }
    return { state: session.status === 'expired' ? 'expired' : 'open' };
  }

  async cancelSubscription(subscriptionRef: string): Promise<void> {
    await this.run(() => this.stripe.subscriptions.cancel(subscriptionRef, {}, this.limits()));
  }
}
