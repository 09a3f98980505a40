/**
 * POST /webhooks/stripe: Stripe's deliveries, on the gateway's port but outside the public API (not
 * under /api/v1, absent from /docs/public.json, no Credential). They are signature-verified and come
 * in bursts (renewals at the start of a period, from few addresses), so they are not counted in the
 * API's per-address window but in one of their own, WEBHOOK_RATE_FACTOR times larger. The body is taken raw — the signature covers its exact bytes — and handed with the
 * Stripe-Signature header to the billing service, which verifies it and processes each event once
 * (services/billing/README.md#the-lifecycle, webhooks). A bad signature is 400 MALFORMED_REQUEST; a replay is 200.
 */
import express, { type Express, type RequestHandler } from 'express';
import { malformed } from '@cfs/common/errors';
import type { Rpc } from '../clients/rpc.ts';
import { RateLimiter, type RateLimitDeps } from './steps/rate-limit.ts';
import { requestIdOf } from './steps/request-id.ts';

export const STRIPE_WEBHOOK_PATH = '/webhooks/stripe';
/** Stripe's event payloads are far below this. */
const WEBHOOK_BODY_LIMIT_BYTES = 512 * 1024;

/** How much larger the webhooks' per-address window is than the API's (RATE_LIMIT_PER_MINUTE). */
export const WEBHOOK_RATE_FACTOR = 20;

/** The webhooks' own security limit: the API's, WEBHOOK_RATE_FACTOR times larger, in buckets of their own. */
export function webhookRateLimit(deps: Pick<RateLimitDeps, 'limit' | 'store' | 'authenticator' | 'logger'>): RequestHandler {
  const store = { hit: (...[bucket, ...rest]: Parameters<RateLimitDeps['store']['hit']>) => deps.store.hit(`webhook:${bucket}`, ...rest) };
  return new RateLimiter({ ...deps, limit: deps.limit * WEBHOOK_RATE_FACTOR, store }).step();
}

/** Mounts the webhook routes, each behind `before` (their rate limit and headers), ahead of the API's rate limit. */
export function mountWebhooks(app: Express, rpcFor: (requestId: string) => Rpc, before: RequestHandler[]): void {
  app.post(STRIPE_WEBHOOK_PATH, ...before, express.raw({ type: () => true, limit: WEBHOOK_BODY_LIMIT_BYTES }), async (req, res) => {
    const signature = req.get('stripe-signature');
    if (!signature) throw malformed('The Stripe-Signature header is missing.');
    if (!Buffer.isBuffer(req.body) || req.body.length === 0) throw malformed('The webhook body is empty.');
    const { eventId, eventType, processed } = await rpcFor(requestIdOf(res))('billing', 'ReceiveStripeEvent', { payload: req.body, signature });
    res.status(200).json({ received: true, eventId, eventType, duplicate: !processed });
  });
}
