/**
 * A local HTTP stand-in for the Stripe endpoints the stripe adapter uses (checkout sessions create
 * and retrieve, subscription cancel), so the official `stripe` package is exercised for real.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandIn {
  url: string;
  sessions: Map<string, { id: string; status: 'open' | 'complete' | 'expired'; subscription: string | null; form: URLSearchParams }>;
  canceled: string[];
  /** The next requests answer these statuses (e.g. 503, 400), one each. */
  failNext: (status: number) => void;
  /** The next request answers only after `ms` (a slow Stripe). */
  delayNext: (ms: number) => void;
  close: () => Promise<void>;
}

export async function startStripeStandIn(): Promise<StandIn> {
  const sessions: StandIn['sessions'] = new Map();
  const canceled: string[] = [];
  const failures: number[] = [];
  const delays: number[] = [];
  let counter = 0;
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => setTimeout(answer, delays.shift() ?? 0));
    const answer = () => {
      const send = (status: number, body: unknown) => {
        if (res.destroyed) return;
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++counter}` });
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== 'Bearer sk_test_standin') return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      const status = failures.shift();
      if (status !== undefined) {
        return send(status, { error: { type: status >= 500 ? 'api_error' : 'invalid_request_error', message: 'No such price: price_missing (internal detail)' } });
      }
      const url = new URL(req.url ?? '/', 'http://stand.in');
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const form = new URLSearchParams(raw);
        const id = `cs_test_${++counter}`;
        sessions.set(id, { id, status: 'open', subscription: null, form });
        return send(200, { id, object: 'checkout.session', url: `https://checkout.stripe.test/c/pay/${id}`, status: 'open', subscription: null });
      }
      const session = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(url.pathname);
      if (req.method === 'GET' && session) {
        const s = sessions.get(session[1]!);
        if (!s) return send(404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } });
        return send(200, { id: s.id, object: 'checkout.session', status: s.status, subscription: s.subscription, url: null });
      }
      const sub = /^\/v1\/subscriptions\/([\w-]+)$/.exec(url.pathname);
      if (req.method === 'DELETE' && sub) {
        canceled.push(sub[1]!);
        return send(200, { id: sub[1], object: 'subscription', status: 'canceled' });
      }
      send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method} ${url.pathname})` } });
    };
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sessions,
    canceled,
    failNext: (status) => {
      failures.push(status);
    },
    delayNext: (ms) => {
      delays.push(ms);
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
