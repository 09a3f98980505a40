/**
 * POST /webhooks/stripe and the security rate limit: Stripe's signed deliveries are counted apart
 * from the API, per address, in a window WEBHOOK_RATE_FACTOR times the API's (pipeline/webhooks.ts), so a
 * burst of renewals from one address is not refused at the API's limit. GET|POST /websub/{sourceId}:
 * what the gateway hands the feed service, and the body bound it keeps itself.
 */
import { gzipSync } from 'node:zlib';
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

/** The feed service, as far as the WebSub callbacks need it: records what it is handed. */
const feedCalls: Array<{ method: string; req: Record<string, unknown> }> = [];
const fakeFeed = {
  VerifyWebSub(req: Record<string, unknown>, _md: unknown, _opts: unknown, cb: (err: unknown, res?: unknown) => void) {
    feedCalls.push({ method: 'VerifyWebSub', req });
    cb(null, { challenge: req.challenge });
  },
  ReceiveWebSub(req: Record<string, unknown>, _md: unknown, _opts: unknown, cb: (err: unknown, res?: unknown) => void) {
    feedCalls.push({ method: 'ReceiveWebSub', req });
    cb(null, { created: 1, updated: 0, unchanged: 0, rejected: 0 });
  },
};

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function start(env: Record<string, string> = {}): Promise<string> {
  const app = createGateway({
    env: gatewayEnvSchema.parse({ CURSOR_SECRET: 'x'.repeat(32), ...env }),
    clients: { identity: {}, account: {}, feed: fakeFeed, billing: fakeBilling, seo: {}, media: {} } as unknown as ServiceClients,
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

describe('WebSub callbacks', () => {
  it("GET hands the hub's parameters to the feed service and answers the challenge as text/plain", async () => {
    const base = await start();
    feedCalls.length = 0;
    const res = await fetch(
      `${base}/websub/src_0123456789abcdef0123?hub.mode=subscribe&hub.topic=https%3A%2F%2Fpub.example%2Ffeed&hub.challenge=c-1.2&hub.lease_seconds=86400`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await res.text()).toBe('c-1.2');
    expect(feedCalls).toEqual([
      {
        method: 'VerifyWebSub',
        req: expect.objectContaining({
          sourceId: 'src_0123456789abcdef0123',
          mode: 'subscribe',
          topic: 'https://pub.example/feed',
          challenge: 'c-1.2',
          leaseSeconds: '86400',
        }),
      },
    ]);
  });

  it('POST hands the raw body, its Content-Type and X-Hub-Signature on; a body over WEBSUB_BODY_LIMIT_BYTES, even compressed, is 400 without a call', async () => {
    const base = await start({ WEBSUB_BODY_LIMIT_BYTES: '1000' });
    feedCalls.length = 0;
    const body = '<rss version="2.0"><channel><title>é</title></channel></rss>';
    const ok = await fetch(`${base}/websub/src_0123456789abcdef0123`, {
      method: 'POST',
      headers: { 'content-type': 'application/rss+xml; charset=utf-8', 'x-hub-signature': 'sha256=00' },
      body,
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ received: true, created: 1, updated: 0, unchanged: 0, rejected: 0 });
    expect(feedCalls).toHaveLength(1);
    expect(Buffer.from(feedCalls[0]!.req.body as Uint8Array).toString('utf8')).toBe(body);
    expect(feedCalls[0]!.req).toMatchObject({ contentType: 'application/rss+xml; charset=utf-8', signature: 'sha256=00' });

    for (const [headers, payload] of [
      [{ 'content-type': 'application/rss+xml' }, 'x'.repeat(1001)],
      [{ 'content-type': 'application/rss+xml', 'content-encoding': 'gzip' }, gzipSync(Buffer.alloc(100_000))],
    ] as const) {
      const refused = await fetch(`${base}/websub/src_0123456789abcdef0123`, { method: 'POST', headers, body: payload });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ error: { code: 'MALFORMED_REQUEST', message: 'The request body is too large.' } });
    }
    expect(feedCalls).toHaveLength(1);
  });
});
