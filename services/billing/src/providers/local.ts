import { randomBytes } from 'node:crypto';
import type { CheckoutRequest, CheckoutStarted, PaymentProvider, ProviderCheckout, ProviderSubscription } from './provider.ts';

/**
 * Development provider that grants paid plans without payment: a hosted checkout the customer
 * completes at once, a subscription active for one month and renewed at its end. It runs only where
 * explicitly allowed (embedded `npm start`, or BILLING_PROVIDER=local with BILLING_ALLOW_UNPAID=true).
 */
export class LocalProvider implements PaymentProvider {
  readonly name = 'local';
  readonly remote = false;

  constructor(private readonly now: () => Date = () => new Date()) {}

  async createCustomer(customerId: string): Promise<string> {
    return `cus_local_${customerId}`;
  }

  async startCheckout(request: CheckoutRequest): Promise<CheckoutStarted> {
    const checkoutRef = `cs_local_${randomBytes(12).toString('hex')}`;
    return {
      checkoutUrl: `https://checkout.local.invalid/pay/${checkoutRef}?plan=${encodeURIComponent(request.plan)}`,
      checkoutRef,
      confirmed: { ref: `sub_local_${request.subscriptionId}`, state: 'active', currentPeriodEnd: this.oneMonthFrom(this.now()), cancelAtPeriodEnd: false },
    };
  }

  async expireCheckout(): Promise<ProviderCheckout> {
    return { state: 'expired' };
  }

  async checkout(): Promise<ProviderCheckout> {
    return { state: 'complete' };
  }

  /** A local subscription never fails to renew: past its period end, the next month begins. */
  async subscription(ref: string, known?: { currentPeriodEnd: Date | null; cancelAtPeriodEnd: boolean }): Promise<ProviderSubscription> {
    const now = this.now();
    let end = known?.currentPeriodEnd ?? this.oneMonthFrom(now);
    if (end <= now && known?.cancelAtPeriodEnd) return { ref, state: 'canceled', currentPeriodEnd: end, cancelAtPeriodEnd: true };
    while (end <= now) end = this.oneMonthFrom(end);
    return { ref, state: 'active', currentPeriodEnd: end, cancelAtPeriodEnd: known?.cancelAtPeriodEnd ?? false };
  }

  async cancelSubscription(ref: string, options: { atPeriodEnd: boolean }): Promise<ProviderSubscription> {
    return { ref, state: options.atPeriodEnd ? 'active' : 'canceled', cancelAtPeriodEnd: options.atPeriodEnd };
  }

  private oneMonthFrom(from: Date): Date {
    const end = new Date(from);
    end.setUTCMonth(end.getUTCMonth() + 1);
    return end;
  }
}
