/**
 * Step 8: the route's handler (the service call), its answer shaped by the response schema. On
 * routes that accept an Idempotency-Key the handler runs at most once per key (pipeline/idempotency.ts).
 * A request that fails after its quota unit was taken gives the unit back. On a route declared
 * `conditional` (pipeline/steps/conditional.ts) the answer carries its ETag, and a request whose If-None-Match
 * matches it is a 304 without a body, never charged: admission took no unit for a request with
 * If-None-Match (it checked that one is left), and it is taken here when the answer is not a 304.
 * An answer the handler returns already serialized (SerializedAnswer: checked when it was made) is
 * sent as it is.
 */
import type { Request, Response } from 'express';
import type { Capability } from '@cfs/common/capabilities';
import type { PlanCapability, PlanEntitlements, QuotaCounter } from '@cfs/common/entitlements';
import { DomainError } from '@cfs/common/errors';
import { fingerprintOf, runIdempotent } from '../idempotency.ts';
import type { AnyRoute } from '../route.ts';
import { SerializedAnswer } from '../../schemas/serialized-answer.ts';
import type { Rpc } from '../../clients/rpc.ts';
import type { Credential } from '../../caches/authenticator.ts';
import type { SiteContext } from '../../caches/sites.ts';
import type { IdempotencyStore } from '../../stores/index.ts';
import { notModified, sendAnswer, sendNotModified } from './conditional.ts';
import type { ValidInput } from './validate.ts';

export interface HandleDeps {
  entitlements: PlanEntitlements;
  idempotency: IdempotencyStore;
}

/** What admission (../admission.ts) learned of a request, handed to this step: nothing it read is read again past it. */
export interface Admitted {
  /** The request's id (X-Request-Id), for its service calls and log lines. */
  requestId: string;
  input: ValidInput;
  /** Set on routes that take a Credential. */
  credential?: Credential;
  /** The Credential's Site with its Customer and Plan, set on routes with a capability (step 6 read it). */
  site?: SiteContext;
  /** The quota unit taken, on plan-gated routes: given back if the request then fails. */
  charged?: QuotaCounter;
  /** On a conditional request instead: the unit found left, not taken; step 8 takes it unless it answers 304. */
  due?: Due;
}

/** A quota unit still to take: a Site's capability, under its Plan's entry. */
export interface Due {
  siteId: string;
  capability: Capability;
  entry: PlanCapability;
}

/** What admission learned of the request, with its service caller. */
export interface Checked extends Admitted {
  rpc: Rpc;
}

function send(res: Response, status: number, answer: unknown): void {
  if (answer instanceof SerializedAnswer) res.status(status).type('json').send(answer.body);
  else res.status(status).json(answer);
}

/**
 * The message of a 500 on a write route that failed after its service calls answered (its answer
 * could not be formed, e.g. it failed its own schema): the change may have been made, so the client
 * is not told, as INTERNAL_ERROR's usual message does, that retrying is safe.
 */
export const MAY_HAVE_CHANGED_MESSAGE = 'An internal error occurred after the request may have been carried out. Read the current state before retrying.';

/** The request's service caller, noting whether every call it made has answered and the last one succeeded. */
function watchedRpc(rpc: Rpc): { rpc: Rpc; answeredLast: () => boolean } {
  let running = 0;
  let lastSucceeded = false;
  const watched: Rpc = async (service, method, request) => {
    running += 1;
    try {
      const answer = await rpc(service, method, request);
      lastSucceeded = true;
      return answer;
    } catch (err) {
      lastSucceeded = false;
      throw err;
    } finally {
      running -= 1;
    }
  };
  return { rpc: watched, answeredLast: () => running === 0 && lastSucceeded };
}

/** A failure the gateway made itself (not a service's or the handler's deliberate answer). */
const unexpected = (err: unknown) => !(err instanceof DomainError) || err.code === 'INTERNAL_ERROR';

async function execute(route: AnyRoute, checked: Checked, deps: HandleDeps): Promise<unknown> {
  const { rpc, answeredLast } = watchedRpc(checked.rpc);
  try {
    const answer = await route.handle({
      ...checked.input,
      requestId: checked.requestId,
      rpc,
      ...(checked.credential ? { principal: { credential: checked.credential, ...(checked.site ? { site: checked.site } : {}) } } : {}),
    } as never);
    if (answer instanceof SerializedAnswer) return answer;
    // A conditional route's answer is encoded here, once: its ETag is a hash of these bytes.
    return route.conditional ? SerializedAnswer.of(route.response.schema, answer as never) : route.response.schema.parse(answer);
  } catch (err) {
    if (checked.charged) await deps.entitlements.refund(checked.charged);
    // A write whose service calls all answered failed while its answer was formed: it happened.
    if (route.method !== 'GET' && answeredLast() && unexpected(err)) throw new DomainError('INTERNAL_ERROR', MAY_HAVE_CHANGED_MESSAGE, { cause: err });
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
