/**
 * Steps 6 and 7, on plan-gated routes: the capability is in the Site's Plan (403
 * CAPABILITY_NOT_ENTITLED), and one unit of the period's quota is taken (403 QUOTA_EXHAUSTED, which
 * takes nothing). handle() gives the unit back if the request then fails.
 */
import type { RequestHandler } from 'express';
import type { Capability } from '@cfs/common/capabilities';
import type { PlanEntitlements } from '@cfs/common/entitlements';
import type { Rpc } from '../rpc.ts';
import type { SiteDirectory } from '../sites.ts';
import { stateOf } from './request-state.ts';

export function entitle(capability: Capability, deps: { sites: SiteDirectory; entitlements: PlanEntitlements; rpcFor: (requestId: string) => Rpc }): RequestHandler {
  return async (_req, res, next) => {
    const state = stateOf(res);
    const siteId = state.credential!.siteId;
    const { plan } = await deps.sites.get(siteId, deps.rpcFor(state.requestId));
    const entry = deps.entitlements.requireIncluded(plan, capability);
    state.charged = await deps.entitlements.consume(siteId, capability, entry);
    next();
  };
}
