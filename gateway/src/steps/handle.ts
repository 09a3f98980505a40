/**
 * Step 8: the route's handler (the service call), its answer shaped by the response schema. On
 * routes that accept an Idempotency-Key the handler runs at most once per key (idempotency.ts).
 * A request that fails after its quota unit was taken gives the unit back. On a route declared
 * `conditional` (steps/conditional.ts) the answer carries its ETag, and a request whose If-None-Match
 * matches it is a 304 without a body, never charged: admission took no unit for a request with
 * If-None-Match (it checked that one is left), and it is taken here when the answer is not a 304.
 * An answer the handler returns already serialized (SerializedAnswer: checked when it was made) is
 * sent as it is.
 */
import type { Request, Response } from 'express';
import type { PlanEntitlements } from '@cfs/common/entitlements';
import type { Admitted } from '../admission.ts';
import { fingerprintOf, runIdempotent } from '../idempotency.ts';
import { SerializedAnswer, type AnyRoute } from '../route.ts';
import type { Rpc } from '../rpc.ts';
import type { IdempotencyStore } from '../stores/index.ts';
import { notModified, sendAnswer, sendNotModified } from './conditional.ts';

export interface HandleDeps {
  entitlements: PlanEntitlements;
  idempotency: IdempotencyStore;
}

/** What admission learned of the request, with the request's id and its service caller. */
export interface Checked extends Admitted {
  requestId: string;
  rpc: Rpc;
}

function send(res: Response, status: number, answer: unknown): void {
  if (answer instanceof SerializedAnswer) res.status(status).type('json').send(answer.body);
  else res.status(status).json(answer);
}

async function execute(route: AnyRoute, checked: Checked, deps: HandleDeps): Promise<unknown> {
  try {
    const answer = await route.handle({
      ...checked.input,
      requestId: checked.requestId,
      rpc: checked.rpc,
      ...(checked.credential ? { principal: { credential: checked.credential } } : {}),
    } as never);
    if (answer instanceof SerializedAnswer) return answer;
    // A conditional route's answer is encoded here, once: its ETag is a hash of these bytes.
    return route.conditional ? SerializedAnswer.of(route.response.schema, answer as never) : route.response.schema.parse(answer);
  } catch (err) {
    if (checked.charged) await deps.entitlements.refund(checked.charged);
    throw err;
  }
}

export async function handle(route: AnyRoute, req: Request, res: Response, checked: Checked, deps: HandleDeps): Promise<void> {
  if (route.conditional) {
    const answer = (await execute(route, checked, deps)) as SerializedAnswer;
    if (notModified(req, answer)) return sendNotModified(res, answer);
    const { due } = checked;
    // 403 QUOTA_EXHAUSTED (taking nothing) if the period's last unit went since admission checked it.
    if (due) await deps.entitlements.consume(due.siteId, due.capability, due.entry);
    return sendAnswer(res, route.response.status, answer);
  }
  const key = route.idempotent ? req.get('idempotency-key') : undefined;
  if (key === undefined || !checked.credential) {
    send(res, route.response.status, await execute(route, checked, deps));
    return;
  }
  const site = checked.credential.siteId;
  const { params, query, body } = checked.input;
  const scope = { site, key: `${site}:${route.operationId}:${key}` };
  const answer = await runIdempotent(deps.idempotency, scope, fingerprintOf({ params, query, body }), async () => ({
    status: route.response.status,
    body: await execute(route, checked, deps).then((a) => (a instanceof SerializedAnswer ? a.value() : a)),
  }));
  if (answer.replayed) res.setHeader('Idempotent-Replayed', 'true');
  send(res, answer.status, answer.body);
}
