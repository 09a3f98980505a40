/**
 * Step 8: the route's handler (the service call), its answer shaped by the response schema. On
 * routes that accept an Idempotency-Key the handler runs at most once per key (idempotency.ts).
 * A request that fails after its quota unit was taken gives the unit back. An answer the handler
 * returns already serialized (SerializedAnswer: checked when it was made) is sent as it is.
 */
import type { RequestHandler, Response } from 'express';
import type { PlanEntitlements } from '@cfs/common/entitlements';
import { fingerprintOf, runIdempotent } from '../idempotency.ts';
import type { FeedPageCache } from '../feed-pages.ts';
import { SerializedAnswer, type AnyRoute, type ValidationTools } from '../route.ts';
import type { Rpc } from '../rpc.ts';
import type { SiteDirectory } from '../sites.ts';
import type { IdempotencyStore } from '../stores/index.ts';
import { stateOf } from './request-state.ts';

export interface HandleDeps {
  rpcFor: (requestId: string) => Rpc;
  sites: SiteDirectory;
  entitlements: PlanEntitlements;
  idempotency: IdempotencyStore;
  tools: ValidationTools;
  feedPages: FeedPageCache;
}

function send(res: Response, status: number, answer: unknown): void {
  if (answer instanceof SerializedAnswer) res.status(status).type('json').send(answer.body);
  else res.status(status).json(answer);
}

export function handle(route: AnyRoute, deps: HandleDeps): RequestHandler {
  const execute = async (res: Response) => {
    const state = stateOf(res);
    try {
      const answer = await route.handle({
        ...state.input!,
        requestId: state.requestId,
        rpc: deps.rpcFor(state.requestId),
        sites: deps.sites,
        entitlements: deps.entitlements,
        feedPages: deps.feedPages,
        ...(state.credential ? { principal: { credential: state.credential } } : {}),
      } as never);
      return answer instanceof SerializedAnswer ? answer : route.response.schema.parse(answer);
    } catch (err) {
      if (state.charged) await deps.entitlements.refund(state.charged);
      throw err;
    }
  };
  return async (req, res) => {
    const state = stateOf(res);
    const key = route.idempotent ? req.get('idempotency-key') : undefined;
    if (key === undefined || !state.credential) {
      send(res, route.response.status, await execute(res));
      return;
    }
    const site = state.credential.siteId;
    const { params, query, body } = state.input!;
    const scope = { site, key: `${site}:${route.operationId}:${key}` };
    const answer = await runIdempotent(deps.idempotency, scope, fingerprintOf({ params, query, body }), async () => ({
      status: route.response.status,
      body: await execute(res).then((a) => (a instanceof SerializedAnswer ? a.value() : a)),
    }));
    if (answer.replayed) res.setHeader('Idempotent-Replayed', 'true');
    send(res, answer.status, answer.body);
  };
}
