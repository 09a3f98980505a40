/**
 * POST /webhooks/stripe: Stripe's deliveries, on the gateway's port but outside the public API (not
 * under /api/v1, absent from /docs/public.json, no Credential). They are signature-verified and come
 * in bursts (renewals at the start of a period, from few addresses), so they are not counted in the
 * API's per-address window but in one of their own, WEBHOOK_RATE_FACTOR times larger. The body is taken raw — the signature covers its exact bytes — and handed with the
 * Stripe-Signature header to the billing service, which verifies it and processes each event once
 * (services/billing/README.md#the-lifecycle, webhooks). A bad signature is 400 MALFORMED_REQUEST; a replay is 200.
 *
 * GET|POST /websub/{sourceId}: the WebSub callbacks of Sources, mounted the same way and counted in
 * the same window. GET is a hub's verification of intent: answered with the challenge as text/plain
 * when the feed service finds a pending request of that Source, mode and topic, else 404. POST is a
 * content distribution: its raw body (at most WEBSUB_BODY_LIMIT_BYTES after decompression) and
 * X-Hub-Signature go to the feed service, which imports it only when the signature matches
 * (services/feed/src/sources/websub.ts); a refusal is 400 or 404 and imports nothing.
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

export const WEBSUB_PATH = '/websub/:sourceId';

/** One value of a query or path parameter (a repeated one is not a value). */
function queryValue(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** Mounts the webhook routes, each behind `before` (their rate limit and headers), ahead of the API's rate limit. */
export function mountWebhooks(app: Express, rpcFor: (requestId: string) => Rpc, before: RequestHandler[], websubBodyLimitBytes: number): void {
  app.get(WEBSUB_PATH, ...before, async (req, res) => {
    const { challenge } = await rpcFor(requestIdOf(res))('feed', 'VerifyWebSub', {
      sourceId: queryValue(req.params.sourceId),
      mode: queryValue(req.query['hub.mode']),
      topic: queryValue(req.query['hub.topic']),
      challenge: queryValue(req.query['hub.challenge']),
      leaseSeconds: queryValue(req.query['hub.lease_seconds']),
    });
    // The recommendation asks for a safe media type: the challenge is never read as markup.
    res.status(200).type('text/plain; charset=utf-8').send(challenge);
  });
  app.post(WEBSUB_PATH, ...before, express.raw({ type: () => true, limit: websubBodyLimitBytes }), async (req, res) => {
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const counts = await rpcFor(requestIdOf(res))('feed', 'ReceiveWebSub', {
      sourceId: queryValue(req.params.sourceId),
      body,
      contentType: req.get('content-type') ?? '',
      signature: req.get('x-hub-signature') ?? '',
    });
    res.status(200).json({ received: true, ...counts });
  });
  app.post(STRIPE_WEBHOOK_PATH, ...before, express.raw({ type: () => true, limit: WEBHOOK_BODY_LIMIT_BYTES }), async (req, res) => {
    const signature = req.get('stripe-signature');
    if (!signature) throw malformed('The Stripe-Signature header is missing.');
    if (!Buffer.isBuffer(req.body) || req.body.length === 0) throw malformed('The webhook body is empty.');
    const { eventId, eventType, processed } = await rpcFor(requestIdOf(res))('billing', 'ReceiveStripeEvent', { payload: req.body, signature });
    res.status(200).json({ received: true, eventId, eventType, duplicate: !processed });
  });
}
