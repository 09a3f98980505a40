/**
 * POST /webhooks/stripe and the security rate limit: Stripe's signed deliveries are counted apart
 * from the API, per address, in a window WEBHOOK_RATE_FACTOR times the API's (pipeline/webhooks.ts), so a
 * burst of renewals from one address is not refused at the API's limit.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '@cfs/common/logger';
import type { ServiceClients } from '../src/clients/clients.ts';
import { gatewayEnvSchema } from '../src/env.ts';
import { createGateway } from '../src/gateway.ts';
import { createMemoryStores } from '../src/stores/index.ts';
import { WEBHOOK_RATE_FACTOR } from '../src/pipeline/webhooks.ts';

let received = 0;
/** The billing service, as far as the webhook needs it: every delivery is accepted. */
const fakeBilling = {
  ReceiveStripeEvent(_req: unknown, _md: unknown, _opts: unknown, cb: (err: unknown, res?: unknown) => void) {
    received += 1;
    cb(null, { eventId: `evt_${received}`, eventType: 'invoice.paid', processed: true });
  },
};

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function start(env: Record<string, string> = {}): Promise<string> {
  const app = createGateway({
    env: gatewayEnvSchema.parse({ CURSOR_SECRET: 'x'.repeat(32), ...env }),
    clients: { identity: {}, account: {}, feed: {}, billing: fakeBilling, seo: {}, media: {} } as unknown as ServiceClients,
    logger: createLogger('test', { level: 'silent' }),
    stores: createMemoryStores(),
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server!.once('listening', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** `n` deliveries from this one address, `parallel` at a time: the statuses answered. */
async function burst(base: string, n: number, parallel = 25): Promise<number[]> {
  const statuses: number[] = [];
  let sent = 0;
  const worker = async () => {
    while (sent < n) {
      sent += 1;
      const res = await fetch(`${base}/webhooks/stripe`, {
        method: 'POST',
        headers: { 'stripe-signature': `t=1,v1=${'0'.repeat(64)}`, 'content-type': 'application/json' },
        body: '{"id":"evt"}',
      });
      await res.arrayBuffer();
      statuses.push(res.status);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return statuses;
}

describe('Stripe webhooks and the security rate limit', () => {
  it('a burst of more signed deliveries than the API allows per minute (600) from one address: none is refused, and the API window is untouched', async () => {
    const base = await start();
    const statuses = await burst(base, 700);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    const api = await fetch(`${base}/docs/public.json`);
    expect(api.headers.get('ratelimit-remaining')).toBe('599');
  });

  it('has a per-address window of its own, WEBHOOK_RATE_FACTOR times the API limit', async () => {
    const base = await start({ RATE_LIMIT_PER_MINUTE: '2' });
    const statuses = await burst(base, 2 * WEBHOOK_RATE_FACTOR + 1, 1);
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
