/**
 * The payment-provider adapter. Provider errors never reach a client: a provider that is down,
 * slow or rate-limiting is SERVICE_UNAVAILABLE (the operation rolls back, a retry is safe); any
 * other provider failure is INTERNAL_ERROR with a generic message. The failpoint
 * `billing.provider` fires before every provider call.
 */
import { DomainError } from '@cfs/common/errors';
import { currentBudget } from '@cfs/common/deadline';
import { failpoint } from '@cfs/common/failpoints';
import type { Logger } from '@cfs/common/logger';

/** The states of a billing subscription (services/billing/README.md#the-lifecycle). */
export const SUBSCRIPTION_STATES = ['pending', 'active', 'past_due', 'canceled', 'expired'] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

export interface CheckoutRequest {
  subscriptionId: string;
  siteId: string;
  customerId: string;
  plan: string;
  /** The provider's customer (createCustomer). */
  customerRef: string;
  /** The provider's price of the plan (Stripe: price_…, from the plan catalog). */
  priceId?: string;
}

export interface CheckoutStarted {
  checkoutUrl: string;
  /** The provider's checkout reference (Stripe: a Checkout Session id). */
  checkoutRef: string;
  /** Set when the provider confirmed the payment already (the local provider does): the subscription it made. */
  confirmed?: ProviderSubscription;
}

/** A subscription as the provider has it. */
export interface ProviderSubscription {
  ref: string;
  state: SubscriptionState;
  currentPeriodEnd?: Date;
  cancelAtPeriodEnd: boolean;
  /** Our subscription id, when the provider carries it (Stripe: subscription metadata). */
  subscriptionId?: string;
  /** The prices it bills (Stripe: its items' price ids), when the provider has prices. */
  priceRefs?: string[];
}

export interface ProviderCheckout {
  state: 'open' | 'complete' | 'expired';
  /** The subscription a completed checkout made. */
  subscriptionRef?: string;
}

export interface PaymentProvider {
  readonly name: 'local' | 'stripe';
  /**
   * Whether the provider keeps state of its own that its calls change (Stripe): once it has answered
   * a cancel, that answer is the outcome (billing.ts). The local provider keeps nothing.
   */
  readonly remote: boolean;
  /** The provider's customer for one of our Customers (Stripe: cus_…); idempotent per Customer. */
  createCustomer(customerId: string): Promise<string>;
  startCheckout(request: CheckoutRequest): Promise<CheckoutStarted>;
  /** Closes an open checkout so that it can no longer be paid; answers the checkout's state after it. */
  expireCheckout(checkoutRef: string): Promise<ProviderCheckout>;
  checkout(checkoutRef: string): Promise<ProviderCheckout>;
  /** The subscription's current state (`known`: what billing has of it; the local provider keeps nothing else). */
  subscription(subscriptionRef: string, known?: { currentPeriodEnd: Date | null; cancelAtPeriodEnd: boolean }): Promise<ProviderSubscription>;
  /** Ends a subscription now, or at the end of its paid period. */
  cancelSubscription(subscriptionRef: string, options: { atPeriodEnd: boolean }): Promise<ProviderSubscription>;
}

/** Raised by adapters for failures where a retry is safe. */
export class ProviderUnavailable extends Error {
  override readonly name = 'ProviderUnavailable';
}

/** Wraps an adapter: failpoint first, then errors mapped to public codes (details only logged). */
export function guarded(provider: PaymentProvider, logger: Logger): PaymentProvider {
  const call = async <T>(operation: string, fn: () => Promise<T>): Promise<T> => {
    await failpoint('billing.provider');
    // No provider call is started that the call's budget cannot wait for.
    currentBudget()?.check(`the provider's ${operation}`);
    try {
      return await fn();
    } catch (err) {
      if (err instanceof DomainError) throw err;
      logger.warn({ provider: provider.name, operation, err: { name: (err as Error).name, message: (err as Error).message } }, 'payment provider failed');
      if (err instanceof ProviderUnavailable)
        throw new DomainError('SERVICE_UNAVAILABLE', 'The payment provider is temporarily unavailable. Retrying is safe.');
      throw new DomainError('INTERNAL_ERROR', 'The payment provider could not complete the request.');
    }
  };
  return {
    name: provider.name,
    remote: provider.remote,
    createCustomer: (id) => call('createCustomer', () => provider.createCustomer(id)),
    startCheckout: (r) => call('startCheckout', () => provider.startCheckout(r)),
    expireCheckout: (ref) => call('expireCheckout', () => provider.expireCheckout(ref)),
    checkout: (ref) => call('checkout', () => provider.checkout(ref)),
    subscription: (ref, known) => call('subscription', () => provider.subscription(ref, known)),
    cancelSubscription: (ref, o) => call('cancelSubscription', () => provider.cancelSubscription(ref, o)),
  };
}
