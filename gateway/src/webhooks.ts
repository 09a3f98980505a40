/**
 * POST /webhooks/stripe: Stripe's deliveries, on the gateway's port but outside the public API (not
 * under /api/v1, absent from /docs/public.json, no Credential; the per-address security limit still
 * applies). The body is taken raw — the signature covers its exact bytes — and handed with the
 * Stripe-Signature header to the billing service, which verifies it and processes each event once
 * (README: Billing, webhooks). A bad signature is 400 MALFORMED_REQUEST; a replay is 200.
 */
import express, { type Express } from 'express';
import { malformed } from '@cfs/common/errors';
import type { Rpc } from './rpc.ts';
import { stateOf } from './steps/request-state.ts';

export const STRIPE_WEBHOOK_PATH = '/webhooks/stripe';
/** Stripe's event payloads are far below this. */
const WEBHOOK_BODY_LIMIT_BYTES = 512 * 1024;

export function mountWebhooks(app: Express, rpcFor: (requestId: string) => Rpc): void {
  app.post(STRIPE_WEBHOOK_PATH, express.raw({ type: () => true, limit: WEBHOOK_BODY_LIMIT_BYTES }), async (req, res) => {
    const signature = req.get('stripe-signature');
    if (!signature) throw malformed('The Stripe-Signature header is missing.');
    if (!Buffer.isBuffer(req.body) || req.body.length === 0) throw malformed('The webhook body is empty.');
    const { eventId, eventType, processed } = await rpcFor(stateOf(res).requestId)('billing', 'ReceiveStripeEvent', { payload: req.body, signature });
    res.status(200).json({ received: true, eventId, eventType, duplicate: !processed });
  });
}
