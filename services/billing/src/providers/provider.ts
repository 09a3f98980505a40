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

export interface CheckoutRequest {
  subscriptionId: string;
  siteId: string;
  customerId: string;
  plan: string;
}

export interface CheckoutStarted {
  checkoutUrl: string;
  /** The provider's checkout reference (a session id). */
  reference: string;
  /** True when the provider confirmed the payment already (the local provider does). */
  confirmed: boolean;
  /** Once confirmed: the provider's subscription reference. */
  subscriptionRef?: string;
  currentPeriodEnd?: Date;
}

export interface CheckoutStatus {
  state: 'open' | 'complete' | 'expired';
  subscriptionRef?: string;
  currentPeriodEnd?: Date;
}

export interface PaymentProvider {
  readonly name: 'local' | 'stripe';
  startCheckout(request: CheckoutRequest): Promise<CheckoutStarted>;
  checkoutStatus(reference: string): Promise<CheckoutStatus>;
  cancelSubscription(subscriptionRef: string): Promise<void>;
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
      if (err instanceof ProviderUnavailable) throw new DomainError('SERVICE_UNAVAILABLE', 'The payment provider is temporarily unavailable. Retrying is safe.');
      throw new DomainError('INTERNAL_ERROR', 'The payment provider could not complete the request.');
    }
  };
  return {
    name: provider.name,
    startCheckout: (r) => call('startCheckout', () => provider.startCheckout(r)),
    checkoutStatus: (ref) => call('checkoutStatus', () => provider.checkoutStatus(ref)),
    cancelSubscription: (ref) => call('cancelSubscription', () => provider.cancelSubscription(ref)),
  };
}
