/**
 * A local stand-in for the Stripe API endpoints billing calls (customers, Checkout Sessions create,
 * retrieve and expire, subscriptions retrieve, update and cancel), so the official `stripe` package
 * is exercised for real (stripe-mock is a Go binary that cannot be installed here). Every object it
 * answers is built as the `stripe` package's own types (`satisfies` below), and it signs webhook
 * events as Stripe does (`stripe.webhooks.generateTestHeaderString`), so tests drive the whole
 * lifecycle: complete a checkout, renew, fail a payment, delete, and deliver each event.
 *
 * Exported as `@cfs/billing/testing/stripe-standin` for the system tests.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export const STANDIN_SECRET_KEY = 'sk_test_standin';
export const STANDIN_WEBHOOK_SECRET = 'whsec_standin_0123456789abcdef';

type Session = Pick<
  Stripe.Checkout.Session,
  'id' | 'object' | 'mode' | 'status' | 'url' | 'customer' | 'subscription' | 'metadata' | 'client_reference_id' | 'payment_status' | 'created' | 'expires_at'
>;
type Subscription = Pick<Stripe.Subscription, 'id' | 'object' | 'status' | 'customer' | 'cancel_at_period_end' | 'canceled_at' | 'metadata' | 'created'> & {
  items: {
    object: 'list';
    data: Array<
      Pick<Stripe.SubscriptionItem, 'id' | 'object' | 'current_period_start' | 'current_period_end'> & { price: Pick<Stripe.Price, 'id' | 'object'> }
    >;
  };
};
type Invoice = Pick<Stripe.Invoice, 'id' | 'object' | 'status' | 'customer'> & {
  parent: { type: 'subscription_details'; subscription_details: { subscription: string; metadata: Record<string, string> | null } };
  lines: { object: 'list'; data: Array<{ id: string; object: 'line_item'; period: { start: number; end: number } }> };
};

export interface StandIn {
  url: string;
  sessions: Map<string, Session & { form: URLSearchParams }>;
  subscriptions: Map<string, Subscription>;
  customers: Map<string, { id: string; object: 'customer'; metadata: Record<string, string> }>;
  /** Requests received, as "METHOD /path". */
  calls: string[];
  /** Checkout Sessions made from now on have their page on the stand-in's own address (as stripe-mock's are). */
  checkoutOnOwnAddress: () => void;
  /** Checkout Sessions made from now on have their page on a domain (as Stripe's are; the default). */
  checkoutOnDomain: () => void;
  /** The next requests answer these statuses (e.g. 503, 400), one each. */
  failNext: (status: number) => void;
  /** The next request answers only after `ms` (a slow Stripe). */
  delayNext: (ms: number) => void;
  /** The customer pays: the session completes and makes an active subscription (period of 30 days). */
  completeCheckout: (sessionId: string, now?: Date) => Subscription;
  /** Sets fields of a subscription as Stripe would (status, cancel_at_period_end, period end in s, its price). */
  updateSubscription: (
    id: string,
    change: { status?: Stripe.Subscription.Status; cancel_at_period_end?: boolean; periodEnd?: number; price?: string },
  ) => Subscription;
  /** An invoice of a subscription for its current period. */
  invoice: (subscriptionId: string, status: 'paid' | 'open') => Invoice;
  /** A signed delivery of an event about `object`: the raw body and its Stripe-Signature header. */
  event: (type: string, object: object, options?: { id?: string; created?: number; secret?: string }) => { id: string; payload: string; signature: string };
  close: () => Promise<void>;
}

const CHECKOUT_DOMAIN = 'https://checkout.stripe.test';
const nowS = (d = new Date()) => Math.floor(d.getTime() / 1000);
const DAY_S = 24 * 3600;

export async function startStripeStandIn(): Promise<StandIn> {
  const sessions: StandIn['sessions'] = new Map();
  const subscriptions: StandIn['subscriptions'] = new Map();
  const customers: StandIn['customers'] = new Map();
  const idempotent = new Map<string, unknown>();
  const calls: string[] = [];
  const failures: number[] = [];
  const delays: number[] = [];
  let counter = 0;
  let checkoutBase = CHECKOUT_DOMAIN;
  const next = (prefix: string) => `${prefix}_standin${++counter}`;
  const stripe = new Stripe(STANDIN_SECRET_KEY);

  const metadataOf = (form: URLSearchParams, prefix: string): Record<string, string> => {
    const out: Record<string, string> = {};
    for (const [k, v] of form) {
      const m = new RegExp(`^${prefix.replace(/[[\]]/g, '\\$&')}\\[(\\w+)\\]$`).exec(k);
      if (m) out[m[1]!] = v;
    }
    return out;
  };
  const subscriptionOf = (id: string, customer: string, metadata: Record<string, string>, price: string, now: Date): Subscription =>
    ({
      id,
      object: 'subscription',
      status: 'active',
      customer,
      cancel_at_period_end: false,
      canceled_at: null,
      metadata,
      created: nowS(now),
      items: {
        object: 'list',
        data: [
          {
            id: next('si'),
            object: 'subscription_item',
            current_period_start: nowS(now),
            current_period_end: nowS(now) + 30 * DAY_S,
            price: { id: price, object: 'price' },
          },
        ],
      },
    }) satisfies Subscription;

  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => setTimeout(answer, delays.shift() ?? 0));
    const answer = () => {
      const url = new URL(req.url ?? '/', 'http://stand.in');
      calls.push(`${req.method} ${url.pathname}`);
      const send = (status: number, body: unknown) => {
        if (res.destroyed) return;
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++counter}` });
        res.end(JSON.stringify(body));
      };
      const invalid = (message: string, status = 400) => send(status, { error: { type: 'invalid_request_error', message } });
      if (req.headers.authorization !== `Bearer ${STANDIN_SECRET_KEY}`) return invalid('Invalid API Key provided', 401);
      const status = failures.shift();
      if (status !== undefined) {
        return send(status, {
          error: { type: status >= 500 ? 'api_error' : 'invalid_request_error', message: 'No such price: price_missing (internal detail)' },
        });
      }
      const key = req.headers['idempotency-key'];
      const once = (make: () => unknown) => {
        const k = typeof key === 'string' ? `${url.pathname}:${key}` : undefined;
        if (k && idempotent.has(k)) return send(200, idempotent.get(k));
        const body = make();
        if (k) idempotent.set(k, body);
        return send(200, body);
      };
      const form = new URLSearchParams(raw);
      if (req.method === 'POST' && url.pathname === '/v1/customers') {
        return once(() => {
          const customer = { id: next('cus'), object: 'customer' as const, metadata: metadataOf(form, 'metadata') };
          customers.set(customer.id, customer);
          return customer;
        });
      }
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        if (!form.get('line_items[0][price]')?.startsWith('price_')) return invalid('No such price');
        return once(() => {
          const id = next('cs_test');
          const session = {
            id,
            object: 'checkout.session' as const,
            mode: 'subscription' as const,
            status: 'open' as const,
            payment_status: 'unpaid' as const,
            url: `${checkoutBase}/c/pay/${id}`,
            customer: form.get('customer'),
            subscription: null,
            metadata: metadataOf(form, 'metadata'),
            client_reference_id: form.get('client_reference_id'),
            created: nowS(),
            expires_at: nowS() + DAY_S,
          } satisfies Session;
          sessions.set(id, { ...session, form });
          return session;
        });
      }
      const sessionPath = /^\/v1\/checkout\/sessions\/([\w-]+)(\/expire)?$/.exec(url.pathname);
      if (sessionPath) {
        const s = sessions.get(sessionPath[1]!);
        if (!s) return invalid('No such checkout.session', 404);
        if (req.method === 'POST' && sessionPath[2]) {
          if (s.status !== 'open') return invalid(`Only Checkout Sessions with a status of "open" can be expired. This session has a status of "${s.status}".`);
          s.status = 'expired';
        }
        const { form: _form, ...session } = s;
        return send(200, session);
      }
      const subPath = /^\/v1\/subscriptions\/([\w-]+)$/.exec(url.pathname);
      if (subPath) {
        const sub = subscriptions.get(subPath[1]!);
        if (!sub) return invalid('No such subscription', 404);
        if (req.method === 'DELETE') {
          if (sub.status === 'canceled') return invalid('This subscription has already been canceled.');
          Object.assign(sub, { status: 'canceled', canceled_at: nowS() });
        } else if (req.method === 'POST') {
          if (form.has('cancel_at_period_end')) sub.cancel_at_period_end = form.get('cancel_at_period_end') === 'true';
        }
        return send(200, sub);
      }
      invalid(`Unrecognized request URL (${req.method} ${url.pathname})`, 404);
    };
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    checkoutOnOwnAddress: () => {
      checkoutBase = url;
    },
    checkoutOnDomain: () => {
      checkoutBase = CHECKOUT_DOMAIN;
    },
    sessions,
    subscriptions,
    customers,
    calls,
    failNext: (status) => {
      failures.push(status);
    },
    delayNext: (ms) => {
      delays.push(ms);
    },
    completeCheckout: (sessionId, now = new Date()) => {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      const sub = subscriptionOf(
        next('sub'),
        String(session.customer),
        metadataOf(session.form, 'subscription_data[metadata]'),
        session.form.get('line_items[0][price]')!,
        now,
      );
      subscriptions.set(sub.id, sub);
      Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: sub.id });
      return sub;
    },
    updateSubscription: (id, change) => {
      const sub = subscriptions.get(id)!;
      if (change.status) sub.status = change.status;
      if (change.status === 'canceled') sub.canceled_at = nowS();
      if (change.cancel_at_period_end !== undefined) sub.cancel_at_period_end = change.cancel_at_period_end;
      if (change.periodEnd) sub.items.data[0]!.current_period_end = change.periodEnd;
      if (change.price) sub.items.data[0]!.price = { id: change.price, object: 'price' };
      return sub;
    },
    invoice: (subscriptionId, status) => {
      const sub = subscriptions.get(subscriptionId)!;
      const item = sub.items.data[0]!;
      return {
        id: next('in'),
        object: 'invoice',
        status,
        customer: sub.customer,
        parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: sub.metadata } },
        lines: { object: 'list', data: [{ id: next('il'), object: 'line_item', period: { start: item.current_period_start, end: item.current_period_end } }] },
      } satisfies Invoice;
    },
    event: (type, object, options = {}) => {
      const id = options.id ?? next('evt');
      const payload = JSON.stringify({
        id,
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: options.created ?? nowS(),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
        data: { object },
      });
      const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? STANDIN_WEBHOOK_SECRET });
      return { id, payload, signature };
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
