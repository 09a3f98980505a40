import { randomBytes } from 'node:crypto';
import type { CheckoutRequest, CheckoutStarted, CheckoutStatus, PaymentProvider } from './provider.ts';

/**
 * Development and test provider: simulates a hosted checkout that the customer completes at once.
 * The subscription is active as soon as checkout returns, for one month.
 */
export class LocalProvider implements PaymentProvider {
  readonly name = 'local';

  constructor(private readonly now: () => Date = () => new Date()) {}

  async startCheckout(request: CheckoutRequest): Promise<CheckoutStarted> {
    const reference = `cs_local_${randomBytes(12).toString('hex')}`;
    const end = this.now();
    end.setUTCMonth(end.getUTCMonth() + 1);
    return {
      checkoutUrl: `https://checkout.local.invalid/pay/${reference}?plan=${encodeURIComponent(request.plan)}`,
      reference,
      confirmed: true,
      subscriptionRef: `sub_local_${request.subscriptionId}`,
      currentPeriodEnd: end,
    };
  }

  async checkoutStatus(): Promise<CheckoutStatus> {
    return { state: 'complete' };
  }

  async cancelSubscription(): Promise<void> {}
}
